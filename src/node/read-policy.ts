/**
 * Which files a build may read on behalf of content (SECURITY.md "Who is trusted"): a Markdown page's snippet
 * imports, raw imports and partials, an OpenAPI document's `$ref`s and the files site.config.ts names. Content
 * and OpenAPI documents may come from third parties, and what they read can end up in `dist/`, so a reference
 * that leaves the project root, the content folder and the folders of config `allowedReadPaths` is refused
 * before the file is read, symbolic links resolved (a link inside the project to `/etc` is outside). A `$ref` to
 * an http(s) URL is fetched only from the origins config `allowedRemoteOrigins` lists (openapi/remote-ref.ts).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** What an OpenAPI `$ref` to an http(s) URL may fetch (openapi/remote-ref.ts). */
export interface RemotePolicy {
  /** Origins (`https://api.example.com`, `http://127.0.0.1:8080`) as `URL.origin` spells them. */
  origins: readonly string[];
  /** Milliseconds one document may take, redirects included (default 20,000). */
  timeoutMs?: number;
  /** Bytes a document may have (default 32 MiB: GitHub's REST description is about 11 MB as JSON). */
  maxBytes?: number;
}

/** The folders content may read (absolute; their symbolic links are resolved when checked). */
export interface ReadPolicy {
  roots: readonly string[];
  /** What an OpenAPI `$ref` to an http(s) URL may fetch (config `allowedRemoteOrigins`); none without it. */
  remote?: RemotePolicy;
}

/**
 * The read policy of a site: its root, its content folder, config `allowedReadPaths` and `allowedRemoteOrigins`.
 * @param config the resolved config's `root`, `contentPath` and `allowedReadPaths` (absolute once resolved), and
 *   `allowedRemoteOrigins` (origins as `URL.origin` spells them once resolved)
 */
export function readPolicyOf(config: {
  root: string;
  contentPath: string;
  allowedReadPaths?: readonly string[];
  allowedRemoteOrigins?: readonly string[];
}): ReadPolicy {
  const roots = [config.root, config.contentPath, ...(config.allowedReadPaths ?? [])];
  const origins = config.allowedRemoteOrigins ?? [];
  return origins.length > 0 ? { roots, remote: { origins } } : { roots };
}

/** `target` is `dir` or below it (both absolute, already normalised). */
function isWithin(target: string, dir: string): boolean {
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

/**
 * Whether config `allowedRemoteOrigins` lets a `$ref` read this URL: its origin is listed (scheme, host and port).
 * @param url an absolute http(s) URL
 */
export function isAllowedRemote(url: string, origins: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && origins.includes(parsed.origin);
  } catch {
    return false;
  }
}

/**
 * The origin a config entry of `allowedRemoteOrigins` names, or null when the entry is not an origin (a path,
 * a query, credentials, another scheme than http and https, or no scheme at all).
 */
export function originOfEntry(entry: string): string | null {
  try {
    const url = new URL(entry);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
      return null;
    if (!/^https?:\/\//i.test(entry)) return null;
    return url.origin;
  } catch {
    return null;
  }
}
