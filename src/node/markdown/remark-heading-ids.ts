/**
 * Explicit heading ids: `## Title {#custom-id}` (Docusaurus syntax). Removes the `{#id}` from the text and sets
 * the id, which rehype-heading-slugs then keeps.
 */
import type { Heading, Root, Text } from 'mdast';
import { walk } from './walk.js';

/** remark plugin; no options. */
export function remarkHeadingIds() {
  return (tree: Root) => {
    walk(tree, 'heading', (node: Heading) => {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const match = /\s*\{#([^\s{}]+)\}\s*$/.exec((last as Text).value);
      if (!match) return;
      (last as Text).value = (last as Text).value.slice(0, match.index);
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}
