import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';

// A long build shows how far it got: `compiling markdown: N of TOTAL pages` lines (plain lines, since the test's
// stdout is not a terminal), then the summary. DOCGEN_PROGRESS_AFTER_MS=0 shows every step instead of waiting
// 2 s, so that the lines do not depend on this machine's speed.
const dir = mkdtempSync(path.join(tmpdir(), 'docgen-progress-'));
afterAll(() => removeDir(dir));

describe('build progress', () => {
  it('prints pages compiled of the total as plain lines, then the summary, and no cache path', () => {
    cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
    mkdirSync(path.join(dir, 'content/docs/many'), { recursive: true });
    for (let i = 0; i < 120; i++)
      writeFileSync(
        path.join(dir, `content/docs/many/page-${i}.md`),
        `---\ntitle: Page ${i}\n---\n\nText of page ${i}.\n`,
      );
    process.env.DOCGEN_PROGRESS_AFTER_MS = '0';
    let result: ReturnType<typeof runDocgen>;
    try {
      result = runDocgen(['build', '--force'], dir);
    } finally {
      delete process.env.DOCGEN_PROGRESS_AFTER_MS;
    }
    expect(result.status, result.stderr).toBe(0);
    const lines = [...result.stdout.matchAll(/^ {2}compiling markdown: (\d+) of (\d+) pages/gm)];
    expect(lines.length).toBeGreaterThan(0);
    const total = Number(lines[0]![2]);
    expect(total).toBeGreaterThanOrEqual(120);
    const counts = lines.map((m) => Number(m[1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.every((n) => n > 0 && n < total)).toBe(true);
    expect(result.stdout).not.toContain('\x1b[K'); // not a terminal: nothing rewritten in place
    expect(result.stdout).toMatch(/\nbuilt \d+ routes \+ 404\.html into dist in /);
    expect(result.stdout + result.stderr).not.toContain('.cache');
  });
});
