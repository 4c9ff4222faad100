/**
 * Differential testing of the build drivers: a seeded random sequence of author edits (text, headings, titles,
 * sidebar positions, pages added and removed, partials, OpenAPI descriptions, broken links, reverts) applied to a
 * site folder; after every step the warm build (incremental or full, with its caches) must write the same bytes as
 * a cold `build --force` with an empty cache folder, fail with the same diagnostics, and `docgen dev` must serve the
 * edited route with the same `<main>` as the cold build.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { docgenBin, repoRoot } from './site.js';

/** One applied edit: what it did (for the failure message) and the route whose page it changed, if known. */
export interface AppliedEdit {
  kind: string;
  file: string;
  route?: string;
  /**
   * Text the edit wrote whose page is not known by path (an OpenAPI description): dev is asked for the first page of
   * the cold build (by file name) that shows it.
   */
  shows?: string;
}

const WORDS = [
  '差分',
  '検証',
  'ゲートウェイ',
  'ルーティング',
  'キャッシュ',
  'token',
  'gateway',
  'cluster',
  'zone',
  'インデックス',
  '段落',
  'partition',
  '設定値',
  'retry',
  '認証',
];

/**
 * Applies seeded random edits to a site folder, remembering each file's original text so it can revert it.
 * Edits only Markdown pages below `docsDirs` (relative to the site) and the OpenAPI documents `apiFiles`.
 */
export class SiteEditor {
  private readonly originals = new Map<string, string | null>();
  private readonly added: string[] = [];
  /**
   * Pages given a broken link and not mended since: one is mended at each step with a chance of 70 %, as an author
   * would, so the site does not stay broken (a step whose builds both fail compares only their diagnostics).
   */
  private readonly broken = new Set<string>();
  /** Pages given a link to a page the editor added, by that page: its removal breaks them. */
  private readonly linkers = new Map<string, Set<string>>();
  private counter = 0;
  readonly pages: string[];

