/**
 * The per-page compile budget: a page over `markdown.budget` is stopped and fails with
 * PageBudgetExceeded naming the file, the limit and the config key; the other pages still compile (a new thread
 * takes the stopped one's place), every failure is reported in one run, and the previous `dist/` stays.
 * The slow page is `*a` repeated (`*a` x 60,000, 120 KB: micromark's attention resolution is quadratic in it,
 * about 40 s unbounded on this machine; x 20,000 took 2.4 s, x 50,000 27 s); the large page is a 30,000-row table,
 * an honest page that needs more than 100 MiB of heap.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { docgenBin, repoRoot } from '../helpers/site.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docgen-budget-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setBudget(budget: { seconds?: number; memoryMb?: number }): void {
  const file = path.join(dir, 'site.config.ts');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(
      'onBrokenLinks:',
      `markdown: { budget: ${JSON.stringify(budget)} },\n  onBrokenLinks:`,
    ),
  );
}

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};
const slowPage = () => `# 遅いページ\n\n${'*a'.repeat(60_000)}\n`;
const bigTable = () =>
  [
    '# 表',
    '',
    '| a | b |',
    '| --- | --- |',
    ...Array.from({ length: 30_000 }, (_, i) => `| ${i} | 行 ${i} |`),
    '',
  ].join('\n');

function build(threads?: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  if (threads === undefined) delete env.DOCGEN_THREADS;
  else env.DOCGEN_THREADS = String(threads);
  const started = performance.now();
  const r = spawnSync(process.execPath, [docgenBin, 'build'], { cwd: dir, encoding: 'utf8', timeout: 120_000, env });
  return {
    status: r.status,
    signal: r.signal,
    stderr: r.stderr,
    stdout: r.stdout,
    seconds: (performance.now() - started) / 1000,
  };
}

describe('per-page compile budget', () => {
  it('a small site (main thread): the slow page fails quickly with the limit and the key, the rest builds, dist/ stays', () => {
    setBudget({ seconds: 1 });
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('(on the main thread)');
    const before = readFileSync(path.join(dir, 'dist/docs/a.html'), 'utf8');

    write('content/docs/slow.md', slowPage());
    write('content/docs/a.md', readFileSync(path.join(dir, 'content/docs/a.md'), 'utf8') + '\n追記しました。\n');
    const result = build();
    expect(result.signal, 'the build finishes').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      '[PageBudgetExceeded] Compiling docs/slow.md took longer than the 1 s a page may take (markdown.budget.seconds), so it was stopped after 1.',
    );
    expect(result.stderr).toContain('content/docs/slow.md');
    expect(result.stderr).toContain('raise markdown.budget.seconds in site.config.ts');
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(result.stderr).toContain('docgen build failed; the previous output was left untouched');
    expect(result.seconds, 'stopped long before the page would finish (about 40 s)').toBeLessThan(20);
    expect(readFileSync(path.join(dir, 'dist/docs/a.html'), 'utf8')).toBe(before);
  });

  it('in the pool: every page over time or memory is reported at once, and the replacement threads compile the rest', () => {
    setBudget({ seconds: 5, memoryMb: 100 });
    for (let i = 0; i < 30; i++)
      write(`content/docs/many/p-${String(i).padStart(2, '0')}.md`, `# ページ ${i}\n\n本文 ${i} です。\n`);
    write('content/docs/many/p-05.md', slowPage());
    write('content/docs/many/p-15.md', bigTable());
    // A page with a Markdown error after each of them on the same thread: its error shows that it was compiled.
    write('content/docs/many/p-25.md', ':::warnign\n注意\n:::\n');
    const result = build(1);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[PageBudgetExceeded] Compiling docs/many/p-05.md took longer than the 5 s');
    expect(result.stderr).toContain(
      '[PageBudgetExceeded] Compiling docs/many/p-15.md needed more than the 100 MiB of memory a page may use (markdown.budget.memoryMb)',
    );
    expect(result.stderr).toContain('raise markdown.budget.memoryMb in site.config.ts');
    expect(result.stderr).toContain('content/docs/many/p-25.md:1:1');
    expect(result.stderr).toContain('docgen build failed with 3 errors');
    expect(result.seconds).toBeLessThan(30);
  });

  it('within the default budget the same pages build', () => {
    write('content/docs/table.md', bigTable());
    const result = build(1);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'dist/docs/table.html'), 'utf8')).toContain('行 29999');
  });
});
