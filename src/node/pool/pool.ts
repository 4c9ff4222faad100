/**
 * The build's worker pool (issue #8): tinypool worker threads, up to one per core (`os.availableParallelism()`,
 * fewer for a small site: poolSize), started as soon as a build knows it has work, so the threads load the
 * Markdown pipeline while the main thread reads content. The main thread keeps what must be global (route table,
 * link check, OpenAPI validation, search index, site data); Markdown compilation and HTML rendering run here. Always `destroy()` it (a `finally`):
 * live threads keep the process from exiting.
 */
import os from 'node:os';
import path from 'node:path';
import Tinypool from 'tinypool';
import { DocgenError } from '../diagnostics/error.js';
import { docgenRoot } from '../paths.js';
import type { CompileContext, CompileJob, CompiledPageMeta } from './compile-pages.js';
import { shareContext, type PoolResult, type PoolTask } from './protocol.js';
import type { RenderContext, RenderJob } from './render-pages.js';

export interface BuildPool {
  /** Number of worker threads. */
  readonly threads: number;
  /**
   * Compiles Markdown routes; each route data file is written into the context's staging folder.
   * @returns one entry per job, in job order; diagnostics inside (never rejects for bad content)
   */
  compile(context: CompileContext, jobs: CompileJob[]): Promise<CompiledPageMeta[]>;
  /**
   * Renders routes and writes their HTML into the context's staging folder; every job is rendered.
   * @returns TemplateRenderFailed errors of the routes whose theme rendering threw
   */
  render(context: RenderContext, jobs: RenderJob[]): Promise<{ errors: DocgenError[] }>;
  /** Stops the threads and frees their memory (waits for them); calling it again does nothing. */
  destroy(): Promise<void>;
}

let contexts = 0;

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

/** Batches per thread: enough for balance between threads, few enough that messages cost nothing. */
const BATCHES_PER_THREAD = 16;

/**
 * Starts the pool.
 * @param options.threads worker count (default `os.availableParallelism()`); 0 runs every task on the main
 *   thread with the same code (createLocalPool)
 */
export function createBuildPool(options: { threads?: number } = {}): BuildPool {
  const threads = Math.max(0, options.threads ?? os.availableParallelism());
  if (threads === 0) return createLocalPool();
  const pool = new Tinypool({
    filename: path.join(docgenRoot(), 'lib', 'node', 'build-worker.js'),
    minThreads: threads,
    maxThreads: threads,
    // Every batch is handed to a thread at once: while the main thread builds the search index it cannot answer a
    // thread that finished a batch, so threads must not depend on it for their next one.
    concurrentTasksPerWorker: BATCHES_PER_THREAD,
  });
  const run = (task: PoolTask) => pool.run(task) as Promise<PoolResult>;
  let destroyed: Promise<void> | undefined;
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
    async compile(context, jobs) {
      const shared = shareContext(++contexts, context);
      const results = await Promise.all(batches(jobs, 32).map((batch) => run({ kind: 'compile', context: shared, jobs: batch })));
      return results.flatMap((r) => (r.kind === 'compile' ? r.pages : []));
    },
    async render(context, jobs) {
      const shared = shareContext(++contexts, context);
      const results = await Promise.all(batches(jobs, Infinity).map((batch) => run({ kind: 'render', context: shared, jobs: batch })));
      const done = results.flatMap((r) => (r.kind === 'render' ? [r] : []));
      return { errors: done.flatMap((r) => r.errors.map((e) => DocgenError.fromJSON(e))) };
    },
    destroy: () => (destroyed ??= pool.destroy()),
  };
}

/**
 * The pool without threads: the same compile and render code, run on the main thread one page at a time (for
 * sites too small to pay for starting a worker: poolSize).
 */
export function createLocalPool(): BuildPool {
  const compilerModule = import('./compile-pages.js'); // the Markdown pipeline loads while content is read, as in a worker
  return {
    threads: 0,
    async compile(context, jobs) {
      const { compileBatch, createPageCompiler } = await compilerModule;
      return compileBatch(createPageCompiler(context), jobs);
    },
    async render(context, jobs) {
      const { createPageRenderer, renderBatch } = await import('./render-pages.js');
      const { errors } = await renderBatch(await createPageRenderer(context), jobs);
      return { errors: errors.map((e) => DocgenError.fromJSON(e)) };
    },
    destroy: async () => {},
  };
}