  constructor(
    readonly dir: string,
    readonly rng: () => number,
    readonly options: { docsDirs: string[]; apiFiles?: string[]; routeOf: (file: string) => string | undefined },
  ) {
    this.pages = options.docsDirs.flatMap((docs) =>
      markdownFiles(path.join(dir, docs)).map((file) => path.join(docs, file)),
    );
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)]!;
  }

  private words(count: number): string {
    return Array.from({ length: count }, () => this.pick(WORDS)).join(this.rng() < 0.5 ? '' : ' ');
  }

  private read(file: string): string {
    const full = path.join(this.dir, file);
    if (!this.originals.has(file)) this.originals.set(file, existsSync(full) ? readFileSync(full, 'utf8') : null);
    return existsSync(full) ? readFileSync(full, 'utf8') : '';
  }

  private write(file: string, text: string): void {
    this.read(file);
    mkdirSync(path.dirname(path.join(this.dir, file)), { recursive: true });
    writeFileSync(path.join(this.dir, file), text);
  }

  private livePages(): string[] {
    return [...this.pages, ...this.added].filter((file) => existsSync(path.join(this.dir, file)));
  }

  /** After an added page was removed: the pages still linking to it are broken until mended. */
  private unlinked(file: string): void {
    const name = path.basename(file);
    for (const linker of this.linkers.get(file) ?? [])
      if (existsSync(path.join(this.dir, linker)) && this.read(linker).includes(`](./${name})`))
        this.broken.add(linker);
    this.linkers.delete(file);
  }

  /** Sets (or adds) one front matter key of a page. */
  private setFrontMatter(file: string, key: string, value: string): void {
    const text = this.read(file);
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
    const line = `${key}: ${value}`;
    if (!match) return this.write(file, `---\n${line}\n---\n\n${text}`);
    const lines = match[1]!.split(/\r?\n/).filter((l) => !l.startsWith(`${key}:`));
    this.write(file, `---\n${[...lines, line].join('\n')}\n---\n${text.slice(match[0].length)}`);
  }

  /** Whether `file` is a partial the editor added that a live page in its folder still imports. */
  private importedPartial(file: string): boolean {
    return this.originals.get(file) === null && this.partialImporters().some((entry) => entry.partial === file);
  }

  /** The live pages that import a partial the editor wrote, each with that partial (site-relative paths). */
  partialImporters(): { partial: string; page: string }[] {
    return this.livePages().flatMap((page) => {
      const partial = path.join(path.dirname(page), '_diff-partial.md');
      return existsSync(path.join(this.dir, partial)) &&
        readFileSync(path.join(this.dir, page), 'utf8').includes("from './_diff-partial.md'")
        ? [{ partial, page }]
        : [];
    });
  }

  /** Applies one random edit and returns what it did. */
  step(): AppliedEdit {
    const mend = [...this.broken].find((file) => existsSync(path.join(this.dir, file)));
    if (mend && this.rng() < 0.7) {
      this.broken.delete(mend);
      const original = this.originals.get(mend);
      if (original !== undefined && original !== null) {
        writeFileSync(path.join(this.dir, mend), original);
        return { kind: 'revert', file: mend, route: this.options.routeOf(mend) };
      }
      if (original === null) {
        // A page the editor added: mended by removing it (it stayed broken before, seed 3201 on the versioned site).
        rmSync(path.join(this.dir, mend), { force: true });
        this.unlinked(mend);
        return { kind: 'page removed', file: mend };
      }
    }
    const roll = this.rng();
    const pages = this.livePages();
    const page = this.pick(pages);
    const n = ++this.counter;
    const edit = (kind: string, file: string): AppliedEdit => ({
      kind,
      file,
      route: file.endsWith('.md') || file.endsWith('.mdx') ? this.options.routeOf(file) : undefined,
    });
    if (roll < 0.3) {
      // A paragraph added at the end, or words appended to a line of text outside code fences.
      const text = this.read(page);
      const lines = text.split('\n');
      let fenced = false;
      const prose: number[] = [];
      let body = 0;
      if (lines[0] === '---') body = lines.indexOf('---', 1) + 1;
      for (let i = body; i < lines.length; i++) {
        if (/^\s*(```|~~~)/.test(lines[i]!)) fenced = !fenced;
        else if (!fenced && /^[\p{L}\p{N}]/u.test(lines[i]!) && !/^(import|export)\b/.test(lines[i]!)) prose.push(i);
      }
      if (prose.length > 0 && this.rng() < 0.6) {
        const i = this.pick(prose);
        lines[i] = `${lines[i]} ${this.words(3)}`;
        this.write(page, lines.join('\n'));
        return edit('text', page);
      }
      this.write(page, `${text.replace(/\n*$/, '')}\n\n${this.words(8)}。\n`);
      return edit('paragraph', page);
    }
    if (roll < 0.4) {
      this.write(page, `${this.read(page).replace(/\n*$/, '')}\n\n## ${this.words(2)} ${n}\n\n${this.words(6)}。\n`);
      return edit('heading', page);
    }
    if (roll < 0.48) {
      this.setFrontMatter(page, 'title', `${this.words(2)} ${n}`);
      return edit('title', page);
    }
    if (roll < 0.56) {
      this.setFrontMatter(page, 'sidebar_position', String(Math.floor(this.rng() * 20) - 2));
      return edit('sidebar_position', page);
    }
    if (roll < 0.64) {
      const folder = path.dirname(this.pick(this.pages));
      // Half the time, the page a broken link of its folder names: that link resolves from now on, in the warm build
      // as in the cold one (under a 'warn' policy the linking page was cached with its warning).
      const dangling = pages
        .filter((other) => path.dirname(other) === folder)
        .flatMap((other) => [...this.read(other).matchAll(/\]\(\.\/(no-such-page-\d+\.md)\)/g)].map((m) => m[1]!))
        .filter((name) => !existsSync(path.join(this.dir, folder, name)));
      const file = path.join(
        folder,
        dangling.length > 0 && this.rng() < 0.5 ? this.pick(dangling) : `diff-page-${n}.md`,
      );
      this.added.push(file);
      this.write(
        file,
        `---\ntitle: ${this.words(2)} ${n}\n---\n\n${this.words(10)}。\n\n## ${this.words(2)}\n\n${this.words(12)}。\n`,
      );
      // Half the time a page of its folder links to it: that page's compile looked the new page up, so removing it
      // again must break that page in the warm build as in the cold one (the page cache keeps the answers a compile
      // got from the route table, not the table: cache/site-lookups.ts).
      const neighbours = pages.filter((other) => path.dirname(other) === folder);
      if (neighbours.length > 0 && this.rng() < 0.5) {
        const linker = this.pick(neighbours);
        this.write(
          linker,
          `${this.read(linker).replace(/\n*$/, '')}\n\n[${this.words(1)}](./${path.basename(file)})\n`,
        );
        this.linkers.set(file, new Set([...(this.linkers.get(file) ?? []), linker]));
      }
      return edit('page added', file);
    }
    if (roll < 0.7) {
      const added = this.added.filter((file) => existsSync(path.join(this.dir, file)));
      if (added.length === 0) return this.step();
      const file = this.pick(added);
      this.read(file);
      unlinkSync(path.join(this.dir, file));
      this.unlinked(file);
      return { kind: 'page removed', file };
    }
    if (roll < 0.76) {
      // A partial edited alone, then dev asked for a page that imports it (not the partial's own file): the page's
      // source is unchanged, so only a cache key that covers its partials shows the new text.
      const importers = this.partialImporters();
      if (importers.length > 0 && this.rng() < 0.5) {
        const { partial, page: importer } = this.pick(importers);
        this.write(partial, `${this.read(partial).replace(/\n*$/, '')} ${this.words(4)} ${n}。\n`);
        return { kind: 'partial edited', file: partial, route: this.options.routeOf(importer) };
      }
      // A partial: a Markdown file whose name starts with '_' (not a page), imported by a page.
      const partial = path.join(path.dirname(page), '_diff-partial.md');
      const name = `DiffPartial${n}`;
      this.write(partial, `${this.words(6)} ${n}。\n`);
      if (!this.read(page).includes("from './_diff-partial.md'")) {
        this.write(
          page,
          `${this.read(page).replace(/\n*$/, '')}\n\nimport ${name} from './_diff-partial.md';\n\n<${name} />\n`,
        );
      }
      return edit('partial', page);
    }
    if (roll < 0.84 && this.options.apiFiles?.length) {
      const file = this.pick(this.options.apiFiles);
      const lines = this.read(file).split('\n');
      const plain = lines.flatMap((line, i) =>
        /^\s*description: [^\s|>'"&*!%@`{[]/.test(line) && !/[:#]/.test(line.replace(/^\s*description: /, ''))
          ? [i]
          : [],
      );
      if (plain.length === 0) return this.step();
      const i = this.pick(plain);
      const shows = `${this.words(2)} d${n}`;
      lines[i] = `${lines[i]} ${shows}`;
      this.write(file, lines.join('\n'));
      return { kind: 'OpenAPI description', file, shows };
    }
    if (roll < 0.9) {
      this.write(page, `${this.read(page).replace(/\n*$/, '')}\n\n[${this.words(1)}](./no-such-page-${n}.md)\n`);
      this.broken.add(page);
      return edit('broken link', page);
    }
    // Revert: a changed file back to its original text (an added one removed). A partial the editor added stays while
    // a page still imports it: removing it would leave the site broken until that page's own revert (on the versioned
    // site, seed 3201, steps 103 to 144 all compared only the diagnostics of two failed builds).
    const changed = [...this.originals.keys()].filter((file) => {
      const full = path.join(this.dir, file);
      const now = existsSync(full) ? readFileSync(full, 'utf8') : null;
      return now !== this.originals.get(file) && !this.importedPartial(file);
    });
    if (changed.length === 0) return this.step();
    const file = this.pick(changed);
    const original = this.originals.get(file)!;
    if (original === null) {
      // An added page removed: the pages linking to it are broken until mended, as after 'page removed' (without
      // this the Vite site, seed 33, stayed broken from step 44 on: every later step compared only diagnostics).
      rmSync(path.join(this.dir, file), { force: true });
      this.unlinked(file);
    } else writeFileSync(path.join(this.dir, file), original);
    return edit('revert', file);
  }
}

/** Markdown files below a folder (relative), skipping partials ('_' names) and sorted. */
export function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter(
      (file) =>
        /\.mdx?$/.test(file) && !path.basename(file).startsWith('_') && !file.split(path.sep).includes('node_modules'),
    )
    .sort();
}

/** Every file below a folder (relative paths, sorted). */
export function treeFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The differences between two output folders: files only in one, and files whose bytes differ.
 * @returns one line per difference (empty when identical)
 */
export function treeDifferences(a: string, b: string): string[] {
  const left = treeFiles(a);
  const right = new Set(treeFiles(b));
  const out: string[] = [];
  for (const file of left) {
    if (!right.delete(file)) out.push(`only in warm: ${file}`);
    else if (!readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)))) out.push(`differs: ${file}`);
  }
  for (const file of right) out.push(`only in cold: ${file}`);
  return out;
}

