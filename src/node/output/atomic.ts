/**
 * Atomic output (issue #7, issue 21): build into a temporary folder beside the output, swap it in only on success.
 * At every instant the output folder holds the old or the new complete site, or a killed build left what the next
 * docgen command puts back (recoverOutput): a staging folder is renamed `.docgen-ready-*` once complete, before the
 * old output is renamed `.docgen-old-*` and the ready one takes its place; when a build was killed between those two
 * renames, the ready (new) site is moved in, else the old one. An incremental build's moves are journalled
 * (incremental/journal.ts) and rolled back.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';
import { rollBackIncremental } from '../incremental/journal.js';
import { faultPoint, LEFTOVERS, leftoverPath } from './leftovers.js';

/**
 * Refuses an output folder that would destroy sources: the project root, a parent of it, the content folder or a
 * folder containing it.
 * @throws DocgenError OutDirUnsafe
 */
export function assertSafeOutDir(config: ResolvedConfig): void {
  const out = path.resolve(config.outPath);
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);
  const reason = inside(config.root, out)
    ? 'is the project root or a parent of it'
    : inside(config.contentPath, out)
      ? 'contains the content folder'
      : inside(out, config.contentPath)
        ? 'is inside the content folder'
        : null;
  if (reason) {
    throw new DocgenError({
      code: 'OutDirUnsafe',
      message: `The output folder ${out} ${reason}; building there would delete your sources. Choose another --out-dir.`,
      file: config.configFile,
    });
  }
  assertParentWritable(out);
}

/**
 * The output folder's parent (or its nearest existing ancestor) can be written: every build writes the new site
 * beside the output and renames it in, so a read-only parent fails every build, full or incremental, before it
 * starts, with one error naming the folder.
 * @throws DocgenError FileSystemError naming the folder
 */
function assertParentWritable(out: string): void {
  let parent = path.dirname(out);
  while (!existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
  try {
    accessSync(parent, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    throw new DocgenError({
      code: 'FileSystemError',
      message: `The folder ${parent} cannot be written (${code}): docgen writes the new site beside ${path.basename(out)}/ there and swaps it in. Make the folder writable, or build into another one (--out-dir).`,
      file: parent,
    });
  }
}

/**
 * Creates a fresh temporary folder beside `outPath`, removing ones left by killed builds.
 * @returns its absolute path
 */
export async function createStagingDir(outPath: string): Promise<string> {
  await recoverOutput(outPath);
  const staging = leftoverPath(outPath, 'staging');
  await mkdir(staging, { recursive: true });
  return staging;
}

/**
 * Puts the last complete site back when a killed build left none at `outPath` (the new one when the build was
 * killed after it was complete, else the old one), rolls back an incremental build killed while moving its files,
 * then removes what killed builds left beside it. Folders of a build still running are left alone.
 * Every docgen command that reads or writes the output folder calls it first.
 */
export async function recoverOutput(outPath: string): Promise<void> {
  const parent = path.dirname(outPath);
  if (!existsSync(parent)) return; // nothing was ever built there
  for (const undo of await leftovers(parent, LEFTOVERS.undo, outPath)) await rollBackIncremental(undo, outPath);
  if (!existsSync(outPath)) {
    const [restore] = [...(await leftovers(parent, LEFTOVERS.ready, outPath)), ...(await leftovers(parent, LEFTOVERS.old, outPath))];
    if (restore) await rename(restore, outPath);
  }
  for (const kind of [LEFTOVERS.staging, LEFTOVERS.ready, LEFTOVERS.old]) {
    // Retried: a killed build's esbuild service (a process of its own) may still be writing into its staging folder.
    for (const folder of await leftovers(parent, kind, outPath)) await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

/**
 * Folders of one kind that builds no longer running left beside `outPath`, newest first.
 * @returns absolute paths
 */
async function leftovers(parent: string, kind: string, outPath: string): Promise<string[]> {
  const prefix = `${kind}-${path.basename(outPath)}-`;
  const found: { folder: string; time: number }[] = [];
  for (const name of await readdir(parent)) {
    if (!name.startsWith(prefix)) continue;
    const [pid, time] = name.slice(prefix.length).split('-').map(Number);
    if (pid !== process.pid && isAlive(pid!)) continue; // another build is running right now
    found.push({ folder: path.join(parent, name), time: time ?? 0 });
  }
  return found.sort((a, b) => b.time - a.time).map((f) => f.folder);
}

/** True when a process with this id is running (killed builds' leftovers are named by their process id). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces `outPath` with the complete site in `staging` using renames (each atomic on one file system): staging
 * becomes `ready`, the output becomes `old`, `ready` becomes the output, `old` is removed. Killed at any point,
 * recoverOutput finds a complete site to put back.
 */
export async function swapIntoPlace(staging: string, outPath: string): Promise<void> {
  const ready = leftoverPath(outPath, 'ready');
  await rename(staging, ready);
  faultPoint('swap:ready');
  if (existsSync(outPath)) {
    const old = leftoverPath(outPath, 'old');
    await rename(outPath, old);
    faultPoint('swap:old');
    await rename(ready, outPath);
    faultPoint('swap:new');
    await rm(old, { recursive: true, force: true });
  } else {
    await rename(ready, outPath);
  }
}
