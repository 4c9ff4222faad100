/**
 * Heading permalinks (Docusaurus' `hash-link`): every h2 to h4 with an id ends with a link to
 * itself. The link holds no text (the `#` is drawn by CSS, `.dg-heading-anchor::before`), so the TOC and the search
 * index read the heading as written; its aria-label is the `heading.permalink` message with the heading's text,
 * filled in by the theme (`data-aria-message`, src/shared/messages.ts).
 */
import type { Element, Root } from 'hast';
import { textWithoutBadges } from './badge.js';
import { ARIA_MESSAGE_ATTRIBUTE, MESSAGE_PARAMS_ATTRIBUTE } from '../../shared/messages.js';
import { walk } from './walk.js';

const LINKED = /^h[2-4]$/;

/** rehype plugin; no options. Runs after rehypeHeadingSlugs (it needs the ids). */
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element) => {
      const id = node.properties.id;
      if (!LINKED.test(node.tagName) || typeof id !== 'string') return;
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: {
          className: ['dg-heading-anchor'],
          href: '#' + encodeURIComponent(id),
          [ARIA_MESSAGE_ATTRIBUTE]: 'heading.permalink',
          [MESSAGE_PARAMS_ATTRIBUTE]: JSON.stringify({ heading: textWithoutBadges(node).trim() }),
        },
        children: [],
      });
    });
  };
}
