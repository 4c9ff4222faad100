/**
 * Atomic output: build into a temporary folder beside the output, swap it in only on success.
 * At every instant the output folder holds the old or the new complete site: it is a symbolic link to a site folder
 * beside it, and a full build's new site replaces it by renaming a new link over it (swapIntoPlace). The first build
 * over a real output folder moves it aside (`.docgen-old-*`) before the link takes its place; killed between those
 * two renames, the next docgen command puts the new site in place (recoverOutput). An incremental build patches a
 * hard-linked copy of the output's site and swaps it in the same way (patchIntoPlace).
 */
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/resolve.js';
import { DocgenError } from '../diagnostics/error.js';
import { rollBackIncremental } from '../incremental/rollback.js';
import { faultPoint, LEFTOVERS, leftoverPath, SITE_PREFIX } from './leftovers.js';

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
 * then removes what killed builds left beside it and the sites `outPath` no longer links to. Folders of a build
 * still running are left alone. Every docgen command that reads or writes the output folder calls it first.
 */
export async function recoverOutput(outPath: string): Promise<void> {
  const parent = path.dirname(outPath);
  if (!existsSync(parent)) return; // nothing was ever built there
  for (const undo of await leftovers(parent, LEFTOVERS.undo, outPath)) await rollBackIncremental(undo, outPath);
  const current = await lstat(outPath).catch(() => null);
  if (!current || (current.isSymbolicLink() && !existsSync(outPath))) {
    if (current) await rm(outPath, { force: true }); // a link to a site that is gone (removed by hand)
    // A link made for a complete site, a complete site not linked yet (a build of an older docgen), the old output.
    const links = (await leftovers(parent, LEFTOVERS.link, outPath)).filter((link) => existsSync(link));
    const [restore] = [
      ...links,
      ...(await leftovers(parent, LEFTOVERS.ready, outPath)),
      ...(await leftovers(parent, LEFTOVERS.old, outPath)),
    ];
    if (restore) await rename(restore, outPath);
  }
  for (const kind of [LEFTOVERS.staging, LEFTOVERS.ready, LEFTOVERS.old, LEFTOVERS.link]) {
    // Retried: a killed build's esbuild service (a process of its own) may still be writing into its staging folder.
    for (const folder of await leftovers(parent, kind, outPath))
      await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
  await removeUnlinkedSites(outPath);
}

/** Removes the site folders beside `outPath` that it does not link to (of builds no longer running). */
async function removeUnlinkedSites(outPath: string): Promise<void> {
  const linked = await readlink(outPath).then(
    (target) => path.basename(target),
    () => null,
  );
  for (const folder of await leftovers(path.dirname(outPath), SITE_PREFIX, outPath)) {
    if (path.basename(folder) !== linked)
      await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
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
 * Replaces the site at `outPath` with the complete site in `staging`, with no instant where `outPath` is missing
 * or incomplete: `outPath` is a symbolic link to a site folder beside it (`.docgen-site-<name>-…`, a relative
 * link), and a new link to the new site is renamed over it (rename(2) replaces its target atomically). The staging
 * folder becomes that site folder, the link is made, renamed into place, and the previous site is removed (a
 * static server reading a file of it meanwhile keeps the file it opened). An output folder that is a real folder
 * (built by an older docgen, or by hand) is moved aside first and the link renamed in: a window of two renames,
 * once. Killed at any point, recoverOutput finds a complete site to put back.
 */
export async function swapIntoPlace(staging: string, outPath: string): Promise<void> {
  const site = leftoverPath(outPath, 'site');
  await rename(staging, site);
  faultPoint('swap:ready');
  await linkIntoPlace(site, outPath);
}

/** Makes `outPath` a link to `site` (a complete site folder beside it), as swapIntoPlace says, and removes the others. */
async function linkIntoPlace(site: string, outPath: string): Promise<void> {
  const link = leftoverPath(outPath, 'link');
  await symlink(path.basename(site), link, 'dir');
  faultPoint('swap:link');
  const previous = await lstat(outPath).catch(() => null);
  if (previous && !previous.isSymbolicLink()) {
    const old = leftoverPath(outPath, 'old');
    await rename(outPath, old);
    faultPoint('swap:old');
    await rename(link, outPath);
    faultPoint('swap:new');
    await rm(old, { recursive: true, force: true });
  } else {
    await rename(link, outPath);
    faultPoint('swap:new');
  }
  await removeUnlinkedSites(outPath);
}

/** Whether `outPath` is a link to a site folder (a build of this docgen made it), so an incremental build can patch a copy. */
export async function isLinkedOutput(outPath: string): Promise<boolean> {
  const info = await lstat(outPath).catch(() => null);
  return !!info?.isSymbolicLink() && existsSync(outPath);
}

/**
 * An incremental build's files put in place with no window (instead of moving them into the output folder one by
 * one): the linked site is copied into a new site folder as hard links (no file's bytes are copied; a file system
 * without hard links gets copies), the staged files are renamed over their copies and the obsolete ones removed
 * there, and the output is linked to it (swapIntoPlace). The old site's files are never written (hard links share
 * them: renaming a file over a link replaces the link only). Killed at any point, the output still links to the
 * old site or already to the new one, and recoverOutput removes the unlinked folder. A real output folder (built by
 * an older docgen, or by hand) is copied the same way and then replaced by the link as swapIntoPlace does.
 * @param options.files output-relative paths of the staged files; options.remove: of files no longer referenced
 * @param options.moved called for each staged file once the new site is in place (to record its size and mtime)
 */
export async function patchIntoPlace(options: {
  staging: string;
  outPath: string;
  files: string[];
  remove: string[];
  moved: (file: string) => void;
}): Promise<void> {
  const { staging, outPath } = options;
  const site = leftoverPath(outPath, 'site');
  linkTree(realpathSync(outPath), site);
  faultPoint('incremental:clone');
  for (const [i, file] of options.files.entries()) {
    const target = path.join(site, file);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(path.join(staging, file), target);
    faultPoint(`incremental:move:${i}`);
  }
  for (const file of options.remove) rmSync(path.join(site, file), { force: true });
  faultPoint('incremental:commit');
  await linkIntoPlace(site, outPath);
  for (const file of options.files) options.moved(file);
}

/** Copies a folder tree as hard links (copies where the file system refuses them); symbolic links stay links. */
function linkTree(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}
