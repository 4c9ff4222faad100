/**
 * Wide tables scroll sideways inside a focusable wrapper, so keyboard users can scroll them too
 * (axe scrollable-region-focusable). The region's aria-label is the `table.label` message,
 * set by the theme (`data-aria-message`, src/shared/messages.ts).
 *
 * Identifiers in cells set a table's narrowest width, since the theme never breaks inside one
 * mid-word. So inline code in a cell gets `<wbr>` break opportunities after separators (`_ . / : - , = & ?`) and at
 * camelCase humps, where a reader expects a wrap (`TSUNAGI_<wbr>DEVICE_<wbr>CONTEXT`); they show nothing and copy
 * as nothing. Code longer than LONG_CODE characters also gets the class `dg-code--long`, which the theme lets break
 * anywhere when no separator is left. A cell holding one short token (`AG-20`, `string`) gets `dg-cell--token`
 * and stays on one line; one with prose (more than PROSE characters) gets `dg-cell--prose` and a minimum width, so
 * on a phone a description column is not squeezed to a character per line.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { ARIA_MESSAGE_ATTRIBUTE } from '../../shared/messages.js';
import { walk } from './walk.js';

/** Inline code longer than this many characters may break inside a table cell. */
const LONG_CODE = 24;

/** rehype plugin; no options. */
export function rehypeTables() {
  return (tree: Root) => {
    walk(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      markCells(node);
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['dg-table'], tabIndex: 0, role: 'region', [ARIA_MESSAGE_ATTRIBUTE]: 'table.label' },
        children: [node],
      };
    });
  };
}

/** Where a break may go inside an identifier: after a separator, or between a lower-case letter or digit and a capital. */
const BREAK_AFTER = /(?<=[_./:\-,=&?])(?=[^_./:\-,=&?])|(?<=[a-z0-9])(?=[A-Z])/;

/** A cell whose whole text is one short ASCII token (an ID such as `AG-20`, a number, a type) keeps it on one line. */
const SHORT_TOKEN = /^[\x21-\x7e]{1,12}$/;
/**
 * A body cell whose whole text is one short Japanese word (はい, いいえ, なし, 任意) keeps it on one line too: body
 * cells may break between any two Japanese characters, which split いいえ into いい／え in narrow yes/no columns.
 */
const SHORT_WORD = /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]{2,4}$/u;
/** A cell with more characters than this is prose (a description): the theme keeps its column readable when narrow. */
const PROSE = 40;

function markCells(table: Element): void {
  walk(table, 'element', (node: Element) => {
    if (node.tagName === 'td' || node.tagName === 'th') {
      const text = toString(node).trim();
      const token = SHORT_TOKEN.test(text) || (node.tagName === 'td' && SHORT_WORD.test(text));
      const kind = token ? 'dg-cell--token' : text.length > PROSE ? 'dg-cell--prose' : null;
      if (kind)
        node.properties.className = [
          ...(Array.isArray(node.properties.className) ? node.properties.className : []),
          kind,
        ];
    }
    if (node.tagName !== 'code') return;
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type !== 'text') return [child];
      const pieces = child.value.split(BREAK_AFTER);
      return pieces.flatMap((value, i): ElementContent[] =>
        i === 0
          ? [{ type: 'text', value }]
          : [
              { type: 'element', tagName: 'wbr', properties: {}, children: [] },
              { type: 'text', value },
            ],
      );
    });
    if (toString(node).length <= LONG_CODE) return;
    const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
    node.properties.className = [...classes, 'dg-code--long'];
  });
}
