#!/usr/bin/env node
/**
 * The real-document corpus: builds every API description listed in bench/openapi-corpus.json as a
 * site of its own and reports, per document, whether it built, how many operations / webhooks / callbacks the
 * document has and how many the page renders, the build time and page size, and optionally the same document
 * through Redocly CLI `build-docs` and another docgen checkout (`--baseline`, e.g. main before a change), all three
 * interleaved run by run, and the page in Chromium (console errors, long tasks). Each build's CPU time (user + sys
 * of the process and its threads and children, from /proc/self/stat on Linux) is reported beside its wall time:
 * on a shared machine it is the steadier figure. `--fixed` first builds the same site without its API (CLI start,
 * config, theme and client bundles, the Markdown page, search): the part of every document's time that is not the
 * API's.
 *
 * The documents are not in git: each is copied from a local snapshot of its repository at the pinned commit
 * (`git archive`, from `--mirrors <dir>/<owner>+<name>/repo`) or installed from npm into bench/.cache, into
 * bench/.cache/openapi-corpus/<name>/.
 *
 * Usage: node bench/openapi-corpus.mjs [--only a,b] [--redocly <path of @redocly/cli's bin>] [--runs 3]
 *          [--baseline <another checkout's bin/docgen.js>] [--fixed] [--browser] [--mirrors /work/.mirror] [--json out.json]
 *          [--markdown out.md] [--redocly-timeout <s>]
 *
 * `--redocly-timeout` ends a Redocly run after that many seconds (coreutils `timeout`, so the Node process itself is
 * ended, not only GNU time): a run that hangs (one on Kubernetes' Swagger 2.0 document once wrote no page after 425 s)
 * would otherwise take most of a bench, three times. A run ended so is reported as failed, with the time it was given.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { CACHE_DIR, ensureCachedPackage } from './cache.mjs';
import { startServe } from './lighthouse.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
const LIST = JSON.parse(readFileSync(new URL('./openapi-corpus.json', import.meta.url), 'utf8')).documents;
const WORK = path.join(CACHE_DIR, 'openapi-corpus');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function parseArgs(argv) {
  const args = {
    only: null,
    redocly: null,
    baseline: null,
    fixed: false,
    runs: 1,
    browser: false,
    mirrors: process.env.DOCGEN_MIRRORS ?? '/work/.mirror',
    json: null,
    markdown: null,
    redoclyTimeout: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') args.only = new Set(argv[++i].split(','));
    else if (a === '--redocly') args.redocly = path.resolve(argv[++i]);
    else if (a === '--baseline') args.baseline = path.resolve(argv[++i]);
    else if (a === '--fixed') args.fixed = true;
    else if (a === '--runs') args.runs = Number(argv[++i]);
    else if (a === '--browser') args.browser = true;
    else if (a === '--mirrors') args.mirrors = argv[++i];
    else if (a === '--json') args.json = argv[++i];
    else if (a === '--markdown') args.markdown = argv[++i];
    else if (a === '--redocly-timeout') args.redoclyTimeout = Number(argv[++i]);
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/**
 * Copies one document (and its folder, for a multi-file one) into bench/.cache/openapi-corpus/<name>/.
 * @returns {string} absolute path of the root file
 */
function materialize(entry, mirrors) {
  const dir = path.join(WORK, entry.name, 'src');
  if (entry.package) {
    const r = ensureCachedPackage({
      spec: entry.package,
      file: path.join(entry.package.replace(/@[^@/]+$/, ''), entry.path),
    });
    if ('error' in r) throw new Error(r.error);
    return r.path;
  }
  const file = path.join(dir, entry.saveAs ?? entry.path);
  if (existsSync(file)) return file;
  const gitDir = path.join(mirrors, entry.repo.replace('/', '+'), 'repo');
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', entry.commit, entry.dir ?? entry.path], {
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  if (entry.saveAs) renameSync(path.join(dir, entry.path), file);
  return file;
}

