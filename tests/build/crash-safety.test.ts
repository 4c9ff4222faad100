/**
 * At every instant the output folder holds the old or the new complete site, or the next docgen
 * command puts one back. The build is killed (SIGKILL, through the DOCGEN_FAULT_AT hook of output/leftovers.ts) at
 * each step of the full build's swap and of the incremental build's moves; then recoverOutput, which every docgen
 * command runs first, must leave exactly the old or exactly the new site. Random kill -9 rounds follow.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverOutput } from '../../src/node/output/atomic.js';
import { copyFixture, docgenBin, removeDir, runDocgen } from '../helpers/site.js';

let dir: string;
const dist = () => path.join(dir, 'dist');
const pages = [
  'content/index.md',
  'content/docs/guide/intro.md',
  'content/docs/guide/config.md',
  'content/docs/guide/advanced/deep.md',
];
const originals = new Map<string, string>();

/** Every file of a folder with its SHA-256 (empty when the folder is missing). */
function snapshot(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
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

/** Marks the given pages (default: all) with a round number in their text. */
function markRound(round: number, only = pages): void {
  for (const page of only) writeFileSync(path.join(dir, page), `${originals.get(page)}\n\nround-${round}\n`);
}

/** Runs `docgen build` with the fault hook set; it must die by SIGKILL at that point. */
function killedBuild(point: string, args: string[] = []): void {
  const result = spawnSync(process.execPath, [docgenBin, 'build', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', DOCGEN_FAULT_AT: point },
  });
  expect(result.signal, `${point}: ${result.stdout}${result.stderr}`).toBe('SIGKILL');
}

/** What is beside the output folder and starts with `.docgen-`, but the site folder it links to (if it is a link). */
function leftoversBeside(): string[] {
  let linked: string | null = null;
  try {
    linked = path.basename(readlinkSync(dist()));
  } catch {
    // a real folder
  }
  return readdirSync(dir).filter((name) => name.startsWith('.docgen-') && name !== linked);
}

/** Replaces the linked output with a real folder holding the same files (as an older docgen left it). */
function unlinkOutput(): void {
  const real = realpathSync(dist());
  rmSync(dist());
  renameSync(real, dist());
}

function build(args: string[] = []): string {
  const result = runDocgen(['build', ...args], dir);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

beforeAll(() => {
  dir = copyFixture('basic');
  for (const page of pages) originals.set(page, readFileSync(path.join(dir, page), 'utf8'));
});
afterAll(() => removeDir(dir));

describe('a killed build never loses the last complete site', () => {
  it.each(['swap:ready', 'swap:link', 'swap:old', 'swap:new'])(
    'full build killed at %s: the old or the new site is put back',
    async (point) => {
      markRound(0);
      build(['--force']);
      if (point === 'swap:old') unlinkOutput(); // the one window: a real output folder is moved aside for the link
      const before = snapshot(dist());
      markRound(1);
      killedBuild(point, ['--force']);
      const seen = snapshot(dist()); // what a static server sees before any docgen command runs again
      await recoverOutput(dist());
      const recovered = snapshot(dist());
      expect(leftoversBeside()).toEqual([]);
      build(['--force']);
      const after = snapshot(dist());
      expect(after).not.toEqual(before); // round 1 differs from round 0
      expect([before, after]).toContainEqual(recovered);
      // Before the old site moved away it stays; once it has, the new (complete) site is the one put in place.
      expect(recovered).toEqual(point === 'swap:ready' || point === 'swap:link' ? before : after);
      // Only the first swap over a real output folder has a window (between its two renames): else dist/ is complete.
      if (point !== 'swap:old') expect(seen).toEqual(recovered);
    },
  );

  it.each([
    ['incremental:clone', 'linked'],
    ['incremental:move:0', 'linked'],
    ['incremental:move:2', 'linked'],
    ['incremental:commit', 'linked'],
    ['incremental:move:0', 'a real folder'],
    ['incremental:move:2', 'a real folder'],
    ['incremental:commit', 'a real folder'],
  ])('incremental build killed at %s (output %s): rolled back to the old site', async (point, output) => {
    markRound(2);
    build(['--force']);
    if (output === 'a real folder') unlinkOutput(); // patched in a copy too, which then replaces it
    const before = snapshot(dist());
    markRound(3, [pages[1]!]);
    killedBuild(point);
    if (output === 'linked') expect(snapshot(dist())).toEqual(before); // untouched until one rename swaps it
    await recoverOutput(dist());
    expect(snapshot(dist())).toEqual(before);
    expect(leftoversBeside()).toEqual([]);
    // The next build builds every page (the record was dropped before the first move) and matches a clean build.
    expect(build()).toContain('built ');
    expect(readFileSync(path.join(dist(), 'docs/guide/intro.html'), 'utf8')).toContain('round-3');
  });

  it('an incremental build that is not killed still patches in place', () => {
    markRound(4);
    build(['--force']);
    markRound(5, [pages[2]!]);
    expect(build()).toContain('rebuilt 1 changed page');
    expect(readFileSync(path.join(dist(), 'docs/guide/config.html'), 'utf8')).toContain('round-5');
    expect(readFileSync(path.join(dist(), 'docs/guide/intro.html'), 'utf8')).toContain('round-4');
  });

  it('random kill -9 rounds always leave one complete site after recovery', async () => {
    const rounds = Number(process.env.DOCGEN_KILL_ROUNDS ?? 12);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    markRound(100);
    build(['--force']);
    let intact = 0;
    for (let round = 101; round < 101 + rounds; round++) {
      const before = snapshot(dist());
      const incremental = random() < 0.5;
      markRound(round, incremental ? [pages[round % pages.length]!] : pages);
      const child = spawn(process.execPath, [docgenBin, 'build', ...(incremental ? [] : ['--force'])], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
        stdio: 'ignore',
      });
      const delay = 100 + random() * 1400;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), delay);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
      await recoverOutput(dist());
      const recovered = snapshot(dist());
      build(['--force']);
      const after = snapshot(dist());
      expect([before, after], `round ${round}, killed after ${Math.round(delay)} ms`).toContainEqual(recovered);
      intact++;
    }
    expect(intact).toBe(rounds);
  });

  it('a reader of dist/ never finds a page missing or cut short while full and incremental builds replace it', async () => {
    markRound(200);
    build(['--force']);
    const files = ['index.html', 'docs/guide/intro.html', 'docs/guide/config.html'];
    let reads = 0;
    const misses: string[] = [];
    const poll = setInterval(() => {
      for (const file of files) {
        reads++;
        try {
          if (!readFileSync(path.join(dist(), file), 'utf8').includes('</html>')) misses.push(`${file} cut short`);
        } catch (error) {
          misses.push(`${file}: ${(error as NodeJS.ErrnoException).code}`);
        }
      }
    }, 1);
    try {
      for (let round = 201; round < 207; round++) {
        const incremental = round % 2 === 1;
        markRound(round, incremental ? [pages[1]!] : pages);
        await new Promise((resolve) =>
          spawn(process.execPath, [docgenBin, 'build', ...(incremental ? [] : ['--force'])], {
            cwd: dir,
            stdio: 'ignore',
          }).once('exit', resolve),
        );
      }
    } finally {
      clearInterval(poll);
    }
    expect(reads).toBeGreaterThan(100);
    expect(misses).toEqual([]);
    expect(readFileSync(path.join(dist(), 'docs/guide/intro.html'), 'utf8')).toContain('round-206');
  });
});
