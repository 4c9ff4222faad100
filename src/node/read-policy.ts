/**
 * Which files a build may read on behalf of content (SECURITY.md "Who is trusted"): a Markdown page's snippet
 * imports, raw imports and partials, an OpenAPI document's `$ref`s and the files site.config.ts names. Content
 * and OpenAPI documents may come from third parties, and what they read can end up in `dist/`, so a reference
 * that leaves the project root, the content folder and the folders of config `allowedReadPaths` is refused
 * before the file is read, symbolic links resolved (a link inside the project to `/etc` is outside).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** The folders content may read (absolute; their symbolic links are resolved when checked). */
export interface ReadPolicy {
  roots: readonly string[];
}

/**
 * The read policy of a site: its root, its content folder and config `allowedReadPaths`.
 * @param config the resolved config's `root`, `contentPath` and `allowedReadPaths` (absolute once resolved)
 */
export function readPolicyOf(config: {
  root: string;
  contentPath: string;
  allowedReadPaths?: readonly string[];
}): ReadPolicy {
  return { roots: [config.root, config.contentPath, ...(config.allowedReadPaths ?? [])] };
}

/** `target` is `dir` or below it (both absolute, already normalised). */
export function isWithin(target: string, dir: string): boolean {
  const relative = path.relative(dir, target);
  return relative === '' || (!relative.startsWith('..' + path.sep) && relative !== '..' && !path.isAbsolute(relative));
}

/** The real path of a path, or the path itself when it does not exist (a missing file is reported by its reader). */
function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Where a path leads and whether the policy lets content read it: both the path as named and its real path
 * (symbolic links resolved) must be inside one of the roots (each root as named or as its real path, so a project
 * under a linked folder such as macOS' /tmp still reads its own files).
 * @param named absolute path
 * @returns the real path (the named one when it does not exist) and `outside: true` when it must not be read
 */
export function checkRead(named: string, policy: ReadPolicy): { file: string; outside: boolean } {
  const file = realOrSelf(named);
  const roots = policy.roots.flatMap((root) => [root, realOrSelf(root)]);
  const inside = (target: string) => roots.some((root) => isWithin(target, root));
  return { file, outside: !inside(named) || !inside(file) };
}

/**
 * Whether a path the trusted config names leaves the policy's roots as written (`..`, an absolute path elsewhere),
 * symbolic links not followed: the config runs at build time with the builder's rights (SECURITY.md), and a project's
 * `node_modules` is often a link into a package store (pnpm, workspaces), which must stay readable.
 * @param named absolute path
 */
export function leavesAsNamed(named: string, policy: ReadPolicy): boolean {
  const roots = policy.roots.flatMap((root) => [root, realOrSelf(root)]);
  return !roots.some((root) => isWithin(path.resolve(named), root));
}
