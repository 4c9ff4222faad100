/** Pages nested deeper than documentation needs are refused before the parser sees them. */
import { describe, expect, it } from 'vitest';
import { tooDeepNesting } from '../../../../src/node/markdown/nesting.js';

describe('tooDeepNesting', () => {
  it('passes ordinary documentation, code blocks with deep indentation included', () => {
    const lists = Array.from({ length: 8 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n');
    const code = '```yaml\n' + Array.from({ length: 300 }, (_, i) => ' '.repeat(i) + 'k: v').join('\n') + '\n```\n';
    expect(tooDeepNesting(`# Title\n\n${lists}\n\n> quote\n> > nested\n\n${code}\n1. one\n   - two\n`)).toBeNull();
  });

  it('finds deep lists, block quotes and markers on one line, at their line', () => {
    expect(tooDeepNesting(Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n'))).toEqual({
      line: 101,
      depth: 101,
    });
    expect(tooDeepNesting(`text\n${'>'.repeat(500)} quoted`)).toEqual({ line: 2, depth: 500 });
    expect(tooDeepNesting('- '.repeat(200) + 'x')?.depth).toBe(200);
  });
});
