#!/usr/bin/env node
/**
 * `npm run bench`: build benchmarks of docgen against the issue's goals (medians printed, no timed tests).
 *
 * For this site (copied to a temp dir) and synthetic corpora of 25 / 1,000 / 10,000 pages: cold, warm and
 * edit-one-page builds, `--runs` times each (median wall time and peak RSS), bytes per page, first-load gzip of a
 * doc page (and of an API page); the GitHub REST API reference (@octokit/openapi): build, first load, responsiveness
 * in Chromium; Lighthouse mobile performance and TBT. Writes bench/results/latest.{json,md} and build-time.svg.
 *
 * Usage: node bench/run.mjs [--quick] [--runs N] [--sizes 25,1000,10000] [--lighthouse-runs N]
 *                           [--skip-lighthouse] [--skip-github] [--only-github] [--skip-versioned] [--keep]
 *        node bench/run.mjs --openapi [--redocly <@redocly/cli bin>] [--runs N] [--only a,b]
 *
 * `--openapi` runs only bench/openapi-corpus.mjs on the large documents of its corpus (OPENAPI_SPEED_SET), docgen
 * against Redocly CLI `build-docs` interleaved run by run: medians of wall and CPU time, peak RSS, and the ratio
 * per document (none where Redocly wrote no page: it is reported as failed). Redocly is not a dependency: install it
 * apart, at a pinned version (`npm i --prefix /tmp/redocly @redocly/cli@2.77.0`, the version of the figures in the
 * commit log) and pass its bin (`/tmp/redocly/node_modules/@redocly/cli/bin/cli.js`), or set DOCGEN_REDOCLY.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderBuildTimeChart } from './chart.mjs';
import { copyRealSite, createCorpusSite, createVersionedCorpusSite, editPage } from './corpus.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { apiOutputSizes, createGithubSite, measureResponsiveness } from './github-api.mjs';
import { loadLighthouse, runLighthouse, startServe } from './lighthouse.mjs';
import { clearBuildState, folderSize, measureBuild, median } from './measure.mjs';
import { evaluateGoals, formatConsole, formatMarkdown } from './report.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
const RESULTS = path.join(REPO, 'bench/results');

const USAGE = `Usage: node bench/run.mjs [options]
  --quick              CI-sized: sizes 25,1000, 3 runs, Lighthouse on one page once
  --runs N             builds per measurement (default 5; quick 3)
  --sizes a,b,c        corpus page counts (default 25,1000,10000; quick 25,1000)
  --lighthouse-runs N  Lighthouse runs per page (default 3; quick 1)
  --skip-lighthouse    no Lighthouse
  --skip-github        no GitHub REST API reference (saves a 385 MB install on first use)
  --only-github        only the GitHub REST API reference (3 runs unless --runs; Lighthouse unless skipped)
  --keep               keep the temp sites (printed at the end)
  --skip-versioned     no 2,000-page site with 10 versions (cold builds: CPU time and peak RSS)
  --openapi            only the large OpenAPI documents against Redocly CLI (bench/openapi-corpus.mjs; 3 runs
                       unless --runs; --redocly <bin> or DOCGEN_REDOCLY; --only a,b to choose documents;
                       --redocly-timeout <s> ends a Redocly run that hangs and reports it as failed)`;

/** The documents of bench/openapi-corpus.json that `--openapi` measures against Redocly (the speed goal's set). */
const OPENAPI_SPEED_SET = [
  'github',
  'openai',
  'pagerduty-rest',
  'freee-accounting',
  'twilio-api-v2010',
  'k8s-swagger',
  'netbox',
  'meraki-v2',
  'datadog-v2',
  'stripe',
];

/**
 * `--openapi`: hands over to bench/openapi-corpus.mjs with the speed set and Redocly, and exits with its status.
 * @param argv the arguments after `--openapi` handling (`--runs`, `--redocly`, `--only`)
 */
function runOpenApiBench(argv) {
  const args = [];
  let runs = '3';
  let redocly = process.env.DOCGEN_REDOCLY ?? '';
  let only = OPENAPI_SPEED_SET.join(',');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = argv[++i];
    else if (argv[i] === '--redocly') redocly = argv[++i];
    else if (argv[i] === '--only') only = argv[++i];
    else if (argv[i] !== '--openapi') args.push(argv[i]);
  }
  if (!redocly) fail('--openapi needs Redocly CLI: --redocly <path of its bin> or DOCGEN_REDOCLY');
  const script = fileURLToPath(new URL('./openapi-corpus.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script, '--only', only, '--runs', runs, '--redocly', redocly, ...args], {
    stdio: 'inherit',
  });
  process.exit(r.status ?? 1);
}

