/**
 * Fuzzing the whole CLI (bin/docgen.js, real processes): seeded command lines with unknown flags and bad values,
 * and seeded mutations of the basic fixture's site.config.ts (values of the wrong type, unknown keys, a config
 * that is no object, throws or does not parse, lines removed or doubled) built with `docgen build`. Every command
 * line must end in a clear error: commander's usage error (exit 2) or a diagnostic `[Code]` (exit 1); every config
 * a build that succeeds or a diagnostic with exit 1. Never an InternalError, a stack trace, or a process still
 * running after its budget. `CLI_FUZZ_FROM`, `CLI_FUZZ_SEEDS` and `CONFIG_FUZZ_SEEDS` choose other seeds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';
import { random } from './fuzz-core.js';

const from = Number(process.env.CLI_FUZZ_FROM ?? 1);
const argvSeeds = Number(process.env.CLI_FUZZ_SEEDS ?? 60);
const configSeeds = Number(process.env.CONFIG_FUZZ_SEEDS ?? 24);
const dir = copyFixture('basic');
afterAll(() => removeDir(dir));

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const COMMANDS = [
  ['build'],
  ['dev'],
  ['serve'],
  ['init'],
  ['version'],
  ['migrate', 'docusaurus'],
  ['migrate', 'vitepress'],
  [],
];
/** Arguments a command refuses: each case has at least one. */
const BAD = [
  '--nope',
  '-x',
  '--port=abc',
  '--port=-1',
  '--port=70000',
  '--port=1.5',
  '--root=/nonexistent-docgen-fuzz',
  '--root=site.config.ts',
  '--out-dir=',
  '--base-url=javascript:alert(1)',
  '--base-url=//evil.example/',
  '--base-url=no-slash',
  '--locale=xx-nope',
  '--locale',
  '--allowed-hosts',
  '--host',
  '--port',
  '--json=yes',
  '--force=1',
  '--ünïcode',
  '---triple',
];
/** Arguments that may or may not be accepted, mixed in. */
const OTHER = ['--json', '--force', '--debug', 'extra', '💥', '-', 'dist', '../x', '--help=no', '--port=0'];

/** A seeded command line: a command, one to three refused arguments, up to two others, shuffled. */
function commandLine(seed: number): string[] {
  const rnd = random(seed ^ 0x2545f491);
  const parts = [
    ...Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, BAD)),
    ...Array.from({ length: Math.floor(rnd() * 3) }, () => pick(rnd, OTHER)),
  ].sort(() => rnd() - 0.5);
  return [...pick(rnd, COMMANDS), ...parts];
}

const config = readFileSync(path.join(dir, 'site.config.ts'), 'utf8');
const VALUES = [
  '42',
  "'x'",
  'null',
  'undefined',
  '[]',
  '{}',
  'true',
  '-1',
  "'javascript:alert(1)'",
  "'../../../etc'",
  "''",
  'NaN',
  '{ a: 1 }',
  '[1, [2]]',
  "'a'.repeat(5000)",
  "Symbol('x')",
  '() => 1',
  'new Date(0)',
  "(() => { throw new Error('boom'); })()",
  '[{ type: 42 }]',
];
/** A seeded mutation of the basic fixture's site.config.ts. */
function configText(seed: number): string {
  const rnd = random(seed ^ 0x68e31da4);
  const lines = config.split('\n');
  const mutation = pick(rnd, ['value', 'value', 'value', 'unknownKey', 'truncate', 'dropLine', 'doubleLine', 'shape']);
  if (mutation === 'value') {
    const keyed = [...config.matchAll(/(\w+): ([^,\n]+?)(?=,|\s*\}|\n)/g)];
    const m = pick(rnd, keyed);
    const at = m.index! + m[1]!.length + 2;
    return config.slice(0, at) + pick(rnd, VALUES) + config.slice(at + m[2]!.length);
  }
  if (mutation === 'unknownKey') {
    const i = 1 + Math.floor(rnd() * (lines.length - 2));
    lines.splice(
      i,
      0,
      `  ${pick(rnd, ['unknownKey', 'titel', 'themeConfig', 'apis', '__proto__', 'constructor'])}: ${pick(rnd, VALUES)},`,
    );
    return lines.join('\n');
  }
  if (mutation === 'truncate') return config.slice(0, Math.floor(rnd() * config.length));
  if (mutation === 'dropLine' || mutation === 'doubleLine') {
    const i = Math.floor(rnd() * lines.length);
    lines.splice(i, mutation === 'dropLine' ? 1 : 0, ...(mutation === 'doubleLine' ? [lines[i]!] : []));
    return lines.join('\n');
  }
  return config.replace(
    'export default defineConfig({',
    pick(rnd, [
      'export default defineConfig([{',
      'export default 42; ({',
      'export const other = ({',
      'export default ({ ...null, ',
    ]),
  );
}

/** What is wrong with a finished CLI run, or null. */
function problem(result: { status: number; stdout: string; stderr: string }, allowSuccess: boolean): string | null {
  const output = result.stdout + result.stderr;
  if (/InternalError/.test(output)) return `an internal error: ${output.slice(-800)}`;
  if (/\n\s+at .+:\d+:\d+\)?\s*\n/.test(output)) return `a stack trace: ${output.slice(-800)}`;
  if (result.status === 0 && allowSuccess) return null;
  if (result.status === 2 && /error: /.test(output)) return null; // commander's usage error
  if (result.status === 1 && /\[[A-Za-z]+\]|"code":\s*"[A-Za-z]+"/.test(output)) return null; // a diagnostic (--json too)
  // `dev --allowed-hosts --nope` is a valid command line (commander takes `--nope` as the option's value): the
  // server started, and was stopped at the end of its budget.
  if (/Local:\s+http|serving .* at http/.test(output)) return null;
  return `exit ${result.status} without a clear error: ${output.slice(-800)}`;
}

describe('CLI fuzzing', () => {
  it(`command lines ${from}..${from + argvSeeds - 1} end in a clear error`, () => {
    const failures: string[] = [];
    for (let seed = from; seed < from + argvSeeds; seed++) {
      const argv = commandLine(seed);
      const found = problem(runDocgen(argv, dir, 20_000), false);
      if (found) failures.push(`seed ${seed} docgen ${argv.join(' ')}: ${found}`);
    }
    expect(failures).toEqual([]);
  }, 1_800_000);

  // Command lines that once ended in an internal error.
  it.each([[['dev', '--root=site.config.ts']]])('regression: docgen %j', (argv) => {
    const result = runDocgen(argv, dir, 20_000);
    expect(problem(result, false)).toBeNull();
    expect(result.stdout + result.stderr).toContain('[ConfigNotFound]');
  });

  it(`site.config.ts mutations ${from}..${from + configSeeds - 1} build or end in a diagnostic`, () => {
    const failures: string[] = [];
    const file = path.join(dir, 'site.config.ts');
    try {
      for (let seed = from; seed < from + configSeeds; seed++) {
        writeFileSync(file, configText(seed));
        const found = problem(runDocgen(['build'], dir, 120_000), true);
        if (found) failures.push(`seed ${seed}: ${found}\n--- site.config.ts:\n${configText(seed)}`);
      }
    } finally {
      writeFileSync(file, config);
    }
    expect(failures).toEqual([]);
  }, 1_800_000);
});
