/**
 * Worker thread of `validateInWorker` (validate.ts): parses a document's source and validates it with
 * @readme/openapi-parser, off the main thread, while the main thread builds the view model (issue #4 "Scale":
 * validating GitHub's 13 MB description takes about a second). Answers `{ valid: boolean }`; the main thread
 * locates the error itself when the document is invalid. Compiled to lib/node/validate-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { validate } from '@readme/openapi-parser';
import { parseDocument } from 'yaml';

const { source, json } = workerData as { source: string; json: boolean };

async function check(): Promise<boolean> {
  let api: unknown;
  try {
    api = json ? JSON.parse(source) : parseDocument(source, { uniqueKeys: false }).toJS({ maxAliasCount: -1 });
  } catch {
    return false;
  }
  try {
    return (await validate(api as Parameters<typeof validate>[0], { resolve: { external: false } })).valid;
  } catch {
    return false;
  }
}

parentPort!.postMessage({ valid: await check() });
