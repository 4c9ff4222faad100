/**
 * A content file whose name a URL cannot carry as written (`100%.md`, `a#b.md`, `q?x.md`) built
 * before, but its page was unreachable. Every such name is now an error asking for a rename, all in one run.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runDocgen } from '../helpers/site.js';

describe('file names that a URL cannot carry', () => {
  it('are reported together, each with its file, and nothing is written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-names-'));
    try {
      cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
      const names = ['100%.md', 'a#b.md', 'q?x.md', 'back\\slash.png'];
      for (const name of names) writeFileSync(path.join(dir, 'content/docs', name), '---\ntitle: x\n---\n\nbody\n');
      const result = runDocgen(['build', '--json'], dir);
      expect(result.status).toBe(1);
      const { errors } = JSON.parse(result.stdout) as { errors: { code: string; file: string; message: string }[] };
      const invalid = errors.filter((e) => e.code === 'InvalidFileName');
      expect(invalid.map((e) => e.file).sort()).toEqual(names.map((name) => `content/docs/${name}`).sort());
      expect(invalid[0]!.message).toContain('Rename it');
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
