#!/usr/bin/env node
// `docgen dev` benchmark (the "Measured" figures; a script, not a timed test). Prints medians of:
//  - cold start: from spawning `docgen dev` to the first 200 for a doc page, for this site and for a 1,000-page
//    corpus (/work/shared/bench/gen-corpus.mjs) in a temp dir;
//  - edit to update: from saving a Markdown file to the new text visible in an open Chromium page (20 edits),
//    on temp copies of both sites (content/ of this repo is never edited).
// Usage: node bench/dev.mjs [--runs 5] [--edits 20] [--pages 1000]
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin/docgen.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 5);
const EDITS = arg('edits', 20);
const PAGES = arg('pages', 1000);
const corpusLabel = `${PAGES.toLocaleString('en')} pages`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns `docgen dev --port 0` in cwd; resolves with the child and its URL once it prints it. */
function startDev(cwd) {
  const child = spawn(process.execPath, [bin, 'dev', '--port', '0'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  const url = new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Local:\s+(http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1].replace(/\/$/, ''));
    });
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => reject(new Error(`docgen dev exited with ${code}: ${out}`)));
  });
  return { child, url };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Milliseconds from spawn to the first 200 of `pathname`. */
async function coldStart(cwd, pathname) {
  const started = performance.now();
  const { child, url } = startDev(cwd);
  try {
    const base = await url;
    for (;;) {
      const response = await fetch(base + pathname).catch(() => null);
      if (response?.status === 200) {
        await response.text();
        return performance.now() - started;
      }
      if (response) throw new Error(`${pathname}: HTTP ${response.status}`);
      await sleep(2);
    }
  } finally {
    await stop(child);
  }
}

/** Median milliseconds from writing `file` to its new text being in the open page's <main>. */
async function editToUpdate(cwd, pathname, file) {
  const { child, url } = startDev(cwd);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto((await url) + pathname);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const original = readFileSync(file, 'utf8');
    const times = [];
    for (let i = 0; times.length < EDITS && i < EDITS * 2; i++) {
      const marker = `bench-edit-${i}-${Date.now()}`;
      // Records when the marker appears, on the page's clock (epoch ms, same machine as this script).
      await page.evaluate((text) => {
        window.__seen = new Promise((resolve) => {
          const check = () =>
            document.querySelector('main')?.textContent?.includes(text) &&
            (observer.disconnect(), resolve(performance.timeOrigin + performance.now()));
          const observer = new MutationObserver(check);
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, marker);
      const saved = performance.timeOrigin + performance.now();
      writeFileSync(file, `${original}\n\n${marker}\n`);
      try {
        const seen = await page.evaluate(() => window.__seen);
        times.push(seen - saved);
      } catch (error) {
        // The page reloaded (e.g. the event stream dropped under load): note it and measure the next edit.
        console.error(`edit ${i}: ${error.message.split('\n')[0]}`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      }
      await sleep(150); // chokidar drops a second change of one file within 50 ms; real edits are further apart
    }
    writeFileSync(file, original);
    return times;
  } finally {
    await browser.close();
    await stop(child);
  }
}

function copySite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-bench-site-'));
  for (const part of ['content', 'openapi', 'site.config.ts'])
    cpSync(path.join(repo, part), path.join(dir, part), { recursive: true });
  return dir;
}

function makeCorpus() {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-bench-corpus-'));
  execFileSync(
    process.execPath,
    ['/work/shared/bench/gen-corpus.mjs', '--pages', String(PAGES), '--out', path.join(dir, 'content')],
    { stdio: 'ignore' },
  );
  writeFileSync(
    path.join(dir, 'site.config.ts'),
    `import { defineConfig } from 'docgen';
export default defineConfig({
  product: 'Corpus', title: '{product} Docs', tagline: 'benchmark corpus', url: 'https://corpus.example', buildDate: '2025-10-13',
  themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] }, footer: { style: 'dark', copyright: 'corpus' } },
  sidebars: { docs: { label: 'Docs', entry: '/docs/sec-00/page-0000', items: [{ type: 'autogenerated', dirName: 'docs' }] } },
});
`,
  );
  return dir;
}

const site = copySite();
const corpus = makeCorpus();
const sitePage = '/docs/devDesign/apigateway/';
const siteFile = path.join(site, 'content/docs/devDesign/apigateway/index.md');
const corpusPage = '/docs/sec-00/page-0001';
const corpusFile = path.join(corpus, 'content/docs/sec-00/page-0001.md');
try {
  const rows = [];
  for (const [name, dir, page] of [
    ['this site', site, sitePage],
    [corpusLabel, corpus, corpusPage],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldStart(dir, page));
    rows.push([`cold start, ${name} (${page})`, median(runs), runs]);
  }
  for (const [name, dir, page, file] of [
    ['this site', site, sitePage, siteFile],
    [corpusLabel, corpus, corpusPage, corpusFile],
  ]) {
    const times = await editToUpdate(dir, page, file);
    rows.push([`edit to update, ${name} (median of ${times.length})`, median(times), times]);
  }
  for (const [label, value, all] of rows)
    console.log(
      `${label.padEnd(62)} ${value.toFixed(0).padStart(6)} ms   [${all.map((x) => x.toFixed(0)).join(', ')}]`,
    );
} finally {
  rmSync(site, { recursive: true, force: true });
  rmSync(corpus, { recursive: true, force: true });
}
