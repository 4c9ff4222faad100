/**
 * The build's worker pool: worker threads (threads.ts: each page under a time and memory budget), up to one per core (`os.availableParallelism()`,
 * fewer for a small site: poolSize), started as soon as a build knows it has work, so the threads load the
 * Markdown pipeline while the main thread reads content. The main thread keeps what must be global (route table,
 * link check, OpenAPI validation, search index, site data); Markdown compilation and HTML rendering run here. Always `destroy()` it (a `finally`):
 * live threads keep the process from exiting.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocgenError } from '../diagnostics/error.js';
import { docgenRoot } from '../paths.js';
import type { CompileContext, CompileJob, CompiledPageMeta } from './compile-pages.js';
import { shareContext, type PoolTask } from './protocol.js';
import type { RenderContext, RenderJob, RenderOutcome } from './render-pages.js';
import { createThreadPool, type JobBudget } from './threads.js';

export interface BuildPool {
  /** Number of worker threads. */
  readonly threads: number;
  /**
   * Compiles Markdown routes; each route data file is written into the context's staging folder.
   * @param progress called with the number of jobs done so far, as batches finish (the build's progress lines)
   * @returns one entry per job, in job order; diagnostics inside (never rejects for bad content)
   */
  compile(context: CompileContext, jobs: CompileJob[], progress?: (done: number) => void): Promise<CompiledPageMeta[]>;
  /**
   * Renders routes and writes their HTML into the context's staging folder; every job is rendered.
   * @param progress as compile's; on the main thread it is called once, at the end
   * @returns TemplateRenderFailed errors of the routes whose theme rendering threw
   */
  render(
    context: RenderContext,
    jobs: RenderJob[],
    progress?: (done: number) => void,
  ): Promise<{ errors: DocgenError[] }>;
  /** Stops the threads and frees their memory (waits for them); calling it again does nothing. */
  destroy(): Promise<void>;
}

/** Markdown bytes from which one worker thread pays for starting it (see poolSize). */
const BYTES_FOR_ONE_THREAD = 256 * 1024;
/** Markdown bytes that keep each further thread busy long enough to pay for starting it (see poolSize). */
const BYTES_PER_THREAD = 1024 * 1024;

/**
 * How many threads a build's Markdown pays for: none below 256 KiB, where pages are compiled and rendered on the
 * main thread; else one per MiB (at least one), at most `os.availableParallelism()`, and none on a single core.
 * A thread costs about 0.3 s of CPU to load the Markdown pipeline and the theme plus the warm-up of its own JIT,
 * while Markdown compiles at roughly 0.5 to 1 MB/s; the main thread meanwhile loads the OpenAPI documents, renders
 * the API references and drives esbuild. Medians of 4 alternating cold builds on this 2-core machine, no worker
 * against one: 25 synthetic pages (123 KB) 0.77 / 0.78 s, 50 pages (243 KB) 1.04 / 1.04 s, 100 pages (495 KB)
 * 1.49 / 1.38 s, this site (490 KB and three OpenAPI documents) 2.43 / 2.22 s. Two threads lost below 1 MiB
 * (this site: 2.6 s), their JIT warm-up being paid twice.
 * `DOCGEN_THREADS=<n>` overrides the choice (benchmarks, tests).
 * @param markdownBytes total size of the Markdown files
 * @returns 0 (no worker threads) up to the number of cores
 */
export function poolSize(markdownBytes: number): number {
  const forced = Number.parseInt(process.env.DOCGEN_THREADS ?? '', 10);
  if (Number.isInteger(forced) && forced >= 0) return forced;
  const cores = os.availableParallelism();
  if (cores < 2 || markdownBytes < BYTES_FOR_ONE_THREAD) return 0;
  return Math.min(cores, Math.max(1, Math.floor(markdownBytes / BYTES_PER_THREAD)));
}

/** Batches handed to a thread at once: enough for balance between threads, few enough that messages cost nothing. */
const BATCHES_PER_THREAD = 16;

/**
 * The per-page budget when the config sets none (markdown.budget), far above any honest page: a
 * 20 MB page took 30 to 60 s of CPU but up to 180 s of wall-clock time on a machine shared by several builds, and
 * about 2 GB of peak RSS for the whole process.
 */
const DEFAULT_BUDGET: JobBudget = { timeMs: 300_000, memoryMb: 2048 };

