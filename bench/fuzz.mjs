/**
 * Mutation fuzzing at scale (tests/fuzz/fuzz-core.ts; tests/fuzz/fuzz.test.ts is the CI slice): runs seeds
 * `--from` to `--from + --count - 1` (default 1..10,000) in worker threads, in process (no CLI start per case),
 * and prints every seed that ended in an internal error or passed the budget, then the totals. A case past
 * `--budget` seconds (default 60; the page budget is 300) is a hang: its worker is terminated and replaced. Failing
 * inputs are written to `--keep=<folder>` (default the OS temp folder), to be added to
 * tests/fixtures/fuzz-regressions/ once fixed.
 *
 *   node bench/fuzz.mjs [--from=1] [--count=10000] [--threads=2] [--budget=60] [--keep=/tmp/fuzz-failures]
 *
 * The fuzz core is bundled from the TypeScript sources with esbuild (dependencies stay external and resolve from
 * docgen's node_modules), so this measures the current src/, not lib/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const from = Number(flag('from', '1'));
const count = Number(flag('count', '10000'));
const threads = Number(flag('threads', '2'));
const budgetMs = Number(flag('budget', '60')) * 1000;
const keep = flag('keep', path.join(tmpdir(), 'docgen-fuzz-failures'));

// The bundle lives inside docgen's node_modules so that its bare imports resolve to docgen's packages.
const outDir = path.join(root, 'node_modules/.cache/docgen-fuzz');
mkdirSync(outDir, { recursive: true });
const core = path.join(outDir, 'core.mjs');
await build({
  entryPoints: [path.join(root, 'tests/fuzz/fuzz-core.ts')],
  outfile: core,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'error',
  define: { 'import.meta.url': JSON.stringify(new URL('tests/fuzz/fuzz-core.ts', `file://${root}/`).href) },
});
const runner = path.join(outDir, 'runner.mjs');
writeFileSync(
  runner,
  `import { parentPort, workerData } from 'node:worker_threads';
import { fuzzCase } from ${JSON.stringify(core)};
parentPort.on('message', async (seed) => {
  const outcome = await fuzzCase(seed, workerData.work);
  parentPort.postMessage({ ...outcome, bytes: outcome.bytes ? outcome.bytes.toString('base64') : undefined });
});
`,
);

const totals = { ok: 0, diagnostics: 0, internal: 0, hang: 0 };
let next = from;
const end = from + count;
const started = performance.now();
let slowest = { seed: 0, ms: 0 };

function report(outcome) {
  totals[outcome.result]++;
  if (outcome.ms > slowest.ms) slowest = { seed: outcome.seed, ms: outcome.ms };
  if (outcome.result === 'internal' || outcome.result === 'hang') {
    mkdirSync(keep, { recursive: true });
    const file = path.join(keep, `seed-${outcome.seed}-${path.basename(outcome.input)}`);
    if (outcome.bytes) writeFileSync(file, Buffer.from(outcome.bytes, 'base64'));
    console.log(
      `seed ${outcome.seed} ${outcome.result}: ${outcome.input} (${outcome.mutations?.join('+') ?? '?'}, ${outcome.ms} ms) ${String(
        outcome.detail ?? '',
      )
        .split('\n')
        .slice(0, 4)
        .join(' | ')}${outcome.bytes ? ` -> ${file}` : ''}`,
    );
  }
  const done = totals.ok + totals.diagnostics + totals.internal + totals.hang;
  if (done % 250 === 0)
    console.log(
      `${done}/${count} cases, ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(totals)}`,
    );
}

/** One worker thread taking seeds until none is left; a case past the budget terminates and replaces it. */
function lane() {
  return new Promise((resolve) => {
    const work = mkdtempSync(path.join(tmpdir(), 'docgen-fuzz-'));
    const worker = new Worker(runner, { workerData: { work } });
    let seed;
    let timer;
    const take = () => {
      if (next >= end) {
        void worker.terminate().then(() => resolve(lane.done));
        return;
      }
      seed = next++;
      timer = setTimeout(() => {
        report({ seed, input: '?', result: 'hang', ms: budgetMs, detail: `past the ${budgetMs / 1000} s budget` });
        void worker.terminate();
        rmSync(work, { recursive: true, force: true });
        resolve(lane());
      }, budgetMs);
      worker.postMessage(seed);
    };
    worker.on('message', (outcome) => {
      clearTimeout(timer);
      report(outcome);
      take();
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      report({ seed, input: '?', result: 'internal', ms: 0, detail: `the worker died: ${error.stack ?? error}` });
      resolve(lane());
    });
    take();
  });
}
lane.done = undefined;

await Promise.all(Array.from({ length: threads }, () => lane()));
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nseeds ${from}..${end - 1}: ${count} cases in ${seconds.toFixed(0)} s (${((seconds * 1000) / count).toFixed(0)} ms a case, slowest seed ${slowest.seed}: ${slowest.ms} ms)`,
);
console.log(
  `ok ${totals.ok}, diagnostics ${totals.diagnostics}, internal errors ${totals.internal}, hangs ${totals.hang}`,
);
process.exitCode = totals.internal + totals.hang > 0 ? 1 : 0;
