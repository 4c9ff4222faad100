/**
 * Wide tables scroll sideways inside a focusable wrapper, so keyboard users can scroll them too
 * (axe scrollable-region-focusable; issue #5 accessibility).
 */
import type { Element, Root } from 'hast';
import { walk } from './walk.js';

/** rehype plugin; no options. */
export function rehypeTables() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['dg-table'], tabIndex: 0, role: 'region', ariaLabel: '表' },
        children: [node],
      };
    });
  };
}
