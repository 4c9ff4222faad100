/**
 * Seeded mutation fuzzing of real inputs: this site's pages and OpenAPI documents and the vendored real sets
 * (tests/fixtures/real-docs, tests/fixtures/openapi). A seed picks an input and one or more mutations (truncation,
 * byte flips, invalid UTF-8, deep nesting, a huge line, YAML alias bombs, duplicated keys, unbalanced MDX and
 * directives, broken tables, cyclic and dangling `$ref`s, an enormous enum); the mutated input then goes through
 * what a build does with it, in this process: a page is read as the content walk reads it (UTF-8, front matter)
 * and compiled by the Markdown processor, a document is loaded, validated and modelled. Every case must end in
 * success or in diagnostics with a code and a file (and a line when the problem has one); anything else thrown is
 * an internal error. Used by tests/fuzz/fuzz.test.ts (a CI slice) and bench/fuzz.mjs (thousands of seeds).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AggregateDocgenError, DocgenError } from '../../src/node/diagnostics/error.js';
import { readSourcePage } from '../../src/node/content/collect.js';
import { compileMarkdown, createMarkdownProcessor } from '../../src/node/markdown/processor.js';
import { loadApiDocument } from '../../src/node/openapi/load.js';
import { seededRandom } from '../helpers/random.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Inputs larger than this are left out: a case should take milliseconds, not the seconds of a 2 MB document. */
const MAX_INPUT_BYTES = 200_000;

/** The seeded PRNG of a case: a seed names one case on every machine (helpers/random.ts). */
export const random = seededRandom;

function filesUnder(dir: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && pattern.test(entry.name) && statSync(file).size <= MAX_INPUT_BYTES)
      found.push(path.relative(root, file));
  }
  return found.sort();
}

let inputs: { pages: string[]; documents: string[] } | undefined;

/** The real inputs the fuzzer mutates (paths relative to the repository), each list sorted. */
export function fuzzInputs(): { pages: string[]; documents: string[] } {
  inputs ??= {
    pages: [...filesUnder('content', /\.mdx?$/), ...filesUnder('tests/fixtures/real-docs', /\.mdx?$/)],
    documents: [
      ...filesUnder('openapi', /\.(ya?ml|json)$/),
      ...filesUnder('tests/fixtures/openapi', /\.(ya?ml|json)$/),
    ],
  };
  return inputs;
}

type Mutation = (bytes: Buffer, rnd: () => number, kind: 'page' | 'document') => Buffer;
const text = (bytes: Buffer) => bytes.toString('utf8');
const at = (bytes: Buffer, rnd: () => number) => Math.floor(rnd() * (bytes.length + 1));
const insert = (bytes: Buffer, rnd: () => number, piece: string | Buffer) => {
  const i = at(bytes, rnd);
  return Buffer.concat([bytes.subarray(0, i), Buffer.isBuffer(piece) ? piece : Buffer.from(piece), bytes.subarray(i)]);
};
/** Inserts at the start of a random line (where block syntax starts). */
const insertLine = (bytes: Buffer, rnd: () => number, piece: string) => {
  const lines = text(bytes).split('\n');
  lines.splice(Math.floor(rnd() * (lines.length + 1)), 0, piece);
  return Buffer.from(lines.join('\n'));
};
const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