/** The outer HTML of a page's `<main>` element (the first one), or '' when it has none. */
export function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  return start === -1 || end === -1 ? '' : html.slice(start, end + '</main>'.length);
}

/**
 * A page's HTML with the URLs of its API reference's files made equal: a build links the hashed copies it writes
 * (/assets/api/…), dev the same content from its own endpoints (/__docgen/api.html, /__docgen/api-source).
 */
export function sameApiFiles(html: string): string {
  return html.replace(/(href|data-src)="(\/__docgen\/[^"]*|\/assets\/api\/[^"]*)"/g, '$1="(API file)"');
}

/** Runs the CLI asynchronously (dev keeps serving meanwhile) with extra environment variables. */
export function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs = 300_000,
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [docgenBin, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? -1, stdout, stderr });
    });
  });
}

/** A build of a site folder as the differential sequence runs it: `build --json`'s exit status and output. */
export type DifferentialBuild = (options: {
  dir: string;
  /** DOCGEN_CACHE_DIR of this build. */
  cacheDir: string;
  /** Cold builds: an empty `outDir` (with an empty `cacheDir`, a build from nothing; see inProcessBuild). */
  cold?: { outDir: string };
}) => Promise<{ status: number; stdout: string; stderr: string }>;

/** Each build a `docgen build --json` process (slow: a process start and module loading per build). */
export const cliBuild: DifferentialBuild = ({ dir, cacheDir, cold }) =>
  runCli(['build', '--json', ...(cold ? ['--force', '--out-dir', cold.outDir] : [])], dir, {
    DOCGEN_CACHE_DIR: cacheDir,
  });

