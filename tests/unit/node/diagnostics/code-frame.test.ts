/** Code frames: the caret under the column, and a window around it on a very long line (minified JSON). */
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../../../src/node/diagnostics/code-frame.js';

describe('codeFrame', () => {
  it('puts the caret under the column', () => {
    const frame = codeFrame('a: 1\ntitle: [\nb: 2\n', 2, 8);
    expect(frame).toBe('  1 | a: 1\n> 2 | title: [\n    |        ^\n  3 | b: 2\n  4 | ');
  });

  it('shows a window around the column of a long line, with the caret inside it', () => {
    const line = 'x'.repeat(20_000) + 'HERE' + 'y'.repeat(20_000);
    const frame = codeFrame(line, 1, 20_001);
    const [text, caret] = frame.split('\n') as [string, string];
    expect(text.length).toBeLessThan(200);
    expect(caret.length).toBeLessThan(200);
    expect(text.indexOf('HERE')).toBe(caret.indexOf('^'));
  });
});