/** The per-page budget a resolved config sets (`markdown.budget`). */
export function budgetOf(config: { markdown: { budget: { seconds: number; memoryMb: number } } }): JobBudget {
  return { timeMs: config.markdown.budget.seconds * 1000, memoryMb: config.markdown.budget.memoryMb };
}

/** The compiled entry of the build's worker threads, or null when docgen runs from its sources (tests). */
function workerFile(): string | null {
  const file = path.join(docgenRoot(), 'lib', 'node', 'build-worker.js');
  return existsSync(file) ? file : null;
}

/**
 * Starts the pool.
 * @param options.threads worker count (default `os.availableParallelism()`); 0 runs every task on the main
 *   thread with the same code (createLocalPool)
 * @param options.budget what one page may cost (markdown.budget; DEFAULT_BUDGET): a page over it is stopped and
 *   fails with PageBudgetExceeded, the thread is replaced and the other pages go on
 */
export function createBuildPool(options: { threads?: number; budget?: JobBudget } = {}): BuildPool {
  const threads = Math.max(0, options.threads ?? os.availableParallelism());
  const budget = options.budget ?? DEFAULT_BUDGET;
  const file = workerFile();
  if (threads === 0 || !file) return createLocalPool({ budget });
  // Every batch is handed to a thread at once (perThread): while the main thread builds the search index it cannot
  // answer a thread that finished a batch, so threads must not depend on it for their next one.
  const pool = createThreadPool<PoolTask, unknown>({ file, threads, perThread: BATCHES_PER_THREAD, budget });
  let contexts = 0; // a context's number: the pool's threads keep the last one they read (worker.ts)
  /**
   * Splits jobs into batches of at most `max` jobs, and at most BATCHES_PER_THREAD per thread. Rendering takes no
   * `max`: all its batches are dispatched before the main thread turns to the search index.
   */
  const batches = <J>(jobs: J[], max: number): J[][] => {
    const size = Math.min(max, Math.max(1, Math.ceil(jobs.length / (threads * BATCHES_PER_THREAD))));
    const out: J[][] = [];
    for (let i = 0; i < jobs.length; i += size) out.push(jobs.slice(i, i + size));
    return out;
  };
  return {
    threads,
    async compile(context, jobs, progress) {
      const shared = shareContext(++contexts, context);
      const count = counter(progress);
      // Copies of one text (a page in each docs version) in one batch, one after another: the thread parses the
      // text once (markdown/remark-parse-format.ts).
      const order = sameSourcesTogether(jobs);
      const ordered = order.map((i) => jobs[i]!);
      const results = await Promise.all(
        batches(ordered, 32).map((batch) => pool.run({ kind: 'compile', context: shared, jobs: batch }).then(count)),
      );
      const metas: CompiledPageMeta[] = new Array(jobs.length);
      results.flat().forEach((outcome, i) => {
        metas[order[i]!] =
          'value' in outcome ? (outcome.value as CompiledPageMeta) : overrunPage(ordered[i]!, outcome, budget);
      });
      return metas;
    },
    async render(context, jobs, progress) {
      const shared = shareContext(++contexts, context);
      const count = counter(progress);
      const results = await Promise.all(
        batches(jobs, Infinity).map((batch) => pool.run({ kind: 'render', context: shared, jobs: batch }).then(count)),
      );
      const errors = results.flat().flatMap((outcome, i) => {
        if (!('value' in outcome))
          return [
            overrunError({ file: jobs[i]!.source, what: `Rendering ${jobs[i]!.file}`, overrun: outcome, budget }),
          ];
        const { error } = outcome.value as RenderOutcome;
        return error ? [DocgenError.fromJSON(error)] : [];
      });
      return { errors };
    },
    destroy: () => pool.destroy(),
  };
}

/**
 * Pages from this size (UTF-16 code units) are compiled in a worker thread, under the budget, even when the site is
 * too small for a pool (createLocalPool). Below it a page cannot run long: the slowest constructs found (`*a`
 * repeated: 40 KB 2.4 s, 100 KB 27 s, quadratic in micromark's attention resolution) take under two seconds at
 * 32 KiB, so a thread's 0.3 s start is paid only by sites that have a page this large.
 */
const LARGE_PAGE = 32 * 1024;

/**
 * The pool without threads: the same compile and render code, run on the main thread one page at a time (for
 * sites too small to pay for starting a worker: poolSize). The budget holds here too: a page of LARGE_PAGE or more
 * is compiled in a worker thread started for it (the main thread cannot stop a page in the middle); a smaller one
 * that still took longer than the budget fails once it is done, so a page fails whichever thread compiles it.
 * Memory is not limited on the main thread.
 * @param options.budget the per-page budget (DEFAULT_BUDGET)
 */