/**
 * Each build a call of the compiled CLI's `build()` (lib/node/index.js, whose worker threads are lib/'s) in this
 * process, with DOCGEN_CACHE_DIR set for the call: what `build --json` prints, without a process per build. Builds
 * must not overlap (the cache folder is the process's environment).
 *
 * A cold build is `build()` without `force`, into an empty output folder with an empty cache folder: with no saved
 * build state the incremental path declines (incremental/patch-build.ts), and the page, API and search caches it
 * reads are empty, so every page, API reference and index is made anew exactly as with `--force`. The one thing
 * `--force` adds is bundling the theme module again (incremental/theme-module.ts); without it the cold build imports
 * the module the warm build uses, which is keyed by docgen's engine fingerprint and the hashes of the site's theme
 * files (none of which an edit of the differential editor touches) and sealed with the hash of its code, so it is the
 * module a rebundle would write. That saves the theme's esbuild run per step (0.3 s quiet, 1.5 s at a load of 17)
 * and shares no per-page state between the two sides.
 *
 * Both sides compile and render on this process's main thread (`DOCGEN_THREADS=0`, pool/pool.ts: the same code as
 * a worker thread runs): a worker thread per build costs its module loading and its own JIT warm-up every time, and
 * with it a step of this site took 14 s of CPU against 8 s without (12 steps each, one after the other). That the
 * thread and a fresh process change nothing is checked by runDifferential's `freshProcessEvery`.
 */
