/**
 * Atomic output (issue #7): build into a temporary folder beside the output, swap it in only on success.
 * A killed build leaves the previous output untouched; its temporary folder is removed by the next build.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';

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
}

/**
 * Creates a fresh temporary folder beside `outPath`, removing ones left by killed builds.
 * @returns its absolute path
 */
export async function createStagingDir(outPath: string): Promise<string> {
  const parent = path.dirname(outPath);
  const prefix = `.docgen-tmp-${path.basename(outPath)}-`;
  await removeStaleStaging(outPath);
  const staging = path.join(parent, `${prefix}${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  return staging;
}

/** Removes staging and old-output folders that killed builds left beside `outPath` (none of a running build). */
export async function removeStaleStaging(outPath: string): Promise<void> {
  const parent = path.dirname(outPath);
  await mkdir(parent, { recursive: true });
  await removeStale(parent, `.docgen-tmp-${path.basename(outPath)}-`);
  await removeStale(parent, `.docgen-old-${path.basename(outPath)}-`);
}

async function removeStale(parent: string, prefix: string): Promise<void> {
  for (const name of await readdir(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid !== process.pid && isAlive(pid)) continue; // another build is running right now
    await rm(path.join(parent, name), { recursive: true, force: true });
  }
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
 * Replaces `outPath` with `staging` using renames (each atomic on one file system).
 */
export async function swapIntoPlace(staging: string, outPath: string): Promise<void> {
  if (!existsSync(outPath)) {
    await rename(staging, outPath);
    return;
  }
  const old = path.join(path.dirname(outPath), `.docgen-old-${path.basename(outPath)}-${process.pid}-${Date.now()}`);
  await rename(outPath, old);
  await rename(staging, outPath);
  await rm(old, { recursive: true, force: true });
}
