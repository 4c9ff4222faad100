/**
 * Batches the build's main thread (pool.ts) hands its worker threads (worker.ts, through threads.ts). Tasks and
 * results are structured-cloned. A batch's build context (route map, site data: megabytes for 10,000 pages) travels as JSON
 * bytes in a SharedArrayBuffer, which postMessage shares instead of copying: every batch carries it for free and
 * each thread decodes it once, on the first batch of that context it gets.
 */
import type { CompileJob } from './compile-pages.js';
import type { RenderJob } from './render-pages.js';

/** A build context: an id unique within the process, and the context object as UTF-8 JSON in shared memory. */
export interface SharedContext {
  id: number;
  json: SharedArrayBuffer;
}

/** A task: a batch of pages to compile or render within a build context. */
export type PoolTask =
  | { kind: 'compile'; context: SharedContext; jobs: CompileJob[] }
  | { kind: 'render'; context: SharedContext; jobs: RenderJob[] };

/**
 * Puts a context object into shared memory.
 * @param value plain JSON-able data (no Map, Set or functions)
 */
export function shareContext(id: number, value: unknown): SharedContext {
  const bytes = Buffer.from(JSON.stringify(value));
  const json = new SharedArrayBuffer(bytes.length);
  new Uint8Array(json).set(bytes);
  return { id, json };
}

/** The context object back from shared memory (a worker does this once per context). */
export function readContext<T>(context: SharedContext): T {
  return JSON.parse(Buffer.from(context.json).toString('utf8')) as T;
}