/** Reads a JSON or YAML file (cached per run). */
const parsed = new Map();
function readDoc(file) {
  if (!parsed.has(file)) {
    const text = readFileSync(file, 'utf8');
    parsed.set(
      file,
      /\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1, uniqueKeys: false }),
    );
  }
  return parsed.get(file);
}

/** Follows `$ref`s (local or to other files) from a value in `file`; returns [value, file]. */
function deref(value, file, hops = 0) {
  if (!value || typeof value !== 'object' || typeof value.$ref !== 'string' || hops > 32) return [value, file];
  const [target, pointer = ''] = value.$ref.split('#');
  const nextFile = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
  let node = readDoc(nextFile);
  for (const s of pointer.split('/').slice(1))
    node = node?.[decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~')];
  return deref(node, nextFile, hops + 1);
}

/**
 * What the document holds, counted independently of docgen: operations under `paths`, webhooks, and callback
 * requests of those operations.
 */
function expectedCounts(file) {
  const doc = readDoc(file);
  const count = { operations: 0, webhooks: 0, callbacks: 0, named: 0, ids: [], summaries: [] };
  const each = (map, visit) => {
    for (const raw of Object.values(map ?? {})) {
      const [item, itemFile] = deref(raw, file);
      for (const m of METHODS) if (item?.[m] && typeof item[m] === 'object') visit(item[m], itemFile);
    }
  };
  each(doc.paths, (rawOp, itemFile) => {
    count.operations++;
    // An operation may itself be a $ref to a file (DigitalOcean): its operationId is the anchor the page must have.
    const [op, opFile] = deref(rawOp, itemFile);
    if (typeof op?.operationId === 'string' && op.operationId.trim() !== '')
      count.ids.push(op.operationId.trim().replace(/\s+/g, '-'));
    if (typeof op?.summary === 'string' && op.summary.trim() !== '') count.summaries.push(op.summary);
    for (const raw of Object.values(op.callbacks ?? {})) {
      const [callback, cbFile] = deref(raw, opFile);
      for (const [expression, rawItem] of Object.entries(callback ?? {})) {
        if (expression.startsWith('x-')) continue;
        const [item] = deref(rawItem, cbFile);
        for (const m of METHODS) if (item?.[m]) count.callbacks++;
      }
    }
  });
  each(doc.webhooks ?? doc['x-webhooks'], () => count.webhooks++); // x-webhooks: Redoc's, for OpenAPI 3.0
  return count;
}

const CONFIG = (spec) => `import { defineConfig } from 'docgen';

export default defineConfig({
  product: 'Corpus',
  title: '{product}',
  url: 'https://bench.example',
  buildDate: '2025-10-13',
  favicon: 'favicon.svg',
  themeConfig: { navbar: { items: [{ label: 'API', href: ${JSON.stringify(spec === null ? '/docs/intro' : '/api/doc')}, position: 'left' }] } },
  sidebars: { docs: { label: 'Docs', entry: '/docs/intro', items: [{ type: 'autogenerated', dirName: 'docs' }] } },
  ${spec === null ? '' : `apis: [{ spec: ${JSON.stringify(spec)}, route: '/api/doc' }],`}
  allowedReadPaths: [${JSON.stringify(CACHE_DIR)}],
});
`;

function writeSite(entry, spec) {
  const root = path.join(WORK, entry.name, 'site');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  writeFileSync(path.join(root, 'site.config.ts'), CONFIG(spec));
  writeFileSync(
    path.join(root, 'content/favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n',
  );
  writeFileSync(
    path.join(root, 'content/docs/intro.md'),
    spec === null ? '# Intro\n' : '# Intro\n\nThe corpus document is at [the API reference](/api/doc).\n',
  );
  return root;
}

/**
 * CPU time (ms, user + sys) of this process's finished children, or null where /proc is missing: read before and
 * after a spawnSync, the difference is that child's CPU time (its threads and esbuild's process included).
 */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS; // cutime, cstime (proc(5) fields 16 and 17)
  } catch {
    return null;
  }
}

