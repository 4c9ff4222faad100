#!/usr/bin/env node
/**
 * `node bench/real-docs.mjs [set...]`: the five real documentation sets of tests/fixtures/real-docs
 * through `docgen migrate` and a cold `docgen build`, each in a temp folder: pages, what the migration
 * reported, the build's exit code, wall time, routes built, errors and warnings. Prints a Markdown table (for the
 * issue's closing note) and, with --verbose, each failed build's diagnostics.
 *
 * Usage: [DOCGEN_BUILD_BIN=../other/bin/docgen.js] node bench/real-docs.mjs [--keep] [--verbose] [set...]
 *   sets: survival-typescript pnpm jest typescript-eslint vite (default: all)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
/** The docgen that builds the migrated sites (DOCGEN_BUILD_BIN: another checkout's bin/docgen.js), default this one. */
const BUILD_BIN = process.env.DOCGEN_BUILD_BIN ? path.resolve(process.env.DOCGEN_BUILD_BIN) : BIN;
const REAL = path.join(REPO, 'tests/fixtures/real-docs');

/** Each set: the migrate command and the site folder it reads (relative to the set). */
const SETS = {
  'survival-typescript': ['docusaurus', '.'],
  pnpm: ['docusaurus', '.'],
  jest: ['docusaurus', 'website'],
  'typescript-eslint': ['docusaurus', 'packages/website'],
  vite: ['vitepress', 'docs'],
};

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const verbose = args.includes('--verbose');
const names = args.filter((arg) => !arg.startsWith('--'));
for (const name of names)
  if (!(name in SETS)) throw new Error(`unknown set ${name}; one of ${Object.keys(SETS).join(', ')}`);

/** Runs docgen; a build gets a cache folder of its own, so that its time is a cold build's. */
function docgen(argv, cwd, bin = BIN) {
  const started = process.hrtime.bigint();
  const env = { ...process.env, NO_COLOR: '1', DOCGEN_CACHE_DIR: path.join(cwd, '.docgen-cache') };
  const result = spawnSync(process.execPath, [bin, ...argv], { cwd, encoding: 'utf8', env, maxBuffer: 1 << 28 });
  return {
    ...result,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    output: `${result.stdout}\n${result.stderr}`,
  };
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'docgen-real-docs-'));
const rows = [];
for (const name of names.length > 0 ? names : Object.keys(SETS)) {
  const [tool, site] = SETS[name];
  const out = path.join(temp, name);
  const migrate = docgen(['migrate', tool, path.join(REAL, name, site), '--out', out], temp);
  if (migrate.status !== 0) {
    rows.push({
      name,
      tool,
      pages: '-',
      reported: '-',
      status: `migrate failed (${migrate.status})`,
      seconds: 0,
      routes: '-',
      errors: '-',
      warnings: '-',
    });
    if (verbose) console.error(migrate.output);
    continue;
  }
  const pages = Number(/(\d+) pages/.exec(migrate.stdout)?.[1] ?? 0);
  const reported = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\S+(:\d+)? {2}/.test(line)).length;
  const build = docgen(['build'], out, BUILD_BIN);
  const counts = /failed with (\d+) errors?(?: and (\d+) warnings?)?/.exec(build.output);
  rows.push({
    name,
    tool,
    pages,
    reported,
    status: build.status,
    seconds: build.seconds,
    routes: Number(/built (\d+) routes/.exec(build.output)?.[1] ?? 0),
    errors: counts ? Number(counts[1]) : (build.output.match(/^\[\w+\] (?!warning:)/gm) ?? []).length,
    warnings: counts ? Number(counts[2] ?? 0) : (build.output.match(/^\[\w+\] warning:/gm) ?? []).length,
  });
  if (verbose && build.status !== 0) console.error(`--- ${name}\n${build.output}`);
}
if (!keep) rmSync(temp, { recursive: true, force: true });
else console.error(`sites kept in ${temp}`);

console.log('| set | tool | pages | reported by migrate | build exit | build time | routes | errors | warnings |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.tool} | ${row.pages} | ${row.reported} | ${row.status} | ${row.seconds.toFixed(1)} s | ${row.routes} | ${row.errors} | ${row.warnings} |`,
  );
}
