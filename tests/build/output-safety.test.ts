/**
 * Operators never get a broken dist/: atomic swap, kill -9 mid-build, refused output folders,
 * byte-identical rebuilds, and the emitted header rules.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgenBin, leftoversIn, removeDir, repoRoot, runDocgen } from '../helpers/site.js';

let dir: string;

/** Every file of a folder with its SHA-256. */
function snapshot(folder: string): Record<string, string> {
  const files = fg.sync('**/*', { cwd: folder, dot: true }).sort();
  return Object.fromEntries(
    files.map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(path.join(folder, f)))
        .digest('hex'),
    ]),
  );
}

beforeAll(() => {
  dir = copyFixture('theme');
  expect(runDocgen(['build'], dir).status).toBe(0);
});
afterAll(() => removeDir(dir));

describe('output safety', () => {
  it('produces a byte-identical dist/ on a second build', () => {
    const first = snapshot(path.join(dir, 'dist'));
    expect(runDocgen(['build', '--force'], dir).status).toBe(0);
    expect(snapshot(path.join(dir, 'dist'))).toEqual(first);
    expect(Object.keys(first).length).toBeGreaterThan(50);
  });

  it('leaves the previous dist/ untouched when a build fails', () => {
    const before = snapshot(path.join(dir, 'dist'));
    const page = path.join(dir, 'content/docs/guide/second.md');
    const original = readFileSync(page, 'utf8');
    appendFileSync(page, '\n[壊れたリンク](./missing.md)\n');
    try {
      const result = runDocgen(['build'], dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('[DeadLink]');
      expect(result.stderr).toContain('content/docs/guide/second.md:');
      expect(snapshot(path.join(dir, 'dist'))).toEqual(before);
      expect(leftoversIn(dir)).toEqual([]);
    } finally {
      writeFileSync(page, original);
    }
  });

  it('survives kill -9 mid-build: the previous dist/ stays byte-identical and the next build cleans up', async () => {
    const before = snapshot(path.join(dir, 'dist'));
    let killedAfterStaging = false;
    const killed: number[] = [];
    for (let attempt = 0; attempt < 5 && !killedAfterStaging; attempt++) {
      const child = spawn(process.execPath, [docgenBin, 'build', '--force'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      });
      killed.push(child.pid!);
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          // Kill once rendering has started writing into the staging folder.
          if (String(chunk).includes('writing route data') && !child.killed) {
            killedAfterStaging = readdirSync(dir).some((name) => name.startsWith('.docgen-tmp-'));
            child.kill('SIGKILL');
          }
        });
        child.once('exit', () => resolve());
      });
    }
    expect(killedAfterStaging).toBe(true);
    expect(snapshot(path.join(dir, 'dist'))).toEqual(before);
    expect(runDocgen(['build'], dir).status).toBe(0);
    expect(leftoversIn(dir)).toEqual([]);
    expect(snapshot(path.join(dir, 'dist'))).toEqual(before);
    // The killed build's temporary files in docgen's cache (renderer modules, half-written cache files) are gone too.
    const cache = readdirSync(path.join(repoRoot, 'node_modules/.cache/docgen'));
    expect(
      cache.filter((name) => killed.some((pid) => name.startsWith(`ssr-${pid}-`) || name.endsWith(`.${pid}.tmp`))),
    ).toEqual([]);
  });

  it('skips a build when nothing changed, and a stale cache never yields a wrong page', () => {
    const page = path.join(dir, 'content/docs/guide/second.md');
    const built = path.join(dir, 'dist/docs/guide/second.html');
    const original = readFileSync(page, 'utf8');
    expect(runDocgen(['build'], dir).status).toBe(0);
    const skipped = runDocgen(['build'], dir);
    expect(skipped.stdout).toContain('nothing changed since the last build');
    // A content edit rebuilds, and the page shows it.
    writeFileSync(page, original.replace('本文。', '書き換えた本文。'));
    try {
      const rebuilt = runDocgen(['build'], dir);
      expect(rebuilt.stdout).not.toContain('nothing changed');
      expect(readFileSync(built, 'utf8')).toContain('書き換えた本文。');
    } finally {
      writeFileSync(page, original);
    }
    expect(runDocgen(['build'], dir).stdout).not.toContain('nothing changed');
    expect(readFileSync(built, 'utf8')).not.toContain('書き換えた本文。');
    // A hand edit or deletion in dist/ is noticed and repaired.
    writeFileSync(built, 'tampered');
    expect(runDocgen(['build'], dir).stdout).not.toContain('nothing changed');
    expect(readFileSync(built, 'utf8')).toContain('<!doctype html>');
    // A config change, and --force, rebuild too.
    const config = path.join(dir, 'site.config.ts');
    const configText = readFileSync(config, 'utf8');
    writeFileSync(config, configText.replace("tagline: 'theme behaviours'", "tagline: 'changed tagline'"));
    try {
      expect(runDocgen(['build'], dir).stdout).not.toContain('nothing changed');
      expect(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('changed tagline');
    } finally {
      writeFileSync(config, configText);
    }
    expect(runDocgen(['build', '--force'], dir).stdout).not.toContain('nothing changed');
  });

  it('never serves a stale compiled page: moving a page updates the links to it in unchanged pages', () => {
    const second = path.join(dir, 'content/docs/guide/second.md');
    const original = readFileSync(second, 'utf8');
    expect(runDocgen(['build'], dir).status).toBe(0); // warm the page cache
    const intro = () => readFileSync(path.join(dir, 'dist/docs/guide/intro.html'), 'utf8');
    expect(intro()).toContain('href="/docs/guide/second"');
    writeFileSync(second, original.replace('title: 二番目', 'title: 二番目\nslug: /docs/guide/moved'));
    try {
      expect(runDocgen(['build'], dir).status).toBe(0);
      expect(intro()).toContain('href="/docs/guide/moved"'); // intro.md did not change, its links did
      expect(intro()).not.toContain('href="/docs/guide/second"');
    } finally {
      writeFileSync(second, original);
    }
    expect(runDocgen(['build'], dir).status).toBe(0);
    expect(intro()).toContain('href="/docs/guide/second"');
  });

  it.each([['.'], ['..'], ['content'], ['content/out']])('refuses --out-dir %s', (outDir) => {
    const result = runDocgen(['build', '--out-dir', outDir], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[OutDirUnsafe]');
    expect(existsSync(path.join(dir, 'content/index.md'))).toBe(true);
    expect(existsSync(path.join(dir, 'site.config.ts'))).toBe(true);
  });

  it('emits _headers and an nginx snippet with a strict CSP that hashes the one inline script', () => {
    const headers = readFileSync(path.join(dir, 'dist/_headers'), 'utf8');
    const html = readFileSync(path.join(dir, 'dist/docs/guide/intro.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(headers).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(headers).toContain("default-src 'self'");
    expect(headers).toContain("style-src 'self';");
    expect(headers).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
    expect(readFileSync(path.join(dir, 'dist/nginx.conf.example'), 'utf8')).toContain(
      'try_files $uri $uri.html $uri/ =404;',
    );
    expect(html).not.toMatch(/ style="/);
  });
});
