/**
 * Japanese soft line breaks (issue #3): a line break between two CJK characters is removed instead of rendering as
 * a space (CommonMark keeps it; browsers show it as a space between Japanese words).
 */
import type { Root, Text } from 'mdast';
import { walk } from './walk.js';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff01-\\uff60\\u30fc';
const BREAK = new RegExp(`([${CJK}])[ \\t]*\\r?\\n[ \\t]*(?=[${CJK}])`, 'gu');

/** remark plugin; no options. */
export function remarkCjkLineBreaks() {
  return (tree: Root) => {
    walk(tree, 'text', (node: Text) => {
      if (node.value.includes('\n')) node.value = node.value.replace(BREAK, '$1');
    });
  };
}
