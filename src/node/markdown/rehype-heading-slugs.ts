/**
 * Heading ids: GitHub-style slugs that keep Japanese (`## デバイス ID の発行` -> `デバイス-id-の発行`), or VitePress'
 * (`markdown.headingIds: 'vitepress'`: `build.target` -> `build-target`), unique per page. Also records every `id` in
 * the page so the link checker can resolve anchors.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { textWithoutBadges } from './badge.js';
import type { VFile } from 'vfile';
import { walk } from './walk.js';
import { reportByPolicy, type MarkdownContext } from './context.js';
import { isComponentOutput } from './html-allow-list.js';

const HEADING = /^h[1-6]$/;

/**
 * The hast property by which an element with an id written in an MDX partial names the partial's file
 * (remark-mdx-content.ts sets it; this plugin takes it off before anything is rendered).
 */
export const PARTIAL_FILE_PROPERTY = 'docgenPartialFile';

/**
 * VitePress' slugify (@mdit-vue/shared, which VitePress uses), with GitHub-slugger's `-1`, `-2` for repeats.
 * @returns an object with github-slugger's `slug(text)`
 */
function vitepressSlugger(): { slug(text: string): string } {
  const seen = new Map<string, number>();
  return {
    slug(text) {
      const base = text
        .normalize('NFKD')
        .replace(/[\u0300-\u036F]/g, '')
        .replace(/[\u0000-\u001f]/g, '')
        .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-+|-+$/g, '')
        .replace(/^(\d)/, '_$1')
        .toLowerCase();
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count === 0 ? base : `${base}-${count}`;
    },
  };
}

/**
 * A page's slugger: each `slug(text)` is unique among the slugs it has made.
 * @param headingIds the config's `markdown.headingIds` ('github' when absent)
 */
export function createSlugger(headingIds: MarkdownContext['headingIds']): { slug(text: string): string } {
  return headingIds === 'vitepress' ? vitepressSlugger() : new GithubSlugger();
}

/** rehype plugin; no options. Reads and fills `file.data.docgen.ids`; uses `file.data.docgen.slugger` when set. */
export function rehypeHeadingSlugs() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    const slugger = ctx.slugger ?? createSlugger(ctx.headingIds);
    const ids = ctx.ids;
    // Explicit ids first, so generated slugs never collide with them. An explicit id used again (one MDX partial per
    // tab, each with the same `<h4 id>`: Docusaurus builds it) gets github-slugger's `-1`, `-2`, with a DuplicateId
    // diagnostic at its line as `onBrokenAnchors` says (a link to #id reaches only the first).
    const explicit = new Map<string, number>();
    const source = String(file.value);
    walk(tree, 'element', (node: Element) => {
      const from = node.properties[PARTIAL_FILE_PROPERTY];
      if (typeof from === 'string') {
        delete node.properties[PARTIAL_FILE_PROPERTY];
        node.data = { ...node.data, docgenFile: from } as Element['data'];
      }
      const id = node.properties.id;
      if (typeof id !== 'string') return;
      // A site component's own ids (html-allow-list.ts markComponentOutput) are left as it rendered them, as
      // Docusaurus and VitePress do: an icon used twice repeats its SVG gradient's id, which its `url(#id)` names.
      if (isComponentOutput(node)) {
        if (!explicit.has(id)) slugger.slug(id);
        explicit.set(id, (explicit.get(id) ?? 0) + 1);
        return;
      }
      const seen = explicit.get(id);
      explicit.set(id, (seen ?? 0) + 1);
      if (seen !== undefined) {
        let unique = `${id}-${seen}`;
        for (let n = seen + 1; explicit.has(unique); n++) unique = `${id}-${n}`;
        explicit.set(unique, 1);
        node.properties.id = unique;
        const message = `The id '${id}' is used ${seen + 1} times in this page; this one is '${unique}', so links to #${id} reach the first. Rename one if a link should reach this one.`;
        reportByPolicy(
          ctx,
          source,
          withPlace(node, id, seen, source, ctx),
          'DuplicateId',
          message,
          ctx.policies.onBrokenAnchors,
        );
      }
      slugger.slug(node.properties.id as string);
    });
    const recorded = new Set(ids);
    walk(tree, 'element', (node: Element) => {
      if (HEADING.test(node.tagName) && typeof node.properties.id !== 'string') {
        node.properties.id = slugger.slug(textWithoutBadges(node).trim());
      }
      const id = node.properties.id;
      if (typeof id === 'string' && !recorded.has(id)) {
        recorded.add(id);
        ids.push(id);
      }
    });
  };
}

/**
 * The node, or (when it has no position: an element of a compiled MDX partial or JSX) a stand-in placed at the
 * `nth` repeat of `id="…"` or `{#…}` in the text the element came from, so the warning has a line and column.
 */
function withPlace(
  node: Element,
  id: string,
  nth: number,
  source: string,
  ctx: MarkdownContext,
): Pick<Element, 'position' | 'data'> {
  if (node.position) return node;
  const file = (node.data as { docgenFile?: string } | undefined)?.docgenFile;
  const text = file && file !== ctx.file ? (ctx.partialSources?.get(file) ?? '') : source;
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`id=["'{]*${escaped}["'}]|\\{#${escaped}\\}`, 'g');
  const offsets = [...text.matchAll(pattern)].map((m) => m.index!);
  const offset = offsets[Math.min(nth, offsets.length - 1)];
  if (offset === undefined) return node;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { data: node.data, position: { start: { line, column }, end: { line, column } } };
}