/** Runs a command to its end: wall ms, CPU ms (null when unknown) and spawnSync's result. */
function timed(command, args, options) {
  const cpu0 = childrenCpuMs();
  const t0 = performance.now();
  // GNU time reports the peak RSS of the process (its largest, threads included; children are separate processes).
  const r = existsSync(GNU_TIME)
    ? spawnSync(GNU_TIME, ['-f', `${RSS_MARK}%M`, command, ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        ...options,
      })
    : spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28, ...options });
  const ms = performance.now() - t0;
  const cpu1 = childrenCpuMs();
  const rss = new RegExp(`${RSS_MARK}(\\d+)\\s*$`).exec(r.stderr ?? '');
  if (rss) r.stderr = r.stderr.slice(0, rss.index);
  return {
    ms,
    cpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0,
    rssMb: rss ? Number(rss[1]) / 1024 : null,
    r,
  };
}

const GNU_TIME = '/usr/bin/time';
const RSS_MARK = 'docgen-bench-peak-rss-kb=';

/** One cold docgen build: ms, CPU ms, exit status, the stderr warnings, and what the page renders. */
function docgenBuild(root, bin = BIN, { page: readPage = true, ids = [], summaries = [] } = {}) {
  const { ms, cpuMs, rssMb, r } = timed(process.execPath, [bin, 'build', '--force'], { cwd: root });
  const out = {
    ms,
    cpuMs,
    rssMb,
    ok: r.status === 0,
    warnings: (r.stderr.match(/^warning \[/gm) ?? []).length,
    error:
      r.status === 0
        ? ''
        : (r.stdout + r.stderr)
            .split('\n')
            .filter((l) => /\[\w+\]/.test(l))
            .slice(0, 2)
            .join(' / '),
  };
  if (!out.ok || !readPage) return out;
  const dist = path.join(root, 'dist');
  const page = readFileSync(path.join(dist, 'api/doc.html'), 'utf8');
  let html = page;
  let partBytes = 0;
  let largestPart = 0;
  for (const f of readdirSync(path.join(dist, 'assets/api'))) {
    const m = /^api_doc\.([^.]+)\.[0-9a-f]{10}\.html$/.exec(f);
    if (!m) continue;
    const text = readFileSync(path.join(dist, 'assets/api', f), 'utf8');
    html += text;
    partBytes += text.length;
    largestPart = Math.max(largestPart, Buffer.byteLength(text));
  }
  const sections = html.match(/<section class="dg-op[ "][^>]*>/g) ?? [];
  out.rendered = {
    operations:
      sections.length - (html.match(/class="dg-badge dg-badge--webhook"/g) ?? []).length - countCallbackOps(html),
    webhooks: (html.match(/class="dg-badge dg-badge--webhook"/g) ?? []).length,
    callbacks: countCallbackOps(html),
    // Operations anchored by their operationId: one that rendered empty (its $ref not followed) gets a path slug.
    named: ids.filter((id) => html.includes(`id="${escapeAttr(id)}"`)).length,
    // Operations whose summary is on the page (a heading of its own: the page shows `summary || path`).
    summarized: summaries.filter((summary) => html.includes(`>${escapeText(summary)}</a>`)).length,
  };
  out.pageBytes = Buffer.byteLength(page);
  out.partBytes = partBytes;
  out.largestPart = largestPart;
  return out;
}

