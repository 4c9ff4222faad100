/**
 * Incremental builds (src/node/incremental/): an edited page is rebuilt alone, and the result equals a
 * full build; anything an incremental build cannot do alone falls back to a full build; errors and hand-changed
 * output folders are handled as a full build would. Real builds of a fixture site through the CLI.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { outputEntries } from '../../src/node/cache/output-entries.js';
import { searchFileName, type PartitionRow, type SearchManifest } from '../../src/shared/search-format.js';
import { builtSearchEngine } from '../helpers/search-index.js';
import { copyFixture, docgenBin, removeDir, repoRoot, runDocgen } from '../helpers/site.js';

const dir = copyFixture('theme');
const dist = path.join(dir, 'dist');
const second = path.join(dir, 'content/docs/guide/second.md');
const original = readFileSync(second, 'utf8');

afterAll(() => removeDir(dir));

beforeEach(() => {
  writeFileSync(second, original);
  const result = runDocgen(['build'], dir);
  expect(result.status, result.stderr).toBe(0);
});

/** Every file of an output folder (output-relative) with its size and modification time. */
const files = outputEntries;

/** The search index of a built site as plain data: statistics, and every term's row whatever its partition. */
function searchIndexOf(folder: string) {
  const shell = JSON.parse(readFileSync(path.join(folder, 'site.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(path.join(folder, shell.searchManifest), 'utf8')) as SearchManifest;
  const rows = new Map<string, string[]>();
  manifest.partitions.starts.forEach((_, n) => {
    const file = `assets/search/${searchFileName('terms', n, manifest.partitions.hashes)}`;
    for (const row of JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as PartitionRow[])
      rows.set(row[0], row.slice(1));
  });
  const { partitions, ...rest } = manifest;
  return { rest, rows: Object.fromEntries([...rows].sort()), terms: partitions.starts.length > 0 };
}

describe('docgen build after editing one page', () => {
  it('rebuilds only that page, and writes what a full build writes', async () => {
    const before = files(dist);
    // Words removed (ここ), added (差分語彙テスト…) and counted differently (です) in one section.
    writeFileSync(
      second,
      original.replace('ここです。', 'そこでした。インクリメンタル更新で加えた段落、差分語彙テストです。'),
    );
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/rebuilt 1 changed page of \d+ routes/);
    expect(result.stdout).not.toContain('rendering pages');

    const after = files(dist);
    expect(readFileSync(path.join(dist, 'docs/guide/second.html'), 'utf8')).toContain(
      'インクリメンタル更新で加えた段落',
    );
    // Other pages are not written again: same file, same modification time.
    const untouched = [...after].filter(([file]) => file.endsWith('.html') && file !== 'docs/guide/second.html');
    expect(untouched.length).toBeGreaterThan(10);
    for (const [file, entry] of untouched) expect(entry, file).toBe(before.get(file));
    // Files nothing references any more are gone: one search manifest, one navigation file, one data file per route.
    expect([...after.keys()].filter((f) => f.startsWith('assets/search/manifest.'))).toHaveLength(1);
    expect([...after.keys()].filter((f) => f.startsWith('assets/navigation.'))).toHaveLength(1);
    expect([...after.keys()].filter((f) => f.startsWith('assets/data/docs_guide_second.'))).toHaveLength(1);

    // A full build from scratch writes the same files with the same bytes, the search index too: its partitions and
    // document chunks are cut again where the edit moved their boundaries.
    const full = path.join(dir, 'full');
    expect(runDocgen(['build', '--force', '--out-dir', 'full'], dir).status).toBe(0);
    const fullFiles = files(full);
    const bytesOf = (folder: string, file: string) => readFileSync(path.join(folder, file), 'utf8');
    expect([...after.keys()].sort()).toEqual([...fullFiles.keys()].sort());
    for (const file of fullFiles.keys()) expect(bytesOf(dist, file), file).toBe(bytesOf(full, file));
    expect(searchIndexOf(dist)).toEqual(searchIndexOf(full));
    // And search finds the new words on that page, as the browser would.
    const hits = await builtSearchEngine(dist).engine.search('差分語彙テスト');
    expect(hits[0]?.url).toBe('/docs/guide/second#目的地');
    rmSync(full, { recursive: true, force: true });
  });

  it.each([
    {
      what: 'the edit changes what other pages show (the title in sidebars)',
      edit: (text: string) => text.replace('title: 二番目', 'title: 二番目の改題'),
      reason: 'the front matter or title of content/docs/guide/second.md changed',
      page: 'docs/guide/intro.html',
      shows: '二番目の改題',
    },
    {
      what: 'a heading is added (anchors and search sections move)',
      edit: (text: string) => text.replace('ここです。', 'ここです。\n\n## 新しい見出し\n\n新しい節。'),
      reason: 'the headings or ids of content/docs/guide/second.md changed',
      page: 'docs/guide/second.html',
      shows: '新しい見出し',
    },
  ])('builds every page when $what', ({ edit, reason, page, shows }) => {
    writeFileSync(second, edit(original));
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`building every page: ${reason}`);
    expect(readFileSync(path.join(dist, page), 'utf8')).toContain(shows);
  });

  it('reports an error in the edited page as a full build does, leaves the output as it was, then recovers', () => {
    const before = files(dist);
    writeFileSync(second, original.replace('ここです。', 'ここです。[壊れたリンク](./missing-page.md)'));
    const failed = runDocgen(['build'], dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('[DeadLink]');
    expect(failed.stderr).toMatch(/content\/docs\/guide\/second\.md:\d+:\d+/);
    expect(files(dist)).toEqual(before);

    writeFileSync(second, original.replace('ここです。', 'ここです。直した段落。'));
    const fixed = runDocgen(['build'], dir);
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/rebuilt 1 changed page/);
    expect(readFileSync(path.join(dist, 'docs/guide/second.html'), 'utf8')).toContain('直した段落。');
  });

  it('builds every page when the output folder was changed by hand', () => {
    rmSync(path.join(dist, 'docs/guide/intro.html'));
    writeFileSync(second, original.replace('ここです。', 'ここです。手で消したあとの段落。'));
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('building every page: the output folder changed since the last build');
    expect(readFileSync(path.join(dist, 'docs/guide/intro.html'), 'utf8')).toContain('<!doctype html>');
  });

  it('--force builds every page', () => {
    writeFileSync(second, original.replace('ここです。', 'ここです。強制。'));
    const result = runDocgen(['build', '--force'], dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('rendering pages');
    expect(result.stdout).not.toContain('incremental');
  });
});

describe('docgen build after a paragraph edit on a site whose search index has many files', () => {
  it('writes the search index a cold build writes, file for file (partitions and chunks cut again)', () => {
    // This site: 18 document chunks and many term partitions, so a longer paragraph moves their boundaries.
    const site = tempSiteCopy();
    try {
      const cache = { DOCGEN_CACHE_DIR: path.join(site, '.cache-warm') };
      expect(runDocgenEnv(['build'], site, cache).status).toBe(0);
      const page = path.join(site, 'content/docs/devSpecification/SPN/crate.md');
      const words = Array.from({ length: 60 }, (_, i) => `段落語${i} partitionterm${i}`).join('、');
      writeFileSync(page, `${readFileSync(page, 'utf8')}\n\n${words}。\n`);
      const warm = runDocgenEnv(['build'], site, cache);
      expect(warm.status, warm.stderr).toBe(0);
      expect(warm.stdout).toMatch(/rebuilt 1 changed page/);
      expectColdBuildEqual(site);
    } finally {
      removeDir(site);
    }
  });
});

describe('docgen build after edits of two pages that share terms', () => {
  it('keeps the postings of the page where a term changed on the other page only (cold build, file for file)', () => {
    // The first page loses a paragraph whose words (cluster, token, ...) the second page also has, unchanged: the
    // terms' lists drop every edited document, so the second page's postings must be written back too.
    const site = tempSiteCopy();
    try {
      const cache = { DOCGEN_CACHE_DIR: path.join(site, '.cache-warm') };
      const first = path.join(site, 'content/docs/devDesign/apigateway/m2m.md');
      const second = path.join(site, 'content/docs/devDesign/apigateway/bff.md');
      const text = readFileSync(first, 'utf8');
      writeFileSync(first, `${text}\ncluster認証ルーティングclusterキャッシュtokenゲートウェイ段落。\n`);
      expect(runDocgenEnv(['build'], site, cache).status).toBe(0);
      writeFileSync(first, text);
      writeFileSync(
        second,
        readFileSync(second, 'utf8').replace('付きで受け取ります。', '付きで受け取ります。 設定値 ゲートウェイ'),
      );
      const warm = runDocgenEnv(['build'], site, cache);
      expect(warm.status, warm.stderr).toBe(0);
      expect(warm.stdout).toMatch(/rebuilt 2 changed pages/);
      expectColdBuildEqual(site);
    } finally {
      removeDir(site);
    }
  });
});

/** A cold `build --force` of `site` (empty cache, into cold/) writes its dist/ file for file, byte for byte. */
function expectColdBuildEqual(site: string) {
  const cold = runDocgenEnv(['build', '--force', '--out-dir', 'cold'], site, {
    DOCGEN_CACHE_DIR: path.join(site, '.cache-cold'),
  });
  expect(cold.status, cold.stderr).toBe(0);
  const warmFiles = [...files(path.join(site, 'dist')).keys()].sort();
  expect(warmFiles).toEqual([...files(path.join(site, 'cold')).keys()].sort());
  for (const file of warmFiles)
    expect(readFileSync(path.join(site, 'dist', file), 'utf8'), file).toBe(
      readFileSync(path.join(site, 'cold', file), 'utf8'),
    );
}

/** This repository's site (content, OpenAPI documents, config) copied to a temp folder. */
function tempSiteCopy(): string {
  const site = mkdtempSync(path.join(tmpdir(), 'docgen-incremental-site-'));
  for (const file of ['content', 'openapi', 'site.config.ts'])
    cpSync(path.join(repoRoot, file), path.join(site, file), { recursive: true });
  return site;
}

/** runDocgen with extra environment variables (a cache folder of the test's own). */
function runDocgenEnv(args: string[], cwd: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [docgenBin, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

describe('docgen build after editing one page of a site with warnings', () => {
  it("prints the other pages' warnings as a cold build does, and again when nothing changed", () => {
    const site = copyFixture('theme');
    try {
      // A dropped <script> is a warning (onDroppedHtml defaults to 'warn') on a page the edit does not touch.
      writeFileSync(
        path.join(site, 'content/docs/guide/warned.md'),
        '---\ntitle: 警告のあるページ\n---\n\n本文。\n\n<script>alert(1)</script>\n',
      );
      const cache = { DOCGEN_CACHE_DIR: path.join(site, '.cache-warm') };
      const first = runDocgenEnv(['build', '--json'], site, cache);
      expect(first.status, first.stderr).toBe(0);
      const page = path.join(site, 'content/docs/guide/second.md');
      writeFileSync(page, readFileSync(page, 'utf8').replace('ここです。', 'ここです。警告のない段落。'));
      const warm = runDocgenEnv(['build', '--json'], site, cache);
      const cold = runDocgenEnv(['build', '--json', '--force', '--out-dir', 'cold'], site, {
        DOCGEN_CACHE_DIR: path.join(site, '.cache-cold'),
      });
      expect(cold.status, cold.stderr).toBe(0);
      expect(JSON.parse(cold.stdout).warnings.map((w: { code: string }) => w.code)).toContain('DroppedHtml');
      expect(warm.status, warm.stderr).toBe(0);
      expect(JSON.parse(warm.stdout)).toEqual(JSON.parse(cold.stdout));
      // A build that finds nothing changed prints them too.
      const again = runDocgenEnv(['build', '--json'], site, cache);
      expect(again.status, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual(JSON.parse(cold.stdout));
    } finally {
      removeDir(site);
    }
  });
});

describe('docgen build after editing one page of a site that keeps inline styles (markdown.inlineStyles)', () => {
  it('patches the page while it needs the styles it needed, and builds every page when it needs another', () => {
    const site = copyFixture('theme');
    try {
      const config = path.join(site, 'site.config.ts');
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace(
          "buildDate: '2025-10-13',",
          "buildDate: '2025-10-13',\n  markdown: { inlineStyles: true },",
        ),
      );
      const page = path.join(site, 'content/docs/guide/second.md');
      const styled = `${readFileSync(page, 'utf8')}\n<p style="text-align: center">中央の段落。</p>\n`;
      writeFileSync(page, styled);
      expect(runDocgen(['build'], site).status).toBe(0);
      const hashesOf = () => /style-src[^;\n]*/.exec(readFileSync(path.join(site, 'dist/_headers'), 'utf8'))?.[0];
      const before = hashesOf();
      expect(before).toContain("'unsafe-hashes'");

      // Text changed, the same style: the page alone is rebuilt, and the policy is the one a full build writes.
      writeFileSync(page, styled.replace('中央の段落。', '中央の段落、書き換え。'));
      const text = runDocgen(['build'], site);
      expect(text.status, text.stderr).toBe(0);
      expect(text.stdout).toMatch(/rebuilt 1 changed page/);
      expect(hashesOf()).toBe(before);

      // Another style value needs another hash in the site-wide policy: a full build writes it.
      writeFileSync(page, styled.replace('text-align: center', 'text-align: right'));
      const style = runDocgen(['build'], site);
      expect(style.status, style.stderr).toBe(0);
      expect(style.stdout).toContain(
        "building every page: docs/guide/second.html needs other inline styles or frames allowed by the site's policy",
      );
      expect(hashesOf()).not.toBe(before);
      expect(runDocgen(['build', '--force', '--out-dir', 'cold'], site).status).toBe(0);
      for (const file of ['_headers', 'nginx.conf.example', 'docs/guide/second.html'])
        expect(readFileSync(path.join(site, 'dist', file), 'utf8'), file).toBe(
          readFileSync(path.join(site, 'cold', file), 'utf8'),
        );
    } finally {
      removeDir(site);
    }
  });
});
