/**
 * Heading ids: GitHub-style slugs that keep Japanese (`## デバイス ID の発行` -> `デバイス-id-の発行`), unique per
 * page. Also records every `id` in the page so the link checker can resolve anchors.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { walk } from './walk.js';
import { reportAt } from './context.js';

const HEADING = /^h[1-6]$/;

/** rehype plugin; no options. Reads and fills `file.data.docgen.ids`. */
export function rehypeHeadingSlugs() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const ctx = file.data.docgen!;
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
        node.properties.id = slugger.slug(toString(node));
      }
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
  };
}
