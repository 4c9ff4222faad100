/**
 * Entry of the build's worker threads (tinypool calls the default export once per task; see pool.ts).
 * Two kinds of task: compile a batch of Markdown pages, render a batch of routes.
 * A batch carries its build context in shared memory (protocol.ts); a thread decodes each context once.
 * Diagnostics cross as DocgenError.toJSON(); anything else thrown is a docgen bug and rejects the task.
 */
import { compileBatch, createPageCompiler, type CompileContext, type PageCompiler } from './compile-pages.js';
import { readContext, type PoolResult, type PoolTask } from './protocol.js';
import type { PageRenderer, RenderContext } from './render-pages.js';

// The Markdown pipeline is imported when the thread starts (while the main thread reads content), the theme when
// the first render batch arrives.
// One build context per kind at a time: a thread serves one build (docgen build runs one per process).
let compiler: { id: number; compiler: PageCompiler } | undefined;
let renderer: { id: number; renderer: Promise<PageRenderer> } | undefined;

// The pool hands a thread several batches at once (pool.ts); they run one after another, so a thread holds one
// page in memory at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs one task after the ones this thread already has.
 * @returns the task's result (diagnostics as plain data)
 * @throws anything that is not a DocgenError (a docgen bug): the task's promise rejects with it
 */
export default function runTask(task: PoolTask): Promise<PoolResult> {
  const result = queue.then(() => execute(task));
  queue = result.catch(() => {});
  return result;
}

async function execute(task: PoolTask): Promise<PoolResult> {
  switch (task.kind) {
    case 'compile': {
      if (compiler?.id !== task.context.id) compiler = { id: task.context.id, compiler: createPageCompiler(readContext<CompileContext>(task.context)) };
      return { kind: 'compile', pages: await compileBatch(compiler.compiler, task.jobs) };
    }
    case 'render': {
      if (renderer?.id !== task.context.id) {
        const context = readContext<RenderContext>(task.context);
        renderer = { id: task.context.id, renderer: import('./render-pages.js').then((m) => m.createPageRenderer(context)) };
      }
      const { renderBatch } = await import('./render-pages.js');
      return { kind: 'render', ...(await renderBatch(await renderer.renderer, task.jobs)) };
    }
  }
}
