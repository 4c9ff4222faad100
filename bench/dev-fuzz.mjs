/**
 * Mutation fuzzing of a running `docgen dev` at scale (tests/fuzz/dev-fuzz-core.ts; tests/fuzz/dev-fuzz.test.ts is
 * the CI slice): starts `docgen dev` (bin/docgen.js, so run `node scripts/build-cli.mjs` after changing src/) on a
 * temporary copy of the basic fixture, runs seeds `--from` to `--from + --runs - 1` against it one after the other,
 * and prints every failing seed (the server died, a 500 without a diagnostic, a diagnostic without a code or
 * file:line, a page that did not come back once its file was written back), then the totals. A server that died is
 * started again for the next seed.
 *
 *   nice -n 19 node bench/dev-fuzz.mjs [--from 1] [--runs 500]
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFuzzModule, flag, root } from './fuzz-setup.mjs';

const from = Number(flag('from', '1'));
const runs = Number(flag('runs', '500'));

const core = await bundleFuzzModule('tests/fuzz/dev-fuzz-core.ts', 'dev-core.mjs');
const { devFuzzCase } = await import(core);

/** `docgen dev --port 0` in a fresh copy of the basic fixture. */
async function startDev() {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-dev-fuzz-'));
  cpSync(path.join(root, 'tests/fixtures/sites/basic'), dir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'bin/docgen.js'), 'dev', '--port', '0'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output = (output + d).slice(-4000);
      const match = /Local:\s+(http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1].replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`docgen dev exited with ${code}: ${output}`)));
  });
  return {
    dir,
    url,
    child,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

const totals = { page: 0, overlay: 0, failure: 0 };
const started = performance.now();
let dev = await startDev();
for (let seed = from; seed < from + runs; seed++) {
  if (!dev.alive()) {
    console.log(`the server had exited: ${dev.output().slice(-1000)}`);
    rmSync(dev.dir, { recursive: true, force: true });
    dev = await startDev();
  }
  const outcome = await devFuzzCase(seed, dev);
  totals[outcome.result]++;
  if (outcome.result === 'failure')
    console.log(
      `seed ${seed} failure: ${outcome.target} (${outcome.mutations.join('+')}, ${outcome.ms} ms) ${outcome.detail}`,
    );
  const done = seed - from + 1;
  if (done % 50 === 0)
    console.log(
      `${done}/${runs} cases, ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(totals)}`,
    );
}
dev.child.kill();
rmSync(dev.dir, { recursive: true, force: true });
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nseeds ${from}..${from + runs - 1}: ${runs} cases in ${seconds.toFixed(0)} s (${((seconds * 1000) / runs).toFixed(0)} ms a case)`,
);
console.log(`page ${totals.page}, overlay ${totals.overlay}, failures ${totals.failure}`);
process.exitCode = totals.failure > 0 ? 1 : 0;