/** Parses argv into options; unknown flags print the usage and exit 2. */
function parseOptions(argv) {
  const o = {
    quick: false,
    runs: NaN,
    sizes: null,
    lighthouseRuns: NaN,
    lighthouse: true,
    github: true,
    onlyGithub: false,
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--runs') o.runs = Number(value());
    else if (a === '--sizes')
      o.sizes = value()
        .split(',')
        .map((s) => Number(s.replace(/_/g, '')));
    else if (a === '--lighthouse-runs') o.lighthouseRuns = Number(value());
    else if (a === '--skip-lighthouse') o.lighthouse = false;
    else if (a === '--skip-github') o.github = false;
    else if (a === '--only-github') o.onlyGithub = true;
    else if (a === '--keep') o.keep = true;
    else if (a === '--skip-versioned') o.versioned = false;
    else if (a === '--help' || a === '-h') console.log(USAGE), process.exit(0);
    else fail(`unknown option ${a}`);
  }
  if (o.onlyGithub && !o.github) fail('--only-github and --skip-github exclude each other');
  o.runs = Number.isFinite(o.runs) ? o.runs : o.quick || o.onlyGithub ? 3 : 5;
  o.lighthouseRuns = Number.isFinite(o.lighthouseRuns) ? o.lighthouseRuns : o.quick ? 1 : 3;
  o.sizes ??= o.onlyGithub ? [] : o.quick ? [25, 1000] : [25, 1000, 10000];
  o.versioned ??= !o.onlyGithub;
  if (!(o.runs >= 1) || o.sizes.some((n) => !(Number.isInteger(n) && n > 0)))
    fail('--runs and --sizes take positive integers');
  return o;
}