/** The mutations, by name (the name is printed with a failing seed). */
export const MUTATIONS: Record<string, Mutation> = {
  truncate: (b, r) => b.subarray(0, at(b, r)),
  byteFlips: (b, r) => {
    const out = Buffer.from(b);
    for (let n = 1 + Math.floor(r() * 8); n > 0 && out.length > 0; n--) {
      const i = Math.floor(r() * out.length);
      out[i] = out[i]! ^ (1 << Math.floor(r() * 8));
    }
    return out;
  },
  invalidUtf8: (b, r) =>
    insert(
      b,
      r,
      Buffer.from(pick(r, [[0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x28, 0x8c, 0xbc], [0xed, 0xa0, 0x80]])),
    ),
  deepNesting: (b, r, kind) => {
    const depth = 50 + Math.floor(r() * 3000);
    if (kind === 'document')
      return insertLine(
        b,
        r,
        pick(r, [
          'x-deep: ' + '['.repeat(depth),
          'x-deep: ' + '{a: '.repeat(depth) + '1' + '}'.repeat(depth),
          '  '.repeat(Math.min(depth, 400)) + 'a:',
        ]),
      );
    return insertLine(
      b,
      r,
      pick(r, [
        '> '.repeat(depth) + 'quote',
        Array.from({ length: Math.min(depth, 400) }, (_, i) => '  '.repeat(i) + '- item').join('\n'),
        '<div>'.repeat(depth),
        '['.repeat(depth) + 'x' + ']'.repeat(depth) + '(y)',
        '*'.repeat(depth) + 'a',
      ]),
    );
  },
  hugeLine: (b, r) =>
    insertLine(b, r, pick(r, ['a', '|', '`', '*a ', '[', '<', '{', '\\']).repeat(10_000 + Math.floor(r() * 40_000))),
  yamlBomb: (b, r, kind) => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...'bcdefghi'
        .split('')
        .map(
          (c, i) =>
            `${c}: &${c} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
        ),
    ].join('\n');
    if (kind === 'document') return Buffer.concat([b, Buffer.from(`\nx-bomb:\n${bomb.replace(/^/gm, '  ')}\n`)]);
    const source = text(b);
    return Buffer.from(
      source.startsWith('---\n') ? `---\n${bomb}\n${source.slice(4)}` : `---\n${bomb}\n---\n${source}`,
    );
  },
  duplicateKeys: (b, r) => {
    const lines = text(b).split('\n');
    const keyed = lines.map((line, i) => [line, i] as const).filter(([line]) => /^\s*[\w$"'-]+\s*:/.test(line));
    if (keyed.length === 0) return insertLine(b, r, 'title: a\ntitle: b');
    const [line, i] = pick(r, keyed);
    lines.splice(i + 1, 0, line);
    return Buffer.from(lines.join('\n'));
  },
  unbalanced: (b, r) =>
    insertLine(
      b,
      r,
      pick(r, [
        '<Tabs>',
        '</Tabs>',
        '<TabItem value="x">',
        '{',
        '}',
        '{/* x',
        ':::note',
        ':::',
        '::::tip[x',
        '```js',
        '~~~',
        '<details>',
        '</div>',
        'import X from',
        'export const',
        '<!--',
        '$$',
        ':::tabs\n== a',
        '<Foo bar={',
        '[^x]: y',
        '<<< ./missing.ts',
      ]),
    ),
  brokenTable: (b, r) =>
    insertLine(
      b,
      r,
      pick(r, [
        '| a | b |\n|---|\n| c',
        '| a |\n| --- | --- | --- |\n| 1 | 2 | 3 | 4 |',
        '|' + '|'.repeat(5000),
        '| a |\n|:-:|\n' + '| x |\n'.repeat(2000),
        '| a | b |\n| - | - |\n| `|` | \\| |',
      ]),
    ),
  cyclicRef: (b) =>
    Buffer.concat([
      b,
      Buffer.from(
        "\nx-cycle:\n  a:\n    $ref: '#/x-cycle/b'\n  b:\n    $ref: '#/x-cycle/a'\n  self:\n    $ref: '#/x-cycle/self'\n",
      ),
    ]),
  danglingRef: (b, r) => {
    const source = text(b);
    const refs = [...source.matchAll(/\$ref["']?\s*:\s*["']?([^"'\s,}]+)/g)];
    if (refs.length === 0)
      return Buffer.concat([
        b,
        Buffer.from(
          `\nx-dangling:\n  $ref: '${pick(r, ['#/nope', './missing.yaml', '#/components/schemas/~2', '#', '../x.yaml#/a', '%'])}'\n`,
        ),
      ]);
    const ref = pick(r, refs);
    const replacement = pick(r, [
      '#/components/schemas/Missing',
      './missing.yaml#/X',
      '#/paths',
      '#',
      '#/components/schemas/' + '~1'.repeat(50),
      'file:///etc/hostname',
      'http://127.0.0.1:9/x.yaml',
    ]);
    return Buffer.from(
      source.slice(0, ref.index! + ref[0].length - ref[1]!.length) +
        replacement +
        source.slice(ref.index! + ref[0].length),
    );
  },
  enormousEnum: (b, r, kind) => {
    const size = 2_000 + Math.floor(r() * 10_000);
    const values = Array.from({ length: size }, (_, i) => `v${i}`).join(', ');
    if (kind === 'document') return Buffer.concat([b, Buffer.from(`\nx-enum:\n  type: string\n  enum: [${values}]\n`)]);
    return insertLine(b, r, `| ${values.replaceAll(', ', ' | ')} |`);
  },
};

