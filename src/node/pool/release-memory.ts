/**
 * Giving a huge page's memory back once the page is done. V8 lets a heap grow to a few times
 * what is alive before a full collection, and keeps what it grew to until the next one: after a 20 MB page the
 * thread held about a gigabyte of garbage while the main thread built the search index and the pages rendered,
 * and the process peaked there. A full collection right after such a page returns those pages to the system.
 * Node exposes `gc` only under --expose-gc; the flag is set when first needed, and a new context's global has it
 * (the documented effect of the flag on contexts created after it is set).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

/** Runs a full garbage collection on this thread (tens to hundreds of ms): call it after a huge page only. */
export function releaseMemory(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
