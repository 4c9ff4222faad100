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
import { reportAt, type MarkdownContext } from './context.js';

const HEADING = /^h[1-6]$/;

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
    // Explicit ids first, so generated slugs never collide with them; an explicit id used twice is an error.
    const explicit = new Set<string>();
    walk(tree, 'element', (node: Element) => {
      if (typeof node.properties.id !== 'string') return;
      if (explicit.has(node.properties.id)) {
        reportAt(ctx, String(file.value), node, 'MarkdownSyntax', `The id '${node.properties.id}' is used twice in this page; anchors must be unique. Rename one {#id}.`);
      }
      explicit.add(node.properties.id);
      slugger.slug(node.properties.id);
    });
    walk(tree, 'element', (node: Element) => {
      if (HEADING.test(node.tagName) && typeof node.properties.id !== 'string') {
        node.properties.id = slugger.slug(textWithoutBadges(node).trim());
      }
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
  };
}