export const inProcessBuild: DifferentialBuild = async ({ dir, cacheDir, cold }) => {
  const lib = (await import(pathToFileURL(path.join(repoRoot, 'lib/node/index.js')).href)) as {
    build: (options: { root: string; outDir?: string; force?: boolean; silent?: boolean }) => Promise<{
      warnings: unknown[];
    }>;
  };
  const previous = { cache: process.env.DOCGEN_CACHE_DIR, threads: process.env.DOCGEN_THREADS };
  process.env.DOCGEN_CACHE_DIR = cacheDir;
  process.env.DOCGEN_THREADS = '0';
  const json = (list: unknown[]) =>
    list.map((e) => {
      const error = e as { toJSON?: () => { file?: string; severity?: string }; message?: string };
      if (typeof error.toJSON !== 'function') return { code: 'InternalError', message: String(error.message ?? e) };
      const init = error.toJSON();
      return { ...init, file: init.file ? path.relative(dir, init.file) || init.file : undefined };
    });
  const print = (status: number, list: unknown[]) => {
    const all = JSON.parse(JSON.stringify(json(list))) as { severity?: string }[];
    const errors = all.filter((e) => e.severity !== 'warning');
    const warnings = all.filter((e) => e.severity === 'warning');
    return { status, stdout: JSON.stringify({ errors, warnings }, null, 2), stderr: '' };
  };
  try {
    const result = await lib.build({ root: dir, silent: true, ...(cold ? { outDir: cold.outDir } : {}) });
    return print(0, result.warnings);
  } catch (error) {
    const list = (error as { errors?: unknown[] }).errors;
    return print(1, Array.isArray(list) ? list : [error]);
  } finally {
    restoreEnv('DOCGEN_CACHE_DIR', previous.cache);
    restoreEnv('DOCGEN_THREADS', previous.threads);
  }
};

/** Puts an environment variable back as it was (`undefined`: unset). */
function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * The diagnostics of a `build --json` run as comparable data: code, file, position and message of each, sorted.
 * A run that printed no JSON gives its raw output, so the comparison still fails visibly.
 */
export function diagnosticsOf(result: { status: number; stdout: string }): unknown {
  if (result.stdout.trim() === '') return { status: result.status, diagnostics: [] };
  try {
    const parsed = JSON.parse(result.stdout) as unknown;
    return { status: result.status, diagnostics: parsed };
  } catch {
    return { status: result.status, raw: result.stdout };
  }
}

/** A fresh empty temp folder. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Steps per fixture: DOCGEN_DIFF_STEPS, else `fallback`. Seed: DOCGEN_DIFF_SEED, else `fallback`. */
export function differentialSettings(fallback: { steps: number; seed: number }): { steps: number; seed: number } {
  const steps = Number(process.env.DOCGEN_DIFF_STEPS ?? fallback.steps);
  const seed = Number(process.env.DOCGEN_DIFF_SEED ?? fallback.seed);
  return {
    steps: Number.isFinite(steps) && steps > 0 ? steps : fallback.steps,
    seed: Number.isFinite(seed) ? seed : fallback.seed,
  };
}

/**
 * The route of the first page (by file name) of a built folder whose `<main>` contains `text`, or undefined.
 * Inverse of routeFile: 'a/index.html' -> '/a/', 'a/b.html' -> '/a/b'.
 */
