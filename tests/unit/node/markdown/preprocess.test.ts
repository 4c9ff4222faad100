/** Source rewrites before parsing keep every line where it was. */
import { describe, expect, it } from 'vitest';
import {
  escapeHeadingIds,
  htmlCommentsToMdx,
  normalizeAdmonitionTitles,
} from '../../../../src/node/markdown/preprocess.js';

describe('preprocess', () => {
  it('turns HTML comments into MDX comments, across lines, outside code fences', () => {
    const source = 'a <!-- x */ y --> b\n<!-- one\n```\ntwo -->\n```js\n<!-- kept -->\n```\n';
    expect(htmlCommentsToMdx(source)).toBe('a {/* x * / y */} b\n{/* one\n```\ntwo */}\n```js\n<!-- kept -->\n```\n');
  });
  it('rewrites admonition titles and escapes heading ids, line for line', () => {
    expect(normalizeAdmonitionTitles('::: tip Hello\nx\n:::\n', new Set(['tip']))).toBe(':::tip[Hello]\nx\n:::\n');
    expect(escapeHeadingIds('## Title {#id}\n```\n## Code {#no}\n```\n')).toBe(
      '## Title \\{#id\\}\n```\n## Code {#no}\n```\n',
    );
  });
});