/** The outcome of one case. */
export interface FuzzOutcome {
  seed: number;
  input: string;
  mutations: string[];
  result: 'ok' | 'diagnostics' | 'internal';
  /** For `internal`: the error and its stack; for a diagnostic without a code or file, what is missing. */
  detail?: string;
  ms: number;
  /** The mutated input (kept for the regression corpus when the case failed). */
  bytes?: Buffer;
}

const processor = createMarkdownProcessor();

/** A diagnostic is acceptable when it names its code and its file. */
function badDiagnostic(error: { code?: unknown; file?: unknown }): string | null {
  if (typeof error.code !== 'string' || error.code === '') return 'a diagnostic without a code';
  if (typeof error.file !== 'string' || error.file === '') return `a ${error.code} diagnostic without a file`;
  return null;
}

/** Classifies what a case threw: a DocgenError (or several) with code and file, or an internal error. */
function classify(error: unknown): Pick<FuzzOutcome, 'result' | 'detail'> {
  const errors = error instanceof AggregateDocgenError ? error.errors : error instanceof DocgenError ? [error] : null;
  if (!errors)
    return { result: 'internal', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  for (const e of errors) {
    const bad = badDiagnostic(e);
    if (bad) return { result: 'internal', detail: `${bad}: ${e.message}` };
  }
  return { result: 'diagnostics' };
}

/**
 * Runs one mutated input through docgen, in this process.
 * @param work a folder for the case's files (a page's content folder, a document's folder); emptied first
 */
export async function runInput(
  input: string,
  bytes: Buffer,
  work: string,
): Promise<Pick<FuzzOutcome, 'result' | 'detail'>> {
  rmSync(work, { recursive: true, force: true });
  const isPage = /\.mdx?$/.test(input);
  try {
    if (isPage) {
      const content = path.join(work, 'content');
      const relPath = `docs/${path.basename(input)}`;
      mkdirSync(path.join(content, 'docs'), { recursive: true });
      writeFileSync(path.join(content, relPath), bytes);
      const { page, diagnostics } = await readSourcePage(content, relPath, { unknownFrontMatter: 'warn' });
      for (const d of diagnostics) {
        const bad = badDiagnostic(d);
        if (bad) return { result: 'internal', detail: bad };
      }
      const compiled = await compileMarkdown({
        processor,
        source: page.source,
        frontMatter: page.frontMatter,
        ctx: {
          file: page.file,
          relPath,
          route: '/docs/page',
          routeByRelPath: new Map([[relPath, '/docs/page']]),
          staticFiles: new Set(),
          href: (p) => p,
          contentRoot: content,
          projectRoot: work,
          mdx: relPath.endsWith('.mdx'),
        },
      });
      for (const e of compiled.errors) {
        const bad = badDiagnostic(e as { code?: unknown; file?: unknown });
        if (bad) return { result: 'internal', detail: bad };
      }
      return { result: compiled.errors.length > 0 ? 'diagnostics' : 'ok' };
    }
    mkdirSync(work, { recursive: true });
    const file = path.join(work, path.basename(input));
    writeFileSync(file, bytes);
    const model = await loadApiDocument(file, {
      validation: 'warn',
      onDroppedHtml: 'warn',
      readPolicy: { roots: [work] },
    });
    return { result: (model.warnings?.length ?? 0) > 0 ? 'diagnostics' : 'ok' };
  } catch (error) {
    return classify(error);
  }
}

/**
 * One fuzz case: the seed picks the input (a page or a document, about half each) and one to three mutations.
 * @param work a scratch folder of this runner
 */
export async function fuzzCase(seed: number, work: string): Promise<FuzzOutcome> {
  const rnd = random(seed);
  const { pages, documents } = fuzzInputs();
  const kind = rnd() < 0.5 ? 'page' : 'document';
  const input = pick(rnd, kind === 'page' ? pages : documents);
  const names = Object.keys(MUTATIONS);
  const mutations = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, names));
  let bytes: Buffer = readFileSync(path.join(root, input));
  for (const name of mutations) bytes = MUTATIONS[name]!(bytes, rnd, kind);
  const started = performance.now();
  const outcome = await runInput(input, bytes, work);
  return {
    seed,
    input,
    mutations,
    ...outcome,
    ms: Math.round(performance.now() - started),
    ...(outcome.result === 'internal' ? { bytes } : {}),
  };
}

/** A scratch folder for a runner. */
export function scratch(): string {
  return mkdtempSync(path.join(tmpdir(), 'docgen-fuzz-'));
}