/** Text as React writes it. */
function escapeText(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** An attribute value as React writes it (react-dom's escapeTextForBrowser: `'` too). */
function escapeAttr(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;');
}

function countCallbackOps(html) {
  return (html.match(/<section class="dg-op[ "][^>]*id="[^"]*-callback-[^"]*"/g) ?? []).length;
}

/**
 * One Redocly CLI build-docs run: ms, CPU ms, exit status, output bytes.
 * @param timeoutS seconds after which the run is ended (`timeout` exits 124), or null for no limit
 */
function redoclyBuild(cli, spec, dir, timeoutS = null) {
  const out = path.join(dir, 'redoc.html');
  rmSync(out, { force: true }); // a page left by an earlier run must not pass for this one's
  const command = [process.execPath, cli, 'build-docs', spec, '-o', out];
  const { ms, cpuMs, rssMb, r } =
    timeoutS === null ? timed(command[0], command.slice(1)) : timed('timeout', [String(timeoutS), ...command]);
  if (timeoutS !== null && r.status === 124) r.stderr += `\nended by --redocly-timeout after ${timeoutS} s`;
  const ok = r.status === 0 && existsSync(out);
  // Its last words when it wrote no page (a crash, or running out of memory), for the report.
  const said =
    (r.stderr ?? '')
      .trim()
      .split('\n')
      .filter((line) => !/^Command (exited|terminated)/.test(line)) // GNU time's own
      .at(-1) ?? '';
  const error = ok ? '' : `${said} (${r.signal ? `killed by ${r.signal}` : `exit ${r.status}`})`.trim();
  return { ms, cpuMs, rssMb, ok, error, bytes: existsSync(out) ? statSync(out).size : 0 };
}

/**
 * Loads the built page in Chromium: console errors, failed requests, the longest task while loading and scrolling,
 * and where a deep link into the middle part lands (split references).
 */
async function browse(root) {
  const { chromium } = await import('playwright-core');
  const server = await startServe({ bin: BIN, dir: path.join(root, 'dist') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // This machine has no internet: an image of another origin (a document's x-logo) gets a 1x1 PNG, not a failure.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    await page.route(
      (url) => url.origin !== new URL(server.url).origin,
      (route) =>
        route.request().resourceType() === 'image'
          ? route.fulfill({ contentType: 'image/png', body: png })
          : route.continue(),
    );
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('requestfailed', (r) => errors.push(`${r.failure()?.errorText} ${r.url()}`));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
    await page.addInitScript(() => {
      window.__longest = 0;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((e) => (window.__longest = Math.max(window.__longest, e.duration))),
      ).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(new URL('/api/doc', server.url).href, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
    for (let i = 0; i < 20; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(100);
    }
    const longest = await page.evaluate(() => window.__longest);
    // A deep link to the first operation of the middle part (a split reference): where it is 2 s later, in px from
    // the top of the window (about 60, under the navbar; GitHub's #repos/list-tags once ended at 1,003).
    const target = await page.evaluate(() => {
      const parts = [...document.querySelectorAll('.dg-api-part')];
      return parts[Math.floor(parts.length / 2)]?.querySelector('.dg-api-part__anchor')?.id ?? null;
    });
    let deepLinkTop = null;
    if (target) {
      const deep = await browser.newPage();
      await deep.goto(new URL(`/api/doc#${target}`, server.url).href, { waitUntil: 'load', timeout: 120_000 });
      await deep.waitForTimeout(2000);
      deepLinkTop = await deep.evaluate(
        (id) => Math.round(document.getElementById(id)?.getBoundingClientRect().top ?? NaN),
        target,
      );
    }
    return { consoleErrors: errors, longestTaskMs: Math.round(longest), deepLinkTop };
  } finally {
    await browser.close();
    server.stop();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpu = (ms) => (ms?.every((m) => m !== null) ? ` (CPU ${Math.round(median(ms))} ms)` : '');
const rss = (mb) => (mb?.every((m) => m !== null) ? ` peak RSS ${Math.round(Math.max(...mb))} MB` : '');
/** docgen's median over Redocly's, e.g. `0.93x`; '' when either is missing. */
const ratio = (ours, theirs) =>
  ours && theirs && ours.every((m) => m !== null) && theirs.every((m) => m !== null)
    ? `${(median(ours) / median(theirs)).toFixed(2)}x`
    : '';

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const results = [];
  if (args.fixed) {
    const root = writeSite({ name: '_fixed' }, null);
    const runs = Array.from({ length: args.runs }, () => docgenBuild(root, BIN, { page: false }));
    if (!runs.every((r) => r.ok))
      throw new Error(`the site without an API did not build: ${runs.find((r) => !r.ok).error}`);
    console.log(
      `fixed cost (the site without an API): docgen ${median(runs.map((r) => Math.round(r.ms)))} ms${cpu(runs.map((r) => r.cpuMs))}`,
    );
  }
  for (const entry of LIST) {
    if (args.only && !args.only.has(entry.name)) continue;
    const result = {
      name: entry.name,
      covers: entry.covers,
      source: entry.package ?? `${entry.repo}@${entry.commit.slice(0, 7)}:${entry.path}`,
    };
    try {
      const spec = materialize(entry, args.mirrors);
      result.bytes = statSync(spec).size;
      result.expected = expectedCounts(spec);
      const root = writeSite(entry, spec);
      const docgen = [];
      const redocly = [];
      const baseline = [];
      for (let run = 0; run < args.runs; run++) {
        if (args.baseline) baseline.push(docgenBuild(root, args.baseline));
        docgen.push(docgenBuild(root, BIN, { ids: result.expected.ids, summaries: result.expected.summaries }));
        if (args.redocly)
          redocly.push(redoclyBuild(args.redocly, spec, path.join(WORK, entry.name), args.redoclyTimeout));
      }
      const last = docgen.at(-1);
      Object.assign(result, {
        ok: last.ok,
        error: last.error,
        warnings: last.warnings,
        rendered: last.rendered,
        pageBytes: last.pageBytes,
        partBytes: last.partBytes,
        largestPart: last.largestPart,
      });
      result.docgenMs = docgen.map((d) => Math.round(d.ms));
      result.docgenCpuMs = docgen.map((d) => d.cpuMs);
      result.docgenRssMb = docgen.map((d) => d.rssMb);
      if (args.baseline)
        Object.assign(result, {
          baselineOk: baseline.every((b) => b.ok),
          baselineMs: baseline.map((b) => Math.round(b.ms)),
          baselineCpuMs: baseline.map((b) => b.cpuMs),
          baselineRssMb: baseline.map((b) => b.rssMb),
        });
      if (args.redocly)
        Object.assign(result, {
          redoclyOk: redocly.every((r) => r.ok),
          redoclyError: redocly.find((r) => !r.ok)?.error ?? '',
          redoclyMs: redocly.map((r) => Math.round(r.ms)),
          redoclyCpuMs: redocly.map((r) => r.cpuMs),
          redoclyRssMb: redocly.map((r) => r.rssMb),
          redoclyBytes: redocly.at(-1).bytes,
        });
      if (args.browser && last.ok) Object.assign(result, await browse(root));
      const complete =
        last.ok &&
        ['operations', 'webhooks', 'callbacks'].every((k) => last.rendered[k] === result.expected[k]) &&
        last.rendered.named === result.expected.ids.length &&
        last.rendered.summarized === result.expected.summaries.length;
      result.complete = complete;
    } catch (error) {
      result.ok = false;
      result.error = String(error.message ?? error).split('\n')[0];
    }
    results.push(result);
    console.log(formatLine(result));
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2) + '\n');
  if (args.markdown) writeFileSync(args.markdown, formatMarkdown(results, args));
  const failed = results.filter((r) => !r.complete);
  console.log(
    `\n${results.length - failed.length} of ${results.length} documents build and render every operation, webhook and callback`,
  );
  process.exitCode = failed.length > 0 ? 1 : 0;
}

