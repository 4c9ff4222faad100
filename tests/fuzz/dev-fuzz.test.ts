/**
 * The CI slice of the dev fuzzer (dev-fuzz-core.ts; bench/dev-fuzz.mjs runs more seeds): seeded mutations written
 * into the pages and the OpenAPI document of a running `docgen dev` never stop it; each mutated route answers with
 * the page or with the error overlay (diagnostics with a code and file:line), and once the file is written back it
 * serves the same `<main>` as before. `DEV_FUZZ_FROM` and `DEV_FUZZ_SEEDS` choose other seeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, startDev } from '../helpers/site.js';
import { DEV_TARGETS, devFuzzCase, type DevUnderTest } from './dev-fuzz-core.js';

const from = Number(process.env.DEV_FUZZ_FROM ?? 1);
const count = Number(process.env.DEV_FUZZ_SEEDS ?? 40);

let dir: string;
let dev: Awaited<ReturnType<typeof startDev>>;
let target: DevUnderTest;
beforeAll(async () => {
  dir = copyFixture('basic');
  dev = await startDev(dir);
  target = { dir, url: dev.url, alive: () => dev.child.exitCode === null && dev.child.signalCode === null };
  for (const { route } of DEV_TARGETS) expect((await fetch(dev.url + route)).status).toBe(200);
});
afterAll(async () => {
  await dev?.close();
  removeDir(dir);
});

describe('dev fuzzing', () => {
  it(`seeds ${from}..${from + count - 1}: the server stays up, answers page or overlay, and recovers`, async () => {
    const failures: string[] = [];
    const results = { page: 0, overlay: 0 };
    for (let seed = from; seed < from + count && target.alive(); seed++) {
      const outcome = await devFuzzCase(seed, target);
      if (outcome.result === 'failure')
        failures.push(`seed ${seed} (${outcome.target}, ${outcome.mutations.join('+')}): ${outcome.detail}`);
      else results[outcome.result]++;
    }
    expect(failures, dev.output().slice(-3000)).toEqual([]);
    expect(target.alive()).toBe(true);
    // Both kinds of answer were met, so the slice checks the overlay as well as the page.
    expect(results.page).toBeGreaterThan(0);
    expect(results.overlay).toBeGreaterThan(0);
  }, 1_800_000);
});
