/**
 * Heading ids: GitHub-style slugs that keep Japanese (`## デバイス ID の発行` -> `デバイス-id-の発行`), unique per
 * page. Also records every `id` in the page so the link checker can resolve anchors.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

const HEADING = /^h[1-6]$/;

/** rehype plugin; no options. Reads and fills `file.data.docgen.ids`. */
export function rehypeHeadingSlugs() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const ids = file.data.docgen!.ids;
    // Explicit ids first, so generated slugs never collide with them.
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') slugger.slug(node.properties.id);
    });
    visit(tree, 'element', (node: Element) => {
      if (HEADING.test(node.tagName) && typeof node.properties.id !== 'string') {
        node.properties.id = slugger.slug(toString(node));
      }
      if (typeof node.properties.id === 'string') ids.push(node.properties.id);
    });
  };
}
