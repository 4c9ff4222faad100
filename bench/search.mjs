#!/usr/bin/env node
// Search benchmark. Builds this site and synthetic corpora (/work/shared/bench/gen-corpus.mjs, or
// $CORPUS_GEN, generated into a temp folder) with the real CLI and prints medians, per site:
// - build: whole cold build (--force: no page or token cache) and its search stage, peak RSS, `--runs` times;
//   then one page's text edited (an incremental build: the index is patched) and one page's title edited (every
//   page built again, the token cache serving the others): their search stages;
// - index: files, term partitions, raw and gzip bytes (gzip -9 of every file, computed here), the largest file;
// - Chromium (Debian chromium, $CHROMIUM_PATH): opening search (manifest), then for each query in a fresh
//   browser context the first query after opening (cold: keystroke to results on screen) with the bytes it
//   downloaded (raw, and gzip -9 of the same files), and the same query again (warm: everything loaded).
// Usage: node bench/search.mjs [--pages 1000,10000] [--runs 3] [--no-browser] [--keep]
import { mkdtempSync, readFileSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { copyRealSite, createCorpusSite, editPage, retitlePage } from './corpus.mjs';
import { startServe } from './lighthouse.mjs';
import { measureBuild, median } from './measure.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const PAGES = option('--pages', '1000,10000').split(',').filter(Boolean).map(Number);
const RUNS = Number(option('--runs', '3'));
const BROWSER = !args.includes('--no-browser');
const KEEP = args.includes('--keep');
const QUERIES = [
  'デバイスID 有効期限',
  'shareCookie',
  'RRSet 削除',
  'ルーティングチェーン',
  'サービス 設定',
  '証明書を検証',
  'urn:svc:example',
  'アクセスログ',
  'リフレッシュトークン',
  'VPS クラスタ',
];

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** Cold builds (median of RUNS), then a one-page edit built with the caches. */
async function builds(label, site) {
  const cold = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await measureBuild({ bin: BIN, root: site.root, extraArgs: ['--force'] });
    if (!run.ok) throw new Error(`${label}: build failed\n${run.output}`);
    cold.push(run);
  }
  const edit = async (what, change) => {
    change();
    const run = await measureBuild({ bin: BIN, root: site.root });
    if (!run.ok) throw new Error(`${label}: build after ${what} failed\n${run.output}`);
    return run;
  };
  const edited = await edit('a text edit', () => editPage(site.editFile, 1));
  const retitled = await edit('a title edit', () => retitlePage(site.editFile, 1));
  const stage = (r) => r.stages['building search index'];
  console.log(
    `${label}: cold build ${sec(median(cold.map((r) => r.wallMs)))} (median of ${RUNS}), search stage ${sec(median(cold.map(stage)))}, peak RSS ${(median(cold.map((r) => r.peakRssBytes)) / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(
    `  one page's text edited (incremental): build ${sec(edited.wallMs)}, search index patched in ${sec(edited.stages['updating search index'])}`,
  );
  console.log(
    `  one page's title edited (every page built): build ${sec(retitled.wallMs)}, search stage ${sec(stage(retitled))} (${/(\d+\/\d+) pages from the token cache/.exec(retitled.output)?.[1] ?? 'no'} pages from the token cache)`,
  );
  console.log(`  build report: ${/search index: .*/.exec(retitled.output)?.[0]}`);
}

/** Sizes of the index files on disk; gzip -9 of each (memoised for the browser figures). */
const gzipOf = new Map();
function indexFiles(dist) {
  const dir = path.join(dist, 'assets/search');
  const files = readdirSync(dir).map((name) => {
    const file = path.join(dir, name);
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
    return { name, bytes: statSync(file).size, gzip: gzipOf.get(file) };
  });
  const sum = (xs, key) => xs.reduce((s, f) => s + f[key], 0);
  const largest = files.reduce((m, f) => (f.gzip > m.gzip ? f : m));
  const kinds = ['terms', 'lengths', 'docs']
    .map((k) => `${files.filter((f) => f.name.startsWith(`${k}-`)).length} ${k}`)
    .join(', ');
  console.log(
    `  index: ${files.length} files (${kinds}), ${kb(sum(files, 'bytes'))} raw, ${kb(sum(files, 'gzip'))} gzip -9; largest ${largest.name} ${kb(largest.gzip)} gzip`,
  );
}

