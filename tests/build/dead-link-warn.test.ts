import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';

// Under onBrokenLinks: 'warn' a page with a dead link is published with a warning; its link keeps the href as
// written (Docusaurus does), instead of '#'.
const dir = mkdtempSync(path.join(tmpdir(), 'docgen-dead-link-warn-'));
afterAll(() => removeDir(dir));

describe("a dead link under onBrokenLinks: 'warn'", () => {
  it('is a warning, and the published link keeps its href', () => {
    cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("onBrokenLinks: 'throw'", "onBrokenLinks: 'warn'"));
    writeFileSync(path.join(dir, 'content/docs/dead.md'), '---\ntitle: Dead\n---\n\nSee [the old page](./gone.md).\n');
    const result = runDocgen(['build', '--json'], dir);
    expect(result.status, result.stderr).toBe(0);
    const { warnings } = JSON.parse(result.stdout) as { warnings: { code: string; file: string; line: number }[] };
    expect(warnings.map((w) => [w.code, w.file, w.line])).toEqual([['DeadLink', 'content/docs/dead.md', 5]]);
    const page = parse(readFileSync(path.join(dir, 'dist/docs/dead.html'), 'utf8'));
    const link = page.querySelectorAll('main a').find((a) => a.text === 'the old page');
    expect(link!.getAttribute('href')).toBe('./gone.md');
  });
});
