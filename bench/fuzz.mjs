/**
 * Mutation fuzzing at scale (tests/fuzz/fuzz-core.ts; tests/fuzz/fuzz.test.ts is the CI slice): runs seeds
 * `--from` to `--from + --count - 1` (default 1..10,000; `--runs` is `--count`) in `--threads` long-lived child
 * processes, each loading docgen once and running case after case in process (no CLI start per case), and prints
 * every seed that ended in an internal error or passed the budget, then the totals. A case past `--budget` seconds
 * (default 60; the page budget is 300) of **CPU time** is a hang: its process is killed and replaced. CPU time,
 * read from /proc (wall time elsewhere), because the bench runs under `nice -n 19` on a shared machine, where a
 * case of 3 CPU seconds can wait minutes for a core; a case also stops at 20 times the budget in wall time. Failing
 * inputs are written to `--keep=<folder>` (default the OS temp folder), to be added to
 * tests/fixtures/fuzz-regressions/ once fixed.
 *
 *   nice -n 19 node bench/fuzz.mjs [--from=1] [--runs=10000] [--threads=2] [--budget=60] [--keep=/tmp/fuzz-failures]
 *
 * The fuzz core is bundled from the TypeScript sources with esbuild (dependencies stay external and resolve from
 * docgen's node_modules), so this measures the current src/, not lib/.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFuzzModule, flag } from './fuzz-setup.mjs';

const from = Number(flag('from', '1'));
const count = Number(flag('runs', flag('count', '10000')));
const threads = Number(flag('threads', '2'));
const budgetMs = Number(flag('budget', '60')) * 1000;
const keep = flag('keep', path.join(tmpdir(), 'docgen-fuzz-failures'));

const core = await bundleFuzzModule('tests/fuzz/fuzz-core.ts', 'core.mjs');
const runner = path.join(path.dirname(core), 'runner.mjs');
writeFileSync(
  runner,
  `import { fuzzCase } from ${JSON.stringify(core)};
process.on('message', async (seed) => {
  const outcome = await fuzzCase(seed, process.env.FUZZ_WORK);
  process.send({ ...outcome, bytes: outcome.bytes ? outcome.bytes.toString('base64') : undefined });
});
process.on('disconnect', () => process.exit()); // the bench was stopped
process.send('ready');
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

/** CPU seconds a process has used (user + system, from /proc), or null where /proc is not there. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime: clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return null;
  }
}

/** One child process taking seeds until none is left; a case past the budget kills and replaces it. */
function lane() {
  return new Promise((resolve) => {
    const work = mkdtempSync(path.join(tmpdir(), 'docgen-fuzz-'));
    const child = fork(runner, [], {
      env: { ...process.env, FUZZ_WORK: work },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let seed;
    let startedCpu = 0;
    let startedAt = 0;
    let watch;
    const take = () => {
      if (next >= end) {
        child.removeAllListeners();
        child.kill();
        rmSync(work, { recursive: true, force: true });
        resolve();
        return;
      }
      seed = next++;
      startedCpu = cpuSeconds(child.pid) ?? 0;
      startedAt = performance.now();
      watch = setInterval(() => {
        const cpu = cpuSeconds(child.pid);
        const wall = performance.now() - startedAt;
        const used = cpu === null ? wall : (cpu - startedCpu) * 1000;
        if (used <= budgetMs && wall <= budgetMs * 20) return;
        clearInterval(watch);
        report({
          seed,
          input: '?',
          result: 'hang',
          ms: Math.round(wall),
          detail: `past the ${budgetMs / 1000} s budget (${(used / 1000).toFixed(0)} s of CPU)`,
        });
        child.removeAllListeners();
        child.kill('SIGKILL');
        rmSync(work, { recursive: true, force: true });
        resolve(lane());
      }, 1000);
      child.send(seed);
    };
    child.on('message', (outcome) => {
      if (outcome === 'ready') return take();
      clearInterval(watch);
      report(outcome);
      take();
    });
    child.on('exit', (code, signal) => {
      clearInterval(watch);
      report({ seed, input: '?', result: 'internal', ms: 0, detail: `the process died (${signal ?? code})` });
      rmSync(work, { recursive: true, force: true });
      resolve(lane());
    });
  });
}

await Promise.all(Array.from({ length: threads }, () => lane()));
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nseeds ${from}..${end - 1}: ${count} cases in ${seconds.toFixed(0)} s (${((seconds * 1000) / count).toFixed(0)} ms a case, slowest seed ${slowest.seed}: ${slowest.ms} ms)`,
);
console.log(
  `ok ${totals.ok}, diagnostics ${totals.diagnostics}, internal errors ${totals.internal}, hangs ${totals.hang}`,
);
process.exitCode = totals.internal + totals.hang > 0 ? 1 : 0;