export function routeShowing(outDir: string, text: string): string | undefined {
  const file = treeFiles(outDir).find(
    (name) => name.endsWith('.html') && mainOf(readFileSync(path.join(outDir, name), 'utf8')).includes(text),
  );
  if (file === undefined) return undefined;
  const route = `/${file.split(path.sep).join('/')}`;
  return route.endsWith('/index.html') ? route.slice(0, -'index.html'.length) : route.slice(0, -'.html'.length);
}

/** The output file of a route in a built folder ('/a/b' -> a/b.html, '/a/' -> a/index.html). */
export function routeFile(route: string): string {
  return route.endsWith('/') ? `${route.slice(1)}index.html` : `${route.slice(1)}.html`;
}

/**
 * Runs the differential sequence on a site folder.
 * @param options.steps how many edits
 * @param options.devUrl URL (with base, no trailing slash) of a `docgen dev` serving the folder, to compare `<main>`
 * @param options.log progress lines (one per step)
 * @returns the failures, one message per step that failed (empty when every step passed), and counts
 */
export async function runDifferential(options: {
  dir: string;
  /** The seeded editor of the folder, or any object whose `step()` edits it (a scripted sequence). */
  editor: { step(): AppliedEdit };
  steps: number;
  seed: number;
  devUrl?: string;
  log?: (line: string) => void;
  /** How each build runs (default: a CLI process per build). */
  build?: DifferentialBuild;
  /**
   * Every this many steps (and at the last), the cold build is made a second time as a reader's CI makes it, by a
   * `docgen build --force --json` process (cliBuild: worker threads as the CLI chooses them, nothing left in memory
   * by earlier builds), and must equal the first byte for byte, diagnostics included. Default: never.
   */
  freshProcessEvery?: number;
}): Promise<{
  failures: string[];
  builds: { ok: number; failed: number; incremental: number; freshProcess: number };
  devChecks: number;
}> {
  const { dir, editor } = options;
  const build = options.build ?? cliBuild;
  const warmCache = tempDir('docgen-diff-warm-');
  const failures: string[] = [];
  const fail = (message: string) => {
    failures.push(message);
    options.log?.(`FAILED ${message}`);
  };
  const builds = { ok: 0, failed: 0, incremental: 0, freshProcess: 0 };
  let devChecks = 0;
  try {
    const first = await build({ dir, cacheDir: warmCache });
    if (first.status !== 0) throw new Error(`the fixture does not build:\n${first.stdout}${first.stderr}`);
    for (let step = 1; step <= options.steps; step++) {
      const stepStarted = performance.now();
      const cpuStarted = process.cpuUsage(); // this process and its worker threads (not dev's process)
      const edit = editor.step();
      const where = `seed ${options.seed} step ${step} (${edit.kind} ${edit.file})`;
      const warm = await build({ dir, cacheDir: warmCache });
      const warmMs = performance.now() - stepStarted;
      const coldCache = tempDir('docgen-diff-cold-');
      const coldOut = tempDir('docgen-diff-out-');
      try {
        const coldStarted = performance.now();
        const cold = await build({ dir, cacheDir: coldCache, cold: { outDir: coldOut } });
        const coldMs = performance.now() - coldStarted;
        const every = options.freshProcessEvery;
        if (every !== undefined && (step % every === 0 || step === options.steps)) {
          builds.freshProcess++;
          const mismatch = await freshProcessMismatch(dir, cold, coldOut);
          if (mismatch)
            fail(`${where}: a fresh \`docgen build --force\` process differs from the cold build: ${mismatch}`);
        }
        const devStarted = performance.now();
        const warmDiagnostics = JSON.stringify(diagnosticsOf(warm));
        const coldDiagnostics = JSON.stringify(diagnosticsOf(cold));
        if (warmDiagnostics !== coldDiagnostics)
          fail(
            `${where}: diagnostics differ\nwarm: ${warmDiagnostics.slice(0, 2000)}\n${warm.stderr.slice(0, 1000)}\ncold: ${coldDiagnostics.slice(0, 2000)}\n${cold.stderr.slice(0, 1000)}`,
          );
        if (cold.status !== 0) {
          builds.failed++;
          options.log?.(`${where}: both fail`);
          continue;
        }
        builds.ok++;
        const differences = warm.status === 0 ? treeDifferences(path.join(dir, 'dist'), coldOut) : [];
        if (differences.length > 0)
          fail(`${where}: warm and cold output differ:\n${differences.slice(0, 20).join('\n')}`);
        const route = edit.route ?? (edit.shows === undefined ? undefined : routeShowing(coldOut, edit.shows));
        if (options.devUrl && edit.shows !== undefined && route === undefined)
          options.log?.(`${where}: no dev check, no page of the cold build shows '${edit.shows}'`);
        else if (options.devUrl && route && !existsSync(path.join(coldOut, routeFile(route))))
          options.log?.(`${where}: no dev check, the cold build has no page at ${route}`);
        else if (options.devUrl && route) {
          devChecks++;
          const expected = sameApiFiles(mainOf(readFileSync(path.join(coldOut, routeFile(route)), 'utf8')));
          let served = '';
          const deadline = Date.now() + 20_000;
          while (Date.now() < deadline) {
            const response = await fetch(`${options.devUrl}${route}`).catch(() => null);
            served = response ? sameApiFiles(mainOf(await response.text())) : '';
            if (served === expected) break;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          if (served !== expected)
            fail(`${where}: dev serves another <main> for ${route}\n${firstDifference(served, expected)}`);
        }
        options.log?.(
          `${where}: ${differences.length === 0 ? 'identical' : `${differences.length} files differ`}${devChecks > 0 ? ` (dev checks so far: ${devChecks})` : ''} ${Math.round(performance.now() - stepStarted)} ms (warm ${Math.round(warmMs)}, cold ${Math.round(coldMs)}, compare and dev ${Math.round(performance.now() - devStarted)}; CPU ${cpuMs(process.cpuUsage(cpuStarted))})`,
        );
      } finally {
        rmSync(coldCache, { recursive: true, force: true });
        rmSync(coldOut, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(warmCache, { recursive: true, force: true });
  }
  return { failures, builds, devChecks };
}

/**
 * Makes the cold build again in a `docgen build --force --json` process, into folders of its own.
 * @returns what differs from the first cold build (its result and output folder), or undefined when nothing does
 */
async function freshProcessMismatch(
  dir: string,
  cold: { status: number; stdout: string },
  coldOut: string,
): Promise<string | undefined> {
  const cacheDir = tempDir('docgen-diff-fresh-cache-');
  const outDir = tempDir('docgen-diff-fresh-out-');
  try {
    const fresh = await cliBuild({ dir, cacheDir, cold: { outDir } });
    const expected = JSON.stringify(diagnosticsOf(cold));
    const actual = JSON.stringify(diagnosticsOf(fresh));
    if (actual !== expected)
      return `diagnostics\nfresh: ${actual.slice(0, 2000)}\n${fresh.stderr.slice(0, 1000)}\ncold: ${expected.slice(0, 2000)}`;
    if (cold.status !== 0) return undefined;
    const differences = treeDifferences(outDir, coldOut);
    return differences.length > 0 ? `output\n${differences.slice(0, 20).join('\n')}` : undefined;
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** User + system CPU time of a process.cpuUsage() difference, in whole milliseconds. */
function cpuMs(usage: NodeJS.CpuUsage): number {
  return Math.round((usage.user + usage.system) / 1000);
}

/** Where two texts first differ, with some context of each. */
export function firstDifference(actual: string, expected: string): string {
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}:\n  dev:  …${actual.slice(Math.max(0, i - 80), i + 160)}\n  cold: …${expected.slice(Math.max(0, i - 80), i + 160)}`;
}
