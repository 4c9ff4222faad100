/**
 * docgen's cache folder is an optimisation, never a failure (SECURITY.md, cache/atomic-file.ts): a cache folder
 * another user owns, a full one (a 1 MiB tmpfs, filled), damaged entries and a cache removed while a build runs
 * all give a build that succeeds, on the full and the incremental path, with at most one warning, and the same
 * dist/ as a build with a fresh cache. A read-only parent of the output folder is one error naming it. The other
 * user is a real one (nobody, through setpriv), since root ignores permissions; the tests run as root (the suite's
 * machine), which mounting the tmpfs needs too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, docgenBin, removeDir } from '../helpers/site.js';

const NOBODY = 65534;
const dirs: string[] = [];
const mounts: string[] = [];
afterAll(() => {
  for (const mount of mounts) spawnSync('umount', [mount]);
  for (const dir of dirs) removeDir(dir);
});

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `docgen-cache-faults-${name}-`));
  dirs.push(dir);
  return dir;
}

/** Runs `docgen build` in `cwd` with the cache at `cache`, as root or as nobody. */
function build(cwd: string, cache: string, options: { as?: 'nobody'; args?: string[] } = {}) {
  const command = options.as
    ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath]
    : [process.execPath];
  const result = spawnSync(command[0]!, [...command.slice(1), docgenBin, 'build', ...(options.args ?? [])], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', DOCGEN_CACHE_DIR: cache, HOME: tmpdir() },
  });
  return { status: result.status ?? -1, output: result.stdout + result.stderr, stderr: result.stderr };
}

/** Each file of a folder by relative path, as the SHA-256 of its bytes. */
function digestOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return files;
}

/** What a build with a fresh cache makes of the site as it is now. */
function reference(site: string): Record<string, string> {
  const copy = tempDir('reference');
  spawnSync('cp', ['-r', `${site}/.`, copy]);
  removeDir(path.join(copy, 'dist'));
  const result = build(copy, tempDir('fresh-cache'));
  expect(result.status, result.output).toBe(0);
  return digestOf(path.join(copy, 'dist'));
}

/** A build that succeeded with at most one warning about the cache, and no other complaint about it. */
function expectCacheWarningAtMost(result: { status: number; output: string; stderr: string }) {
  expect(result.status, result.output).toBe(0);
  expect(result.stderr.split('\n').filter((line) => /cache/i.test(line)).length, result.stderr).toBeLessThanOrEqual(1);
  expect(result.output).not.toMatch(/FileSystemError|InternalError|could not be updated/);
}

const page = (site: string) => path.join(site, 'content/index.md');

describe('a cache folder that cannot be used', () => {
  it('owned by another user: full and incremental builds succeed with one warning and the same output', () => {
    const site = copyFixture('api');
    dirs.push(site);
    const cache = tempDir('owned');
    expect(build(site, cache).status).toBe(0); // root fills the cache: entries, records, states
    mkdirSync(path.join(cache, 'pages/0123456789abcdef'), { recursive: true });
    writeFileSync(path.join(cache, 'pages/0123456789abcdef/scope.txt'), '/nonexistent-site'); // a gone site's entries, pruned
    writeFileSync(path.join(cache, 'entry.99999999.tmp'), ''); // a dead build's temp file, removed
    spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, site]);
    chmodSync(cache, 0o755);
    for (const edit of ['\nfirst edit\n', '\nsecond edit\n']) {
      appendFileSync(page(site), edit);
      const result = build(site, cache, { as: 'nobody' });
      expectCacheWarningAtMost(result);
      expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
    }
  });

  it('full (ENOSPC): full and incremental builds succeed with one warning and the same output', () => {
    const site = copyFixture('api');
    dirs.push(site);
    const cache = tempDir('full');
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', cache], { encoding: 'utf8' });
    expect(mount.status, `mounting a tmpfs (the test runs as root): ${mount.stderr}`).toBe(0);
    mounts.push(cache);
    expect(build(site, cache).status).toBe(0);
    spawnSync('dd', ['if=/dev/zero', `of=${path.join(cache, 'fill')}`, 'bs=4k']); // until the disk is full
    appendFileSync(page(site), '\nan edit\n');
    expectCacheWarningAtMost(build(site, cache));
    expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
    spawnSync('sh', ['-c', `rm -rf ${cache}/pages ${cache}/apis && dd if=/dev/zero of=${cache}/fill2 bs=4k`]);
    expectCacheWarningAtMost(build(site, cache, { args: ['--force'] }));
    expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
  });

  it('with damaged entries: both paths rebuild what they need and give the same output', () => {
    const site = copyFixture('api');
    dirs.push(site);
    const cache = tempDir('garbled');
    expect(build(site, cache).status).toBe(0);
    const garble = () => {
      for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) {
        if (entry.isFile())
          writeFileSync(
            path.join(entry.parentPath, entry.name),
            Buffer.from(createHash('sha256').update(entry.name).digest()),
          );
      }
    };
    garble();
    appendFileSync(page(site), '\nan edit\n');
    expectCacheWarningAtMost(build(site, cache));
    expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
    garble();
    appendFileSync(page(site), '\nanother edit\n');
    expectCacheWarningAtMost(build(site, cache));
    expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
  });

  it('removed while builds run: they succeed with at most one warning and the same output', async () => {
    const site = copyFixture('api');
    dirs.push(site);
    const cache = tempDir('removed');
    expect(build(site, cache).status).toBe(0);
    const remover = spawn('sh', ['-c', `while true; do rm -rf ${cache}; sleep 0.01; done`], { stdio: 'ignore' });
    try {
      for (const edit of ['\nfirst edit\n', '\nsecond edit\n']) {
        appendFileSync(page(site), edit);
        expectCacheWarningAtMost(build(site, cache));
      }
      expectCacheWarningAtMost(build(site, cache, { args: ['--force'] }));
    } finally {
      remover.kill('SIGKILL');
    }
    expect(digestOf(path.join(site, 'dist'))).toEqual(reference(site));
  });
});

describe('a read-only parent of the output folder', () => {
  it('is one error naming the folder, on the incremental and the full path, and dist/ is unchanged', () => {
    const site = copyFixture('basic');
    dirs.push(site);
    const cache = tempDir('out-parent');
    const config = path.join(site, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('buildDate:', "outDir: 'out/dist',\n  buildDate:"));
    expect(build(site, cache).status).toBe(0);
    const before = digestOf(path.join(site, 'out/dist'));
    spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, site, cache]);
    chownSync(path.join(site, 'out'), 0, 0);
    chmodSync(path.join(site, 'out'), 0o555);
    appendFileSync(page(site), '\nan edit\n');
    for (const args of [[], ['--force']]) {
      const result = build(site, cache, { as: 'nobody', args });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `[FileSystemError] The folder ${path.join(site, 'out')} cannot be written (EACCES)`,
      );
      expect(result.stderr.match(/\[FileSystemError\]/g)).toHaveLength(1);
      expect(digestOf(path.join(site, 'out/dist'))).toEqual(before);
    }
  });
});