export function createLocalPool(options: { budget?: JobBudget } = {}): BuildPool {
  const budget = options.budget ?? DEFAULT_BUDGET;
  const compilerModule = import('./compile-pages.js'); // the Markdown pipeline loads while content is read, as in a worker
  let helper: BuildPool | undefined;
  return {
    threads: 0,
    async compile(context, jobs, progress) {
      const { createPageCompiler } = await compilerModule;
      const file = workerFile();
      const large = file ? jobs.filter((job) => job.route.page!.source.length >= LARGE_PAGE) : [];
      const offThread =
        large.length > 0
          ? (helper ??= createBuildPool({ threads: 1, budget })).compile(context, large)
          : Promise.resolve([]);
      offThread.catch(() => {}); // awaited below, after the pages of this thread
      const compiler = createPageCompiler(context);
      const here: CompiledPageMeta[] = [];
      for (const job of jobs) {
        if (large.includes(job)) continue;
        const started = Date.now();
        const meta = await compiler.compile(job);
        const ms = Date.now() - started;
        here.push(
          ms > budget.timeMs
            ? { ...meta, errors: [...meta.errors, overrunPage(job, { overrun: 'time', ms }, budget).errors[0]!] }
            : meta,
        );
        progress?.(here.length);
      }
      const done = new Map([...(await offThread), ...here].map((meta) => [meta.path, meta]));
      return jobs.map((job) => done.get(job.route.path)!);
    },
    async render(context, jobs, progress) {
      const { createPageRenderer, renderBatch } = await import('./render-pages.js');
      const { errors } = await renderBatch(await createPageRenderer(context), jobs);
      progress?.(jobs.length);
      return { errors: errors.map((e) => DocgenError.fromJSON(e)) };
    },
    destroy: async () => {
      await helper?.destroy();
    },
  };
}

/**
 * The order in which to compile jobs so that pages of the same source text come one after another (in the order
 * of their first copy, the copies in job order); a site without copies keeps its order.
 * @returns indexes into `jobs`, each once
 */
export function sameSourcesTogether(jobs: CompileJob[]): number[] {
  const bySource = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    const source = job.route.page!.source;
    const same = bySource.get(source);
    if (same) same.push(i);
    else bySource.set(source, [i]);
  });
  return [...bySource.values()].flat();
}

/** Counts the jobs of finished batches for a progress callback: pass each batch's results through it. */
function counter(progress: ((done: number) => void) | undefined): <T>(results: T[]) => T[] {
  let done = 0;
  return (results) => {
    done += results.length;
    progress?.(done);
    return results;
  };
}

/** The PageBudgetExceeded error of a page or route that went over the budget. */
function overrunError(options: {
  file: string | undefined;
  what: string;
  overrun: { overrun: 'time' | 'memory'; ms: number };
  budget: JobBudget;
}): DocgenError {
  const { overrun, budget } = options;
  const time = overrun.overrun === 'time';
  return new DocgenError({
    code: 'PageBudgetExceeded',
    message: time
      ? `${options.what} took longer than the ${budget.timeMs / 1000} s a page may take (markdown.budget.seconds), so it was stopped after ${(overrun.ms / 1000).toFixed(1)} s.`
      : `${options.what} needed more than the ${budget.memoryMb} MiB of memory a page may use (markdown.budget.memoryMb), so it was stopped.`,
    hint: `Pages this costly usually hold a pathological construct (thousands of unclosed * or _ runs, nesting hundreds of levels deep): simplify or split the page, or raise markdown.budget.${time ? 'seconds' : 'memoryMb'} in site.config.ts.`,
    file: options.file,
  });
}

/** What the build keeps of a page that went over the budget: its error, nothing else. */
function overrunPage(
  job: CompileJob,
  overrun: { overrun: 'time' | 'memory'; ms: number },
  budget: JobBudget,
): CompiledPageMeta {
  const { route } = job;
  const error = overrunError({ file: route.page!.file, what: `Compiling ${route.page!.relPath}`, overrun, budget });
  return {
    path: route.path,
    title: route.title,
    dataFile: '',
    dataUrl: '',
    ids: [],
    links: [],
    sections: [],
    errors: [error.toJSON()],
    cacheKey: '',
  };
}