function formatLine(r) {
  if (!r.ok) return `✗ ${r.name}: ${r.error}`;
  const e = r.expected;
  const g = r.rendered;
  const redoc = r.redoclyMs
    ? r.redoclyOk
      ? ` | redocly ${median(r.redoclyMs)} ms${cpu(r.redoclyCpuMs)}${rss(r.redoclyRssMb)} ${(r.redoclyBytes / 1e6).toFixed(2)} MB | docgen/redocly wall ${ratio(r.docgenMs, r.redoclyMs)} CPU ${ratio(r.docgenCpuMs, r.redoclyCpuMs)}`
      : ` | redocly FAILED (no page) after ${median(r.redoclyMs)} ms${cpu(r.redoclyCpuMs)}${rss(r.redoclyRssMb)}: ${r.redoclyError} | no ratio`
    : '';
  const base = r.baselineMs
    ? ` | baseline ${median(r.baselineMs)} ms${cpu(r.baselineCpuMs)}${rss(r.baselineRssMb)}`
    : '';
  const browser = r.consoleErrors
    ? ` | console errors ${r.consoleErrors.length} longest task ${r.longestTaskMs} ms${r.deepLinkTop === null ? '' : ` deep link at ${r.deepLinkTop} px`}`
    : '';
  return `${r.complete ? '✓' : '✗'} ${r.name}: ops ${g.operations}/${e.operations} webhooks ${g.webhooks}/${e.webhooks} callbacks ${g.callbacks}/${e.callbacks} named ${g.named}/${e.ids.length} summaries ${g.summarized}/${e.summaries.length} warnings ${r.warnings} | docgen ${median(r.docgenMs)} ms${cpu(r.docgenCpuMs)}${rss(r.docgenRssMb)} page ${(r.pageBytes / 1e6).toFixed(2)} MB + parts ${(r.partBytes / 1e6).toFixed(2)} MB${base}${redoc}${browser}`;
}

