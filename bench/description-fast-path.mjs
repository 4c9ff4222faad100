#!/usr/bin/env node
/**
 * The descriptions' fast paths against the Markdown parser, on every `description` of the corpus documents
 * (bench/openapi-corpus.json, copied into bench/.cache by `node bench/openapi-corpus.mjs` first): for each distinct
 * text that src/node/openapi/markdown.ts renders without the parser, its HTML must equal renderWithParser's. Prints
 * how many distinct texts (and characters) are plain text, taken by a fast path and left to the parser, the
 * parser's share per construct among those left, and exits 1 on any difference.
 *
 * Usage: node bench/description-fast-path.mjs [--only a,b]
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { CACHE_DIR } from './cache.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const LIST = JSON.parse(readFileSync(new URL('./openapi-corpus.json', import.meta.url), 'utf8')).documents;
const only = process.argv[2] === '--only' ? new Set(process.argv[3].split(',')) : null;

/** What a text left to the parser holds (a text may count under several). */
const CONSTRUCTS = {
  'raw HTML': /<\/?[A-Za-z][^>]*>/,
  'other <': /<(?![/A-Za-z])/,
  heading: /^ {0,3}#{1,6}(\s|$)/m,
  'ordered list': /^ {0,3}\d{1,9}[.)]\s/m,
  '* or + list': /^ {0,3}[*+]\s/m,
  'indented line': /^ +\S/m,
  'fenced code': /^ {0,3}(```|~~~)/m,
  table: /^\s*\|.*\|\s*$/m,
  blockquote: /^ {0,3}>/m,
  'bare URL': /(?<!\]\()https?:\/\//,
  'www.': /www\./,
  '@': /@/,
  '&': /&/,
  'hard break': / {2,}\n|\\\n/,
  backslash: /\\/,
  'link or image': /!?\[[^\]]*\]\(/,
  '[ ]': /\[/,
  '*': /\*/,
  _: /_/,
  '~': /~/,
  'CR or tab': /[\r\t]/,
};

function filesOf(entry) {
  if (entry.package) return [path.join(CACHE_DIR, 'node_modules', entry.package.replace(/@[^@/]+$/, ''), entry.path)];
  const src = path.join(CACHE_DIR, 'openapi-corpus', entry.name, 'src');
  if (!entry.dir) return [path.join(src, entry.saveAs ?? entry.path)];
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(json|ya?ml)$/i.test(name)) files.push(file);
    }
  };
  if (existsSync(path.join(src, entry.dir))) walk(path.join(src, entry.dir));
  return files;
}

function descriptionsOf(file, into) {
  const text = readFileSync(file, 'utf8');
  const stack = [/\.json$/i.test(file) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1, uniqueKeys: false })];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'description' && typeof value === 'string') into.add(value);
        else if (value !== null && typeof value === 'object') stack.push(value);
      }
  }
}

const out = mkdtempSync(path.join(tmpdir(), 'docgen-fast-path-'));
try {
  await build({
    entryPoints: [path.join(REPO, 'src/node/openapi/markdown.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: path.join(out, 'markdown.mjs'),
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const { createMarkdownRenderer, needsParser, renderWithParser } = await import(
    pathToFileURL(path.join(out, 'markdown.mjs')).href
  );
  const texts = new Set();
  let documents = 0;
  for (const entry of LIST) {
    if (only && !only.has(entry.name)) continue;
    const files = filesOf(entry).filter((f) => existsSync(f));
    if (files.length === 0) {
      console.log(`skipped ${entry.name}: not in ${CACHE_DIR} (run bench/openapi-corpus.mjs first)`);
      continue;
    }
    documents++;
    for (const file of files) descriptionsOf(file, texts);
  }
  const render = createMarkdownRenderer();
  const count = { plain: [0, 0], fast: [0, 0], parser: [0, 0] };
  const constructs = new Map();
  const differ = [];
  for (const text of texts) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    const kind = /^[^`*_[\]<>#|~\\!&:\n\r-]*$/.test(trimmed) ? 'plain' : needsParser(text) ? 'parser' : 'fast';
    count[kind][0]++;
    count[kind][1] += text.length;
    if (kind === 'fast' && render(text) !== renderWithParser(text)) differ.push(text);
    if (kind === 'parser')
      for (const [name, re] of Object.entries(CONSTRUCTS))
        if (re.test(text)) {
          const c = constructs.get(name) ?? [0, 0];
          constructs.set(name, [c[0] + 1, c[1] + text.length]);
        }
  }
  const all = [0, 1].map((i) => count.plain[i] + count.fast[i] + count.parser[i]);
  const pct = (n, of) => `${((100 * n) / of).toFixed(1)} %`;
  console.log(`${documents} documents, ${all[0]} distinct non-empty descriptions, ${all[1]} characters`);
  for (const kind of ['plain', 'fast', 'parser'])
    console.log(
      `${kind.padEnd(7)} ${String(count[kind][0]).padStart(7)} (${pct(count[kind][0], all[0])})  ${String(count[kind][1]).padStart(9)} chars (${pct(count[kind][1], all[1])})`,
    );
  console.log('left to the parser, by construct (texts, characters):');
  for (const [name, [n, chars]] of [...constructs].sort((a, b) => b[1][0] - a[1][0]))
    console.log(`  ${name.padEnd(14)} ${String(n).padStart(6)} ${String(chars).padStart(9)}`);
  console.log(`fast path HTML different from the parser's: ${differ.length}`);
  for (const text of differ.slice(0, 10)) console.log(`  ${JSON.stringify(text).slice(0, 200)}`);
  process.exitCode = differ.length > 0 ? 1 : 0;
} finally {
  rmSync(out, { recursive: true, force: true });
}
