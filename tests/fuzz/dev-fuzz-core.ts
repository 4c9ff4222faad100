/**
 * Mutation fuzzing of a running `docgen dev` (the build fuzzer's mutations, fuzz-core.ts, written into the files of
 * the basic fixture while the server watches them; real HTTP): for each seed a page or the OpenAPI document is
 * mutated, the server must stay up and answer the route with the page (any status below 500) or with the error
 * overlay (a 500 whose diagnostics, on `__docgen/status`, each have a code and a `file:line` location, none an
 * InternalError); once the file is written back, every target route must serve the same `<main>` as before the
 * mutation (not only the mutated one: another page's previous/next links and sidebar come from the mutated page's
 * front matter and title, so a page left stale is charged to the seed that left it, not to a later one).
 * Used by tests/fuzz/dev-fuzz.test.ts (a CI slice) and bench/dev-fuzz.mjs (more seeds).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MUTATIONS, random } from './fuzz-core.js';

/** The files of the basic fixture the dev fuzzer mutates, with the route each one renders. */
export const DEV_TARGETS: readonly { rel: string; route: string; kind: 'page' | 'document' }[] = [
  { rel: 'content/index.md', route: '/', kind: 'page' },
  { rel: 'content/docs/guide/intro.md', route: '/docs/guide/intro', kind: 'page' },
  { rel: 'content/docs/guide/config.md', route: '/docs/guide/config', kind: 'page' },
  { rel: 'content/docs/guide/advanced/deep.md', route: '/docs/guide/advanced/deep', kind: 'page' },
  { rel: 'openapi/pets.yaml', route: '/api/pets', kind: 'document' },
];

/** A running dev server of a copy of the basic fixture. */
export interface DevUnderTest {
  /** The copy's folder. */
  dir: string;
  /** The server's URL with its base URL and no trailing slash. */
  url: string;
  /** False once the server process has exited. */
  alive: () => boolean;
}

/** The outcome of one case: `failure` says what went wrong in `detail`. */
export interface DevFuzzOutcome {
  seed: number;
  target: string;
  mutations: string[];
  result: 'page' | 'overlay' | 'failure';
  detail?: string;
  ms: number;
}

interface Diagnostic {
  code: string;
  location: string;
  message: string;
}

/** The outer HTML of a page's `<main>`, or '' when it has none. */
function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start === -1 || end === -1 ? '' : html.slice(start, end + '</main>'.length);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(dev: DevUnderTest, route: string): Promise<{ status: number; main: string }> {
  const response = await fetch(dev.url + route, { signal: AbortSignal.timeout(120_000) });
  return { status: response.status, main: mainOf(await response.text()) };
}

async function diagnostics(dev: DevUnderTest, route: string): Promise<Diagnostic[]> {
  const response = await fetch(`${dev.url}/__docgen/status?path=${encodeURIComponent(route)}`, {
    signal: AbortSignal.timeout(120_000),
  });
  return ((await response.json()) as { errors: Diagnostic[] }).errors;
}

/** What is wrong with a diagnostic the overlay would show, or null. */
function badDiagnostic(d: Diagnostic): string | null {
  if (!d.code || d.code === 'InternalError') return `an ${d.code || 'uncoded'} diagnostic: ${d.message.slice(0, 300)}`;
  if (!/:\d+(:\d+)?$/.test(d.location)) return `a ${d.code} diagnostic without file:line ('${d.location}')`;
  return null;
}

/**
 * Polls `check` every 100 ms until it returns true or `ms` pass.
 * @returns whether it returned true
 */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = performance.now() + ms; performance.now() < end; await sleep(100)) if (await check()) return true;
  return false;
}

/**
 * One case: mutate a file the seed picks, check the answer, write the file back, check the page is as it was.
 * @param options.settleMs how long a change may take to show (the watcher, a rebuild); the page is checked then
 *   even when nothing changed (a mutation may change nothing a reader sees)
 * @param options.restoreMs how long the page may take to come back once the file is written back
 */
export async function devFuzzCase(
  seed: number,
  dev: DevUnderTest,
  options: { settleMs?: number; restoreMs?: number } = {},
): Promise<DevFuzzOutcome> {
  const started = performance.now();
  const rnd = random(seed ^ 0x5bd1e995); // not the build fuzzer's cases for the same seed
  const target = DEV_TARGETS[Math.floor(rnd() * DEV_TARGETS.length)]!;
  const names = Object.keys(MUTATIONS);
  const mutations = Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => names[Math.floor(rnd() * names.length)]!);
  const file = path.join(dev.dir, target.rel);
  const original = readFileSync(file);
  let bytes: Buffer = original;
  for (const name of mutations) bytes = MUTATIONS[name]!(bytes, rnd, target.kind);
  const outcome = (result: DevFuzzOutcome['result'], detail?: string): DevFuzzOutcome => ({
    seed,
    target: target.rel,
    mutations,
    result,
    ...(detail ? { detail } : {}),
    ms: Math.round(performance.now() - started),
  });
  const before = await get(dev, target.route);
  const others = await Promise.all(
    DEV_TARGETS.filter((t) => t !== target).map(async (t) => ({
      route: t.route,
      main: (await get(dev, t.route)).main,
    })),
  );
  try {
    writeFileSync(file, bytes);
    await until(
      async () =>
        (await get(dev, target.route)).main !== before.main || (await diagnostics(dev, target.route)).length > 0,
      options.settleMs ?? 5_000,
    );
    if (!dev.alive()) return outcome('failure', 'the server exited on the mutated file');
    const answer = await get(dev, target.route);
    const errors = await diagnostics(dev, target.route);
    for (const d of errors) {
      const bad = badDiagnostic(d);
      if (bad) return outcome('failure', bad);
    }
    if (answer.status >= 500 && errors.length === 0)
      return outcome('failure', `${answer.status} with no diagnostic for the overlay`);
    if (answer.status < 500 && answer.main === '') return outcome('failure', `${answer.status} without a <main>`);
    const result = answer.status >= 500 || errors.length > 0 ? 'overlay' : 'page';
    writeFileSync(file, original);
    const restored = await until(
      async () => (await get(dev, target.route)).main === before.main,
      options.restoreMs ?? 20_000,
    );
    if (!restored) {
      const now = await get(dev, target.route);
      return outcome(
        'failure',
        `written back, ${target.route} serves another <main> (${now.status}): ${firstDifference(now.main, before.main)}`,
      );
    }
    for (const other of others) {
      const back = await until(async () => (await get(dev, other.route)).main === other.main, 5_000);
      if (!back) {
        const now = await get(dev, other.route);
        return outcome(
          'failure',
          `written back, ${other.route} (not mutated) serves another <main> (${now.status}): ${firstDifference(now.main, other.main)}`,
        );
      }
    }
    return dev.alive() ? outcome(result) : outcome('failure', 'the server exited');
  } catch (error) {
    return outcome('failure', `a request failed: ${(error as Error).message}`);
  } finally {
    writeFileSync(file, original);
  }
}

function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}: got ${JSON.stringify(actual.slice(i, i + 80))}, expected ${JSON.stringify(expected.slice(i, i + 80))}`;
}
