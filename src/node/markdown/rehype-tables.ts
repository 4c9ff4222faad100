/**
 * Wide tables scroll sideways inside a focusable wrapper, so keyboard users can scroll them too
 * (axe scrollable-region-focusable; issue #5 accessibility). The region's aria-label is the `table.label` message,
 * set by the theme (`data-aria-message`, src/shared/messages.ts).
 */
import type { Element, Root } from 'hast';
import { ARIA_MESSAGE_ATTRIBUTE } from '../../shared/messages.js';
import { walk } from './walk.js';

/** rehype plugin; no options. */
export function rehypeTables() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['dg-table'], tabIndex: 0, role: 'region', [ARIA_MESSAGE_ATTRIBUTE]: 'table.label' },
        children: [node],
      };
    });
  };
}