/** Chromium: open, cold query in a fresh context, warm repeat; bytes per query. */
async function browser(label, dist) {
  const { chromium } = await import(path.join(REPO, 'node_modules/playwright-core/index.mjs'));
  const server = await startServe({ bin: BIN, dir: dist });
  const b = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    for (const query of QUERIES) {
      const context = await b.newContext();
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const opened = Date.now();
      await page.keyboard.press('/');
      await page.waitForFunction(
        () => document.querySelector('.dg-search-dialog__status')?.textContent === 'キーワードを入力してください。',
        null,
        { timeout: 120_000 },
      );
      const openMs = Date.now() - opened;
      const requests = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      const result = await page.evaluate(async (q) => {
        const input = document.querySelector('.dg-search-dialog__input');
        const status = document.querySelector('.dg-search-dialog__status');
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        const type = (value) => (setter.call(input, value), input.dispatchEvent(new Event('input', { bubbles: true })));
        const until = (done) =>
          new Promise((resolve) => {
            if (done()) return resolve();
            new MutationObserver((_, o) => done() && (o.disconnect(), resolve())).observe(status, {
              childList: true,
              subtree: true,
              characterData: true,
            });
          });
        const answered = () => /^\d+ 件$|一致するページはありません|読み込めません/.test(status.textContent ?? '');
        let t = performance.now();
        type(q);
        await until(answered);
        const cold = performance.now() - t;
        const text = status.textContent;
        type('');
        await until(() => status.textContent === 'キーワードを入力してください。');
        t = performance.now();
        type(q);
        await until(answered);
        return { cold, warm: performance.now() - t, text };
      }, query);
      result.fetched = requests.filter((p) => p.includes('/assets/search/'));
      const files = result.fetched.map((p) => path.join(dist, p));
      const manifest = readdirSync(path.join(dist, 'assets/search')).find((f) => f.startsWith('manifest.'));
      rows.push({
        query,
        openMs,
        manifest: statSync(path.join(dist, 'assets/search', manifest)).size,
        ...result,
        bytes: files.reduce((s, f) => s + statSync(f).size, 0),
        gzip: files.reduce((s, f) => s + (gzipOf.get(f) ?? gzipSync(readFileSync(f), { level: 9 }).length), 0),
        count: (kind) => result.fetched.filter((u) => u.includes(`/${kind}-`)).length,
      });
      await context.close();
    }
  } finally {
    await b.close();
    server.stop();
  }
  const m = (f) => median(rows.map(f));
  console.log(
    `  Chromium: open search ${m((r) => r.openMs).toFixed(0)} ms (manifest ${kb(rows[0].manifest)} raw); per query, median of ${rows.length}:`,
  );
  console.log(
    `    cold (first query after open) ${m((r) => r.cold).toFixed(0)} ms, warm ${m((r) => r.warm).toFixed(1)} ms (max cold ${Math.max(...rows.map((r) => r.cold)).toFixed(0)} ms)`,
  );
  console.log(
    `    downloaded by the query: ${kb(m((r) => r.bytes))} raw, ${kb(m((r) => r.gzip))} gzip -9 (max ${kb(Math.max(...rows.map((r) => r.gzip)))}); files: ${m((r) => r.count('terms'))} partitions, ${m((r) => r.count('lengths'))} length blocks, ${m((r) => r.count('docs'))} document chunks`,
  );
  for (const r of rows)
    console.log(
      `      ${r.query}: ${r.text}, cold ${r.cold.toFixed(0)} ms, warm ${r.warm.toFixed(1)} ms, ${kb(r.gzip)} gzip (${r.count('terms')}/${r.count('lengths')}/${r.count('docs')})`,
    );
}

const work = mkdtempSync(path.join(tmpdir(), 'docgen-search-bench-'));
try {
  const sites = [{ label: 'this site', site: copyRealSite({ repo: REPO, dir: path.join(work, 'site') }) }];
  for (const n of PAGES)
    sites.push({ label: `${n} pages`, site: createCorpusSite({ pages: n, dir: path.join(work, `corpus-${n}`) }) });
  for (const { label, site } of sites) {
    await builds(label, site);
    const dist = path.join(site.root, 'dist');
    indexFiles(dist);
    if (BROWSER) await browser(label, dist);
  }
} finally {
  if (KEEP) console.log(`sites kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
