import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../../../src/node/cache/build-fingerprint.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-list-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('listFiles', () => {
  it('lists what content/collect.ts globs: no dot files or dot folders, no symlinks', async () => {
    for (const file of [
      'index.md',
      'docs/a.md',
      'docs/深い/b.md',
      'img/logo.svg',
      '.hidden.md',
      '.git/config',
      'docs/.cache/x.md',
      'docs/_category_.yml',
    ]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), 'x');
    }
    symlinkSync(path.join(dir, 'index.md'), path.join(dir, 'docs/link.md'));
    symlinkSync(path.join(dir, 'docs'), path.join(dir, 'looped'));
    const globbed = await fg('**/*', {
      cwd: dir,
      absolute: true,
      onlyFiles: true,
      dot: false,
      followSymbolicLinks: false,
    });
    expect(listFiles(dir).sort()).toEqual(globbed.sort());
    expect(
      listFiles(dir)
        .map((f) => path.relative(dir, f))
        .sort(),
    ).toEqual(['docs/_category_.yml', 'docs/a.md', 'docs/深い/b.md', 'img/logo.svg', 'index.md']);
  });

  it('returns nothing for a missing folder', () => {
    expect(listFiles(path.join(dir, 'missing'))).toEqual([]);
  });
});
