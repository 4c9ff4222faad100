#!/usr/bin/env node
/**
 * Compares the HTML of two built sites, ignoring content-hashed asset names: every `<name>.<hash>.<ext>` under
 * `assets/` (and `data/`, `navigation.<hash>.json`) becomes `<name>.HASH.<ext>`. Prints the files that differ with
 * their first differing line, and exits 1 when any does.
 * Usage: node scripts/compare-dist.mjs <baseline-dir> <new-dir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node scripts/compare-dist.mjs <baseline-dir> <new-dir>');
  process.exit(2);
}

/** HTML files under a folder, relative, sorted. */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.html') && !file.startsWith('assets' + path.sep))
    .sort();
}

/** Replaces esbuild's and docgen's content hashes (8+ base32/hex characters before the extension). */
function normalise(text) {
  return text.replace(/([\w@-]+)\.[A-Za-z0-9_-]{8,}\.(js|css|json|html|yaml|map)\b/g, '$1.HASH.$2');
}

const [left, right] = [htmlFiles(a), htmlFiles(b)];
const only = (x, y) => x.filter((file) => !y.includes(file));
let differ = 0;
for (const file of only(left, right)) console.log(`only in ${a}: ${file}`), differ++;
for (const file of only(right, left)) console.log(`only in ${b}: ${file}`), differ++;
for (const file of left.filter((f) => right.includes(f))) {
  const [x, y] = [
    normalise(readFileSync(path.join(a, file), 'utf8')),
    normalise(readFileSync(path.join(b, file), 'utf8')),
  ];
  if (x === y) continue;
  differ++;
  const [xs, ys] = [x.split('\n'), y.split('\n')];
  const line = xs.findIndex((l, i) => l !== ys[i]);
  console.log(`differs: ${file} (line ${line + 1})\n  - ${xs[line]?.slice(0, 300)}\n  + ${ys[line]?.slice(0, 300)}`);
}
console.log(`${left.length} HTML files compared, ${differ} differ`);
process.exit(differ > 0 ? 1 : 0);
