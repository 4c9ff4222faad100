/**
 * Entry of the build's worker threads (pool/threads.ts starts them; see pool.ts). Two kinds of batch: compile
 * Markdown pages, render routes. A batch carries its build context in shared memory (protocol.ts); a thread decodes
 * each context once. Before each job the thread writes the batch id, the job's index and the time into its slot
 * (workerData.slot), which the main thread's watchdog reads to enforce the per-page budget.
 * Diagnostics cross as DocgenError.toJSON(); anything else thrown is a docgen bug and fails the batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPageCompiler, type CompileContext, type CompiledPageMeta, type PageCompiler } from './compile-pages.js';
import { readContext, type PoolTask } from './protocol.js';
import type { PageRenderer, RenderContext, RenderOutcome } from './render-pages.js';
import type { ThreadReply, ThreadRequest } from './threads.js';

// The Markdown pipeline is imported when the thread starts (while the main thread reads content), the theme when
// the first render batch arrives.
// One build context per kind at a time: a thread serves one build (docgen build runs one per process).
let compiler: { id: number; compiler: PageCompiler } | undefined;
let renderer: { id: number; renderer: Promise<PageRenderer> } | undefined;

const slot = new Float64Array((workerData as { slot: SharedArrayBuffer }).slot);

// The main thread hands a thread several batches at once (threads.ts); they run one after another, so a thread
// holds one page in memory at a time.
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (request: ThreadRequest<PoolTask>) => {
  queue = queue
    .then(() => execute(request))
    .then(
      (results): ThreadReply<unknown> => ({ id: request.id, results }),
      (error: Error): ThreadReply<unknown> => ({
        id: request.id,
        error: { message: String(error?.message ?? error), stack: error?.stack },
      }),
    )
    .then((reply) => parentPort!.postMessage(reply));
});

async function execute({ id, task }: ThreadRequest<PoolTask>): Promise<CompiledPageMeta[] | RenderOutcome[]> {
  switch (task.kind) {
    case 'compile': {
      if (compiler?.id !== task.context.id)
        compiler = { id: task.context.id, compiler: createPageCompiler(readContext<CompileContext>(task.context)) };
      return eachJob(id, task.jobs, (job) => compiler!.compiler.compile(job));
    }
    case 'render': {
      if (renderer?.id !== task.context.id) {
        const context = readContext<RenderContext>(task.context);
        renderer = {
          id: task.context.id,
          renderer: import('./render-pages.js').then((m) => m.createPageRenderer(context)),
        };
      }
      const pages = await renderer.renderer;
      return eachJob(id, task.jobs, (job) => pages.render(job));
    }
  }
}

/** Runs a batch's jobs in order, each marked in the slot while it runs. */
async function eachJob<J, R>(batch: number, jobs: J[], run: (job: J) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  try {
    for (let i = 0; i < jobs.length; i++) {
      slot[2] = Date.now();
      slot[0] = batch;
      slot[1] = i;
      results.push(await run(jobs[i]!));
    }
  } finally {
    slot[1] = -1;
  }
  return results;
}