function formatMarkdown(results, args) {
  const head = [
    'document',
    'source',
    'MB',
    'operations',
    'webhooks',
    'callbacks',
    'warnings',
    'docgen build s',
    'docgen CPU s (median)',
    'docgen peak RSS MB',
    'page MB (+parts)',
  ];
  if (args.baseline) head.push('baseline build s', 'baseline CPU s (median)', 'baseline peak RSS MB');
  if (args.redocly)
    head.push(
      'Redocly build s',
      'Redocly CPU s (median)',
      'Redocly peak RSS MB',
      'Redocly MB',
      'docgen/Redocly wall',
      'docgen/Redocly CPU',
    );
  if (args.browser) head.push('console errors', 'longest task ms');
  const rows = results.map((r) => {
    if (!r.ok)
      return [r.name, r.source, ((r.bytes ?? 0) / 1e6).toFixed(2), `failed: ${r.error}`, '', '', '', '', '', ''];
    const cell = (k) => `${r.rendered[k]}/${r.expected[k]}`;
    const seconds = (ms) => ms.map((m) => (m / 1000).toFixed(1)).join(', ');
    const cpuCell = (ms) => (ms.every((m) => m !== null) ? (median(ms) / 1000).toFixed(2) : '');
    const rssCell = (mb) => (mb.every((m) => m !== null) ? String(Math.round(Math.max(...mb))) : '');
    const row = [
      r.name,
      r.source,
      (r.bytes / 1e6).toFixed(2),
      cell('operations'),
      cell('webhooks'),
      cell('callbacks'),
      r.warnings,
      seconds(r.docgenMs),
      cpuCell(r.docgenCpuMs),
      rssCell(r.docgenRssMb),
      `${(r.pageBytes / 1e6).toFixed(2)} (+${(r.partBytes / 1e6).toFixed(2)})`,
    ];
    if (args.baseline) row.push(seconds(r.baselineMs), cpuCell(r.baselineCpuMs), rssCell(r.baselineRssMb));
    if (args.redocly)
      row.push(
        seconds(r.redoclyMs),
        cpuCell(r.redoclyCpuMs),
        rssCell(r.redoclyRssMb),
        (r.redoclyBytes / 1e6).toFixed(2),
        r.redoclyOk ? ratio(r.docgenMs, r.redoclyMs) : 'Redocly failed',
        r.redoclyOk ? ratio(r.docgenCpuMs, r.redoclyCpuMs) : 'Redocly failed',
      );
    if (args.browser) row.push(r.consoleErrors ? String(r.consoleErrors.length) : '', r.longestTaskMs ?? '');
    return row;
  });
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n') + '\n';
}

await main();
