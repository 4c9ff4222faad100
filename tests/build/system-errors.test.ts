/**
 * A system fault or a user's mistake is a coded error with the file and what to
 * do, never a stack trace; an internal error's stack is printed only with --debug.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/node/diagnostics/format.js';
import { docgenBin, repoRoot, runDocgen } from '../helpers/site.js';

let dir: string;
const stackLine = /\n\s+at .+:\d+:\d+/;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docgen-system-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('errors a user can act on', () => {
  it('an output folder that cannot be made is a FileSystemError naming the path, without a stack trace', () => {
    writeFileSync(path.join(dir, 'blocker'), '');
    const result = runDocgen(['build', '--out-dir', 'blocker/dist'], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\[FileSystemError\] Could not (mkdir|scandir) .*blocker/);
    expect(result.stderr).toContain('check the path');
    expect(result.stderr).not.toMatch(stackLine);
  });

  it('a slug longer than a file name may be is InvalidFileName naming the page, not ENAMETOOLONG', () => {
    writeFileSync(path.join(dir, 'content/docs/long.md'), `---\ntitle: Long\nslug: /${'a'.repeat(300)}\n---\n\nbody\n`);
    try {
      const result = runDocgen(['build'], dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('[InvalidFileName]');
      expect(result.stderr).toContain('content/docs/long.md');
      expect(result.stderr).not.toMatch(stackLine);
    } finally {
      rmSync(path.join(dir, 'content/docs/long.md'));
    }
  });

  it('prints an internal error without its stack unless --debug asks for it', () => {
    const bug = new TypeError('cannot read x of undefined');
    expect(formatError(bug, dir)).not.toMatch(stackLine);
    expect(formatError(bug, dir)).toContain('--debug');
    expect(formatError(bug, dir, { debug: true })).toMatch(stackLine);
  });
});

describe('a cache folder that cannot be written', () => {
  it('is one warning, and the build goes on without it (with worker threads too)', () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docgen-nocache-'));
    try {
      cpSync(path.join(repoRoot, 'tests/fixtures/sites/basic'), site, { recursive: true });
      writeFileSync(path.join(site, 'blocker'), ''); // a file where the cache folder should be (ENOTDIR)
      const env = { DOCGEN_CACHE_DIR: path.join(site, 'blocker/cache'), DOCGEN_THREADS: '2' };
      const result = spawnSync(process.execPath, [docgenBin, 'build'], {
        cwd: site,
        encoding: 'utf8',
        env: { ...process.env, ...env, NO_COLOR: '1' },
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr.match(/cache folder cannot be written/g)).toHaveLength(1);
      expect(readFileSync(path.join(site, 'dist/docs/guide/intro.html'), 'utf8')).toContain('はじめに');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
