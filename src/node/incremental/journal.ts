/**
 * Crash-safe moves of an incremental build: the files it replaces or removes in the output folder are
 * moved into an undo folder beside it, not overwritten, and a journal in that folder lists what the build moves in.
 * Deleting the journal is the commit point. A build killed before it left the journal behind, and the next docgen
 * command rolls the output folder back to the last complete site (output/atomic.ts recoverOutput); the build record
 * was forgotten before the first move, so the build after it builds every page.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomicSync } from '../cache/atomic-file.js';
import { faultPoint, leftoverPath } from '../output/leftovers.js';
import { isLinkedOutput, patchIntoPlace } from '../output/atomic.js';

import { JOURNAL, type Journal } from './rollback.js';

/**
 * Moves the staged files into the output folder in the given order and removes the obsolete ones, journalled.
 * @param options.files output-relative paths of the staged files, in the order to move them
 * @param options.remove output-relative paths of files no longer referenced
 * @param options.moved called after each file is in place (to record its new size and mtime)
 */
export async function moveInJournalled(options: {
  staging: string;
  outPath: string;
  files: string[];
  remove: string[];
  moved: (file: string) => void;
}): Promise<void> {
  // An output that links to a site folder is patched in a copy and swapped whole (output/atomic.ts).
  if (await isLinkedOutput(options.outPath)) return patchIntoPlace(options);
  const { staging, outPath } = options;
  const undo = leftoverPath(outPath, 'undo');
  mkdirSync(undo, { recursive: true });
  const journal: Journal = {
    moved: options.files,
    replaced: options.files.filter((file) => existsSync(path.join(outPath, file))),
    removed: options.remove,
  };
  writeFileAtomicSync(path.join(undo, JOURNAL), JSON.stringify(journal));
  const keep = (file: string) => {
    const target = path.join(undo, 'files', file);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(path.join(outPath, file), target);
  };
  const replaced = new Set(journal.replaced);
  for (const [i, file] of options.files.entries()) {
    if (replaced.has(file)) keep(file);
    mkdirSync(path.dirname(path.join(outPath, file)), { recursive: true });
    renameSync(path.join(staging, file), path.join(outPath, file));
    options.moved(file);
    faultPoint(`incremental:move:${i}`);
  }
  for (const file of options.remove) if (existsSync(path.join(outPath, file))) keep(file);
  faultPoint('incremental:commit');
  rmSync(path.join(undo, JOURNAL)); // the commit point: from here on the new site stands
  await rm(undo, { recursive: true, force: true });
}
