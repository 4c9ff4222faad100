/**
 * Japanese soft line breaks: a soft line break next to Japanese text or full-width
 * punctuation is removed instead of rendering as a space (CommonMark keeps it as a newline, which browsers show as
 * a space). The rule follows CSS Text 4 segment-break transformation, as Japanese authors expect it: the break goes
 * when the character before it or the one after it is wide (Han, kana, CJK and full-width punctuation); between two
 * narrow characters (Latin words) it stays and renders as a space.
 *
 * The characters around a break are looked up across inline nodes: in `中継します。\n**SPN**` the break ends one text
 * node and the next character is the first of the `strong`, and in `` `code`\nです `` the previous one is the last
 * character of the inline code. Looking only inside the text node (as before) left about 400 spaces on this site.
 */
import type { Parent, PhrasingContent, Root, Text } from 'mdast';
import { walk } from './walk.js';

const WIDE =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff01-\\uff60\\uffe0-\\uffe6\\u30fc';
const WIDE_CHAR = new RegExp(`^[${WIDE}]$`, 'u');
/** A soft break with the blanks around it, and the characters on either side (when inside the same text). */
const BREAK = /([^\s]?)[ \t]*\r?\n[ \t]*(?=([^\s]?))/gu;

/** remark plugin; no options. */
export function remarkCjkLineBreaks() {
  return (tree: Root) => {
    walk(tree, (node) => {
      const children = (node as Partial<Parent>).children as PhrasingContent[] | undefined;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'text' && child.value.includes('\n'))
          joinBreaks(child, lastChar(children[i - 1]), firstChar(children[i + 1]));
      }
    });
  };
}

/**
 * Removes the soft breaks of one text node that touch a wide character.
 * @param before the character just before the node ('' when none), @param after the one just after it
 */
function joinBreaks(node: Text, before: string, after: string): void {
  node.value = node.value.replace(BREAK, (match: string, prev: string, next: string, offset: number, value: string) => {
    const left = prev || (offset === 0 ? before : '');
    const right = next || (offset + match.length === value.length ? after : '');
    return isWide(left) || isWide(right) ? prev : match;
  });
}

function isWide(char: string): boolean {
  return char !== '' && WIDE_CHAR.test(char);
}

/** The last character an inline node shows ('' for none or a node without text, such as an image or a break). */
function lastChar(node: PhrasingContent | undefined): string {
  if (!node) return '';
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html')
    return [...node.value.slice(-2)].pop() ?? '';
  if ('children' in node) return lastChar(node.children[node.children.length - 1] as PhrasingContent | undefined);
  return '';
}

/** The first character an inline node shows ('' for none). */
function firstChar(node: PhrasingContent | undefined): string {
  if (!node) return '';
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html')
    return [...node.value.slice(0, 2)][0] ?? '';
  if ('children' in node) return firstChar(node.children[0] as PhrasingContent | undefined);
  return '';
}