function fail(message) {
  console.error(`bench: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Extra build flags: `--force` when this docgen has it (a cold build must not reuse anything). */
function coldFlags() {
  const help = spawnSync(process.execPath, [BIN, 'build', '--help'], { encoding: 'utf8' }).stdout ?? '';
  return /--force\b/.test(help) ? ['--force'] : [];
}

const summarize = (runs) => ({
  wallMs: runs.map((r) => r.wallMs),
  rssBytes: runs.map((r) => r.peakRssBytes),
  medianMs: median(runs.filter((r) => r.ok).map((r) => r.wallMs)),
  medianRssBytes: median(runs.filter((r) => r.ok).map((r) => r.peakRssBytes)),
});

const tail = (output) => output.trim().split('\n').slice(-15).join('\n');

/**
 * Cold, warm and edit-one-page builds of one site, `runs` times.
 * @returns the site's entry of latest.json
 */
async function benchSite({ id, label, site, runs, flags }) {
  const results = { cold: [], warm: [], incremental: [] };
  const failures = [];
  let stages = {};
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['cold', 'warm', 'incremental']) {
      if (kind === 'cold') clearBuildState(site.root);
      if (kind === 'incremental') editPage(site.editFile, run);
      const r = await measureBuild({ bin: BIN, root: site.root, extraArgs: kind === 'cold' ? flags : [] });
      results[kind].push(r);
      if (kind === 'cold' && r.ok) stages = r.stages;
      if (!r.ok) failures.push({ kind, run, output: tail(r.output) });
      console.log(
        `  ${label} ${kind.padEnd(11)} ${run}/${runs}: ${r.ok ? `${(r.wallMs / 1000).toFixed(2)} s, ${(r.peakRssBytes / 1e6).toFixed(0)} MB` : 'FAILED'}`,
      );
      if (!r.ok) console.log(tail(r.output).replace(/^/gm, '    | '));
    }
  }
  const lastOk = [...results.cold, ...results.warm, ...results.incremental]
    .reverse()
    .find((r) => r.ok && Number.isFinite(r.routes));
  const entry = {
    id,
    label,
    routes: lastOk?.routes ?? NaN,
    cold: summarize(results.cold),
    warm: summarize(results.warm),
    incremental: summarize(results.incremental),
    failures,
    stages,
  };
  const dist = path.join(site.root, 'dist');
  if (lastOk) {
    const size = folderSize(dist);
    entry.distBytes = size.bytes;
    entry.files = size.files;
    entry.bytesPerPage = size.bytes / entry.routes;
    entry.htmlBytesPerPage = size.byExt['.html'] / entry.routes;
    entry.firstLoad = {};
    for (const [kind, page] of [
      ['doc', site.docPage],
      ['api', site.apiPage],
    ]) {
      if (!page) continue;
      try {
        entry.firstLoad[kind] = measureFirstLoad({ distDir: dist, page });
      } catch (error) {
        entry.firstLoadError = `first load of ${page}: ${error.message}`;
      }
    }
    if (site.docPages) entry.firstLoadDocs = firstLoadSpread(dist, site.docPages);
  }
  return entry;
}

/**
 * First-load totals of every doc page of a site (this site's pages range from a screen to 50 KB of Markdown).
 * @returns {{ count: number, within: number, minBytes: number, medianBytes: number, maxBytes: number, maxPage: string }}
 *   gzip bytes; `within`: pages at or under the 90 KiB goal
 */
function firstLoadSpread(distDir, pages) {
  const totals = pages
    .map((page) => ({ page, total: measureFirstLoad({ distDir, page }).total }))
    .sort((a, b) => a.total - b.total);
  return {
    count: totals.length,
    within: totals.filter((t) => t.total <= 90 * 1024).length,
    minBytes: totals[0].total,
    medianBytes: totals[Math.floor((totals.length - 1) / 2)].total,
    maxBytes: totals.at(-1).total,
    maxPage: totals.at(-1).page,
  };
}

/** Lighthouse `runs` times on one served page; medians of each figure. */
async function benchLighthouse({ cli, id, label, distDir, route, runs }) {
  const server = await startServe({ bin: BIN, dir: distDir });
  try {
    const results = [];
    for (let i = 1; i <= runs; i++) {
      const r = await runLighthouse({ cli, url: new URL(route, server.url).href });
      console.log(
        `  Lighthouse ${label} ${i}/${runs}: ${r.error ? `error: ${r.error}` : `performance ${r.performance}, TBT ${Math.round(r.tbtMs)} ms`}`,
      );
      results.push(r);
    }
    const ok = results.filter((r) => !r.error);
    const med = (k) => median(ok.map((r) => r[k]));
    return {
      id,
      label,
      route,
      runs: results,
      performance: med('performance'),
      tbtMs: med('tbtMs'),
      fcpMs: med('fcpMs'),
      lcpMs: med('lcpMs'),
      cls: med('cls'),
      error: ok.length ? undefined : results[0]?.error,
    };
  } finally {
    server.stop();
  }
}

/** The GitHub REST API reference: builds, first load, Chromium responsiveness, Lighthouse. */
async function benchGithub({ tmp, runs, flags, lighthouse, lighthouseRuns, lighthouseResults, notes }) {
  const site = createGithubSite({ dir: path.join(tmp, 'github') });
  if ('error' in site) {
    notes.push(`GitHub REST API skipped: ${site.error}`);
    return null;
  }
  const builds = [];
  const failures = [];
  for (let run = 1; run <= runs; run++) {
    clearBuildState(site.root);
    const r = await measureBuild({ bin: BIN, root: site.root, extraArgs: flags });
    builds.push(r);
    console.log(
      `  GitHub REST API cold ${run}/${runs}: ${r.ok ? `${(r.wallMs / 1000).toFixed(2)} s, ${(r.peakRssBytes / 1e6).toFixed(0)} MB` : 'FAILED'}`,
    );
    if (!r.ok) {
      failures.push({ kind: 'cold', run, output: tail(r.output) });
      console.log(tail(r.output).replace(/^/gm, '    | '));
      break; // the same spec fails the same way
    }
  }
  const ok = builds.filter((b) => b.ok);
  const result = {
    spec: site.spec,
    build: { ...summarize(builds), routes: ok.at(-1)?.routes ?? NaN, stages: ok.at(-1)?.stages },
    failures,
  };
  if (!ok.length) return result;
  const dist = path.join(site.root, 'dist');
  result.firstLoad = measureFirstLoad({ distDir: dist, page: site.apiPage });
  result.output = apiOutputSizes({ distDir: dist, apiPage: site.apiPage });
  const o = result.output;
  console.log(
    `  GitHub API page HTML ${(o.pageRaw / 1024).toFixed(0)} KiB (gzip ${(o.pageGzip / 1024).toFixed(1)} KiB); fragment ${(o.fragmentRaw / 1024).toFixed(0)} KiB; ${o.parts} parts, ${(o.partRaw / 1e6).toFixed(1)} MB (gzip ${(o.partGzip / 1e6).toFixed(2)} MB), largest ${(o.largestPartRaw / 1024).toFixed(0)} KiB`,
  );
  const server = await startServe({ bin: BIN, dir: dist });
  try {
    const samples = [];
    for (let i = 1; i <= Math.min(runs, 3); i++) {
      const r = await measureResponsiveness({ url: new URL('api/github', server.url).href });
      console.log(
        `  GitHub API page in Chromium ${i}: ${r.error ? `error: ${r.error}` : `hydrated ${Math.round(r.hydratedMs)} ms, TBT ${Math.round(r.blockingMs)} ms, longest task ${Math.round(r.longestTaskMs)} ms, click→focus ${Math.round(r.clickToFocusMs)} ms, filter ${Math.round(r.filterMs)} ms, nav click (${r.navTarget}) ${Math.round(r.navClickMs)} ms`}`,
      );
      samples.push(r);
    }
    const good = samples.filter((s) => !s.error);
    result.responsiveness = good.length
      ? Object.fromEntries(
          Object.keys(good[0]).map((k) => [
            k,
            typeof good[0][k] === 'number' ? median(good.map((s) => s[k])) : good[0][k],
          ]),
        )
      : { error: samples[0].error };
    result.responsiveness.samples = samples;
  } finally {
    server.stop();
  }
  if (lighthouse)
    lighthouseResults.push(
      await benchLighthouse({
        cli: lighthouse,
        id: 'github-api',
        label: 'GitHub REST API page',
        distDir: dist,
        route: 'api/github',
        runs: lighthouseRuns,
      }),
    );
  return result;
}

/** This site (cold, warm, edit; Lighthouse on a doc page and its API page) and the synthetic corpora. */
async function benchThisSite({ options, tmp, flags, lighthouse, results }) {
  console.log('this site');
  const real = copyRealSite({ repo: REPO, dir: path.join(tmp, 'site') });
  results.sites.push(await benchSite({ id: 'site', label: 'this site', site: real, runs: options.runs, flags }));
  if (lighthouse && results.sites[0].firstLoad) {
    const dist = path.join(real.root, 'dist');
    const route = real.docPage.replace(/\.html$/, '');
    results.lighthouse.push(
      await benchLighthouse({
        cli: lighthouse,
        id: 'site-doc',
        label: 'this site: doc page',
        distDir: dist,
        route,
        runs: options.lighthouseRuns,
      }),
    );
    if (!options.quick)
      results.lighthouse.push(
        await benchLighthouse({
          cli: lighthouse,
          id: 'site-api',
          label: 'this site: API page',
          distDir: dist,
          route: real.apiPage.replace(/\.html$/, ''),
          runs: options.lighthouseRuns,
        }),
      );
  }
  for (const pages of options.sizes) {
    console.log(`${pages.toLocaleString('en')}-page corpus`);
    const site = createCorpusSite({ pages, dir: path.join(tmp, `corpus-${pages}`) });
    results.sites.push(
      await benchSite({
        id: `corpus-${pages}`,
        label: `${pages.toLocaleString('en')} pages`,
        site,
        runs: options.runs,
        flags,
      }),
    );
    rmSync(site.root, { recursive: true, force: true }); // 10,000 pages take a lot of disk
  }
  if (options.versioned) results.versioned = await benchVersioned({ tmp, runs: options.runs, flags });
}

/**
 * Cold builds of a 2,000-page site with 10 docs versions (200 pages each: the corpus and nine `docgen version`
 * snapshots), `runs` times: median wall and CPU time (user + sys, the figure that does not depend on the machine's
 * other load) and peak RSS, against the goal of 30 s CPU and 600 MiB.
 * @returns latest.json's `versioned` entry
 */
async function benchVersioned({ tmp, runs, flags }) {
  console.log('2,000-page site with 10 versions');
  const site = createVersionedCorpusSite({
    pagesPerVersion: 200,
    versions: 10,
    dir: path.join(tmp, 'versioned'),
    bin: BIN,
  });
  const cold = [];
  for (let run = 1; run <= runs; run++) {
    clearBuildState(site.root);
    const r = await measureBuild({ bin: BIN, root: site.root, extraArgs: flags });
    cold.push(r);
    console.log(
      `  versioned cold ${run}/${runs}: ${r.ok ? `${(r.wallMs / 1000).toFixed(2)} s wall, ${(r.cpuMs / 1000).toFixed(2)} s CPU, ${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB` : 'FAILED'}`,
    );
    if (!r.ok) console.log(tail(r.output).replace(/^/gm, '    | '));
  }
  rmSync(site.root, { recursive: true, force: true });
  const ok = cold.filter((r) => r.ok);
  const entry = {
    routes: ok.at(-1)?.routes ?? NaN,
    medianWallMs: median(ok.map((r) => r.wallMs)),
    medianCpuMs: median(ok.map((r) => r.cpuMs)),
    medianRssBytes: median(ok.map((r) => r.peakRssBytes)),
    goal: { cpuMs: 30_000, rssBytes: 600 * 2 ** 20 },
  };
  console.log(
    `  versioned: median ${(entry.medianCpuMs / 1000).toFixed(1)} s CPU (goal <= 30 s), ${(entry.medianRssBytes / 2 ** 20).toFixed(0)} MiB peak (goal <= 600 MiB)`,
  );
  return entry;
}

async function main() {
  if (process.argv.includes('--openapi')) runOpenApiBench(process.argv.slice(2));
  const options = parseOptions(process.argv.slice(2));
  const flags = coldFlags();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-'));
  const cleanup = () => options.keep || rmSync(tmp, { recursive: true, force: true });
  process.once('SIGINT', () => (cleanup(), process.exit(130)));
  const cpus = os.cpus();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.availableParallelism?.() ?? cpus.length,
      cpu: cpus[0]?.model?.trim() ?? 'unknown',
      totalMemBytes: os.totalmem(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverage: os.loadavg(),
    },
    options: {
      quick: options.quick,
      runs: options.runs,
      sizes: options.sizes,
      lighthouseRuns: options.lighthouseRuns,
      lighthouse: options.lighthouse,
      github: options.github,
      buildFlags: flags,
    },
    sites: [],
    github: null,
    lighthouse: [],
    notes: [],
    goals: [],
  };
  console.log(
    `docgen benchmark: ${results.machine.cores} cores, Node ${process.version}; ${options.runs} runs; sizes ${options.sizes.join(', ')}; temp ${tmp}`,
  );
  if (!flags.length)
    results.notes.push(
      '`docgen build` has no --force: cold builds delete dist/ and node_modules/.cache/docgen instead.',
    );
  let lighthouse = null;
  if (options.lighthouse) {
    const lh = loadLighthouse();
    if ('error' in lh)
      results.notes.push(`Lighthouse skipped: ${lh.error}`), console.log(`Lighthouse skipped: ${lh.error}`);
    else lighthouse = lh.cli;
  }
  try {
    if (!options.onlyGithub) await benchThisSite({ options, tmp, flags, lighthouse, results });
    if (options.github) {
      console.log('GitHub REST API reference');
      results.github = await benchGithub({
        tmp,
        runs: options.runs,
        flags,
        lighthouse: options.quick ? null : lighthouse,
        lighthouseRuns: options.lighthouseRuns,
        lighthouseResults: results.lighthouse,
        notes: results.notes,
      });
    }
  } finally {
    cleanup();
  }
  for (const s of results.sites) if (s.firstLoadError) results.notes.push(`${s.label}: ${s.firstLoadError}`);
  for (const s of [...results.sites, results.github ?? { failures: [] }]) {
    if (s.failures.length)
      results.notes.push(
        `${s.label ?? 'GitHub REST API'}: ${s.failures.length} failed build(s); first: ${s.failures[0].kind} — ${s.failures[0].output.split('\n').find((l) => /error|✗|fail/i.test(l)) ?? s.failures[0].output.split('\n').at(-1)}`,
      );
  }
  results.goals = evaluateGoals(results);
  mkdirSync(RESULTS, { recursive: true });
  // --only-github writes its own files, so that a full run's latest.* stay as they were.
  const base = options.onlyGithub ? 'github' : 'latest';
  writeFileSync(
    path.join(RESULTS, `${base}.json`),
    JSON.stringify(results, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2) + '\n',
  );
  writeFileSync(path.join(RESULTS, `${base}.md`), formatMarkdown(results));
  const written = [`${base}.json`, `${base}.md`];
  if (!options.onlyGithub) {
    const points = results.sites
      .filter((s) => s.id.startsWith('corpus-'))
      .map((s) => ({ pages: Number(s.id.slice(7)), seconds: s.cold.medianMs / 1000 }));
    const goals = [
      { pages: 1000, seconds: 8 },
      { pages: 10000, seconds: 80 },
    ].filter((g) => options.sizes.includes(g.pages));
    writeFileSync(path.join(RESULTS, 'build-time.svg'), renderBuildTimeChart({ points, goals }));
    written.push('build-time.svg');
  }
  console.log('\n' + formatConsole(results));
  console.log(`wrote bench/results/${written.join(', ')}${options.keep ? `; sites kept in ${tmp}` : ''}`);
}

await main();
