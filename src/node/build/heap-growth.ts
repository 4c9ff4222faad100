/**
 * How far V8 lets the heap grow past the live data before its next full collection, in a build with a very large
 * OpenAPI document. Modelling and rendering 50,000 operations keeps a few hundred MB live (the
 * view model) and makes garbage fast; V8's own growing factor (up to 4x the live data) let the build's RSS swing to
 * 1.9 GB. A factor of 2 (`--heap-growing-percent=100`) gave 1001-1070 MiB at about the same CPU time (shared
 * machine, single runs: 41.9 s user+sys without, 43.2-44.5 s with it; 43.8-47.1 s before the heap-growth bound).
 * Documents of the OpenAPI corpus (GitHub's is 13 MB) stay
 * under the threshold, so their builds and this site's run with V8's own factor. V8 flags are per process and hold
 * for the worker threads too.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ResolvedConfig } from '../config/resolve.js';

/** An `apis` document at least this large (bytes) bounds the heap's growth for the build. */
const LARGE_API_BYTES = 16 * 1024 * 1024;

/** The bounded factor: the heap grows by this percent of the live data between full collections. */
const HEAP_GROWING_PERCENT = 100;

/**
 * Bounds the heap's growth when a document of `apis` is at least LARGE_API_BYTES, unless node was started with a
 * `--heap-growing-percent` of its own.
 * @returns restores V8's own factor (a no-op when nothing was changed)
 */
export function boundHeapGrowthForLargeApis(config: Pick<ResolvedConfig, 'apis' | 'root'>): () => void {
  if (process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return () => {};
  const large = config.apis.some((api) => {
    try {
      return statSync(path.resolve(config.root, api.spec)).size >= LARGE_API_BYTES;
    } catch {
      return false; // the loader reports it
    }
  });
  if (!large) return () => {};
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return () => v8.setFlagsFromString('--heap-growing-percent=0'); // 0: V8 chooses the factor again
}
