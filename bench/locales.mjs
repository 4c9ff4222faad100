#!/usr/bin/env node
/**
 * Locales: build cost of a second locale. Migrates a Docusaurus site that ships translations (default:
 * tests/fixtures/real-docs/markuplint, en + ja), then, interleaved `--runs` times, builds it with its default locale
 * only and with every locale: cold (`--force`), warm (nothing changed), and after editing one translated page.
 * Prints the median CPU time (user + sys of the docgen process, /usr/bin/time) and wall time of each, pages per
 * locale and each locale's search index size (raw and gzip).
 * Usage: node bench/locales.mjs [--runs N] [--site path/to/docusaurus-site]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/docgen.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '3'));
const source = path.resolve(arg('--site', path.join(REPO, 'tests/fixtures/real-docs/markuplint')));
const temp = mkdtempSync(path.join(os.tmpdir(), 'docgen-bench-locales-'));

/** Runs docgen under /usr/bin/time; @returns wall and CPU seconds. */
function docgen(args, cwd) {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (result.status !== 0) throw new Error(`docgen ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  const [wall, user, sys] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: user + sys, stdout: result.stdout };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function site(name, oneLocale) {
  const dir = path.join(temp, name);
  docgen(['migrate', 'docusaurus', source, '--out', dir], REPO);
  if (oneLocale) {
    const file = path.join(dir, 'site.config.ts');
    const text = readFileSync(file, 'utf8');
    const locale = /"defaultLocale": "([^"]+)"/.exec(text)[1];
    writeFileSync(file, text.replace(/"locales": \[[^\]]*\]/, `"locales": ["${locale}"]`));
  }
  return dir;
}

const sites = { one: site('one-locale', true), all: site('all-locales', false) };
const translated = (dir) => {
  const i18n = path.join(dir, 'i18n');
  const file = readdirSync(i18n, { recursive: true, encoding: 'utf8' }).find((f) => /current[\\/].*\.mdx?$/.test(f));
  return path.join(i18n, file);
};
const times = {};
const record = (key, value) => (times[key] ??= []).push(value);
for (let run = 0; run < runs; run++) {
  for (const [name, dir] of Object.entries(sites)) {
    record(`${name} cold`, docgen(['build', '--force'], dir));
    record(`${name} warm`, docgen(['build'], dir));
    const file = translated(sites.all);
    const target = name === 'all' ? file : path.join(dir, 'content', 'index.md');
    writeFileSync(target, readFileSync(target, 'utf8') + `\n\nEdited in run ${run}.\n`);
    record(`${name} edit one page`, docgen(['build'], dir));
  }
}
console.log(
  `site: ${path.relative(REPO, source) || source}, ${runs} interleaved runs, medians (CPU = user + sys of docgen)`,
);
for (const [key, list] of Object.entries(times)) {
  console.log(
    `  ${key.padEnd(32)} CPU ${median(list.map((t) => t.cpu)).toFixed(2)} s   wall ${median(list.map((t) => t.wall)).toFixed(2)} s`,
  );
}
const dist = path.join(sites.all, 'dist');
const bases = readdirSync(dist).filter(
  (entry) =>
    statSync(path.join(dist, entry)).isDirectory() && readdirSync(path.join(dist, entry)).includes('site.json'),
);
for (const base of ['', ...bases]) {
  const root = path.join(dist, base);
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.html') && !bases.some((b) => f.startsWith(b + path.sep)),
  );
  const searchDir = path.join(root, 'assets', 'search');
  const files = readdirSync(searchDir).map((f) => readFileSync(path.join(searchDir, f)));
  const raw = files.reduce((sum, b) => sum + b.length, 0);
  const gzip = files.reduce((sum, b) => sum + gzipSync(b).length, 0);
  console.log(
    `  locale at /${base}${base ? '/' : ''}: ${pages.length} HTML pages, search index ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip (${files.length} files)`,
  );
}
rmSync(temp, { recursive: true, force: true });
