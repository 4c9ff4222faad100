/**
 * Heading ids of a VitePress site that makes them with its own `markdown.anchor.slugify` (markdown-it-anchor's
 * option, which VitePress passes on: src/node/markdown/markdown.ts), e.g. one that keeps case so that `#attachTo`
 * reaches `## attachTo`. docgen makes VitePress' default ids (`markdown.headingIds: 'vitepress'`); where the site's
 * differ, the heading gets its id written as `{#id}`, so the page's anchors and the links to them resolve as on the
 * original site.
 */
import type { Heading, Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { frontmatter } from 'micromark-extension-frontmatter';
import { createSlugger } from '../markdown/rehype-heading-slugs.js';

/** An id docgen's `{#id}` reads: no whitespace, no braces. */
const WRITABLE_ID = /^[^\s{}]+$/;

/**
 * The page with `{#id}` after each ATX heading whose id by the site's `slugify` differs from VitePress' default one
 * (a heading with its own `{#id}` or closing `#`s is left as written).
 * @param slugify the site's `markdown.anchor.slugify`: heading text -> id; a heading it throws on is left as written
 * @returns the page's new text (the input itself when no heading changes)
 */
export function siteHeadingIds(text: string, slugify: (text: string) => string): string {
  const tree = fromMarkdown(text, {
    extensions: [frontmatter(['yaml'])],
    mdastExtensions: [frontmatterFromMarkdown(['yaml'])],
  });
  const headings: Heading[] = [];
  const collect = (node: Nodes) => {
    if (node.type === 'heading') headings.push(node);
    else if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(tree);
  // markdown-it-anchor's uniqueSlug: a repeated id gets `-1`, `-2`, …; explicit `{#id}`s count as taken.
  const taken = new Set<string>();
  const unique = (slug: string) => {
    let id = slug;
    for (let n = 1; taken.has(id); n++) id = `${slug}-${n}`;
    taken.add(id);
    return id;
  };
  const docgen = createSlugger('vitepress');
  const inserts: { offset: number; id: string }[] = [];
  for (const heading of headings) {
    const start = heading.position?.start.offset;
    const end = heading.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const source = text.slice(start, end);
    const explicit = /\{#([^}\s]+)\}\s*$/.exec(source)?.[1];
    if (explicit) {
      taken.add(explicit);
      continue;
    }
    // As VitePress gives it: `## title <Badge />` is 'title ', its space kept.
    const words = tokensText(heading);
    const ours = docgen.slug(words.trim());
    let id: string;
    try {
      id = unique(slugify(words));
    } catch {
      continue;
    }
    const atx = /^#/.test(source) && !/#\s*$/.test(source);
    if (atx && id !== ours && WRITABLE_ID.test(id)) inserts.push({ offset: start + source.trimEnd().length, id });
  }
  let out = text;
  for (const { offset, id } of inserts.reverse()) out = `${out.slice(0, offset)} {#${id}}${out.slice(offset)}`;
  return out;
}

/**
 * A heading's text as VitePress gives it to `slugify` (its markdown-it-anchor `getTokensText`: the tokens' content
 * without inline HTML): text and code as written, an image's alt text.
 */
function tokensText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  if ('children' in node) return node.children.map(tokensText).join('');
  return '';
}
