/**
 * Markdown is compiled and HTML rendered in worker threads. A diagnostic raised in a worker must reach
 * the terminal exactly as the main thread would have printed it (file:line:column, code frame, hint), every bad
 * page must be reported in one run, and the pool must shut down: the process exits by itself on success and on
 * failure, leaving no temporary theme module behind. Pages rendered while the search index is built get the real
 * site data URL patched in.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/node/diagnostics/format.js';
import { compileMarkdown, createMarkdownProcessor } from '../../src/node/markdown/processor.js';
import { docgenBin, leftoversIn, repoRoot } from '../helpers/site.js';

const PAGES = 40;
const BAD = [3, 36]; // far apart, so that both threads of a 2-core pool are likely to get one
const pageFile = (i: number) => `content/docs/many/p-${String(i).padStart(2, '0')}.md`;

function pageSource(i: number, bad: boolean): string {
  const body = [
    `---`,
    `title: ページ ${i}`,
    `---`,
    ``,
    `## 見出し ${i}`,
    ``,
    `本文 ${i} です。`,
    bad ? `:::warnign\n注意\n:::` : `:::warning\n注意\n:::`,
    ``,
  ];
  return body.join('\n');
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docgen-workers-'));
  cpSync(path.join(repoRoot, 'tests/fixtures/bad/_base'), dir, { recursive: true });
  mkdirSync(path.join(dir, 'content/docs/many'), { recursive: true });
  for (let i = 0; i < PAGES; i++) writeFileSync(path.join(dir, pageFile(i)), pageSource(i, BAD.includes(i)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the real CLI with two worker threads (a site this small would otherwise build on the main thread:
 * pool.ts poolSize); a build whose pool kept the process alive is killed by the timeout (signal set).
 */
function build(args: string[] = []) {
  const env = { ...process.env, NO_COLOR: '1', DOCGEN_THREADS: '2' };
  const result = spawnSync(process.execPath, [docgenBin, 'build', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env,
  });
  return {
    status: result.status,
    signal: result.signal,
    stdout: result.stdout,
    stderr: result.stderr,
    pid: result.pid,
  };
}

/** What the main thread prints for the page's diagnostics when it compiles the page itself (no worker). */
async function expectedReport(i: number): Promise<string[]> {
  const file = path.join(dir, pageFile(i));
  const source = readFileSync(file, 'utf8');
  const relPath = pageFile(i).replace(/^content\//, '');
  const page = await compileMarkdown({
    processor: createMarkdownProcessor(),
    source,
    frontMatter: {},
    ctx: {
      file,
      relPath,
      route: '/' + relPath.replace(/\.md$/, ''),
      routeByRelPath: new Map(),
      staticFiles: new Set(),
      href: (p) => p,
    },
  });
  expect(page.errors.length).toBeGreaterThan(0);
  return page.errors.map((e) => formatError(e, dir).replace(/\x1b\[[0-9;]*m/g, ''));
}

/**
 * Temporary files this process left in docgen's cache: renderer modules (render/ssr.ts writeServerModule) and
 * half-written cache files (`<file>.<pid>.tmp`, e.g. incremental/theme-module.ts).
 */
function leftoverThemeModules(pid: number): string[] {
  const cache = path.join(repoRoot, 'node_modules/.cache/docgen');
  return existsSync(cache)
    ? readdirSync(cache).filter((name) => name.startsWith(`ssr-${pid}-`) || name.endsWith(`.${pid}.tmp`))
    : [];
}

describe('worker threads', () => {
  it('report a Markdown error from a worker with file:line:column and code frame, as the main thread would', async () => {
    const result = build(['--force']);
    expect(result.signal, 'the process exits by itself').toBeNull();
    expect(result.status).toBe(1);
    for (const i of BAD) {
      const expected = await expectedReport(i);
      for (const block of expected) expect(result.stderr).toContain(block);
      expect(result.stderr).toContain(`${pageFile(i)}:8:1\n`);
      expect(result.stderr).toMatch(/>\s+8 \| :::warnign/);
    }
    expect(result.stderr).toContain(`docgen build failed with ${BAD.length} errors`);
    expect(existsSync(path.join(dir, 'dist')), 'nothing is written').toBe(false);
    expect(leftoversIn(dir)).toEqual([]);
    expect(leftoverThemeModules(result.pid!)).toEqual([]);
  });

  it('the same errors come out as JSON with their exact positions', () => {
    const result = build(['--force', '--json']);
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    const { errors } = JSON.parse(result.stdout) as {
      errors: { code: string; file: string; line: number; column: number; frame: string }[];
    };
    expect(errors.map((e) => [e.code, e.file, e.line, e.column])).toEqual(
      BAD.map((i) => ['MarkdownSyntax', pageFile(i), 8, 1]),
    );
    for (const e of errors) expect(e.frame).toMatch(/>\s+8 \| :::warnign/);
  });

  it('exits by itself after a successful build, with every page written', () => {
    for (const i of BAD) writeFileSync(path.join(dir, pageFile(i)), pageSource(i, false));
    const result = build(['--force']);
    expect(result.signal, 'the process exits by itself').toBeNull();
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('(with 2 worker threads)');
    for (let i = 0; i < PAGES; i++) {
      const html = readFileSync(
        path.join(
          dir,
          'dist',
          pageFile(i)
            .replace(/^content\//, '')
            .replace(/\.md$/, '.html'),
        ),
        'utf8',
      );
      expect(html).toContain(`本文 ${i} です。`);
      // Pages are rendered while the search index is built: they name the site shell by its stable URL, and the
      // shell (written afterwards) names the finished index.
      const site = /"site":"([^"]+)"/.exec(html)![1]!;
      expect(site).toBe('/site.json');
      expect(html).toContain(`<link rel="preload" href="${site}" as="fetch" crossorigin>`);
      const shell = JSON.parse(readFileSync(path.join(dir, 'dist', site), 'utf8'));
      expect(existsSync(path.join(dir, 'dist', shell.searchManifest))).toBe(true);
    }
    expect(leftoverThemeModules(result.pid!)).toEqual([]);
  });
});
