/**
 * Worker thread that lists the output folder (cache/output-entries.ts outputEntries) while the main thread
 * rebuilds the changed pages (incremental/output-check.ts starts it; compiled to lib/node/output-entries-worker.js).
 * Answers `{ entries }` as [path, entry] pairs, or `{ error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { outputEntries } from '../cache/output-entries.js';

try {
  parentPort!.postMessage({ entries: [...outputEntries(workerData as string)] });
} catch (error) {
  parentPort!.postMessage({ error: String(error) });
}
