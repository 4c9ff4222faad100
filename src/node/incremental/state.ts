/**
 * The record an incremental build starts from (one edited page of 10,000 rebuilt in <= 1 s): what the
 * last successful build read and wrote, kept under `<docgen>/node_modules/.cache/docgen/state-<output key>.bin`
 * (v8 serialization: Maps and typed arrays, and several times faster than JSON at 10,000 pages). It belongs to
 * one output folder; a build that cannot use it (incremental/patch-build.ts) builds everything and writes a new one.
 */
import { accessSync, constants } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { DocNavigation, RouteKind, SiteData } from '../../shared/types.js';
import type { SearchManifest } from '../../shared/search-format.js';
import type { AssetsManifest } from '../bundle/client.js';
import { readCacheFile, writeCacheFile } from '../cache/atomic-file.js';
import { outputKey } from '../cache/build-fingerprint.js';
import { cacheRoot } from '../paths.js';

/** Bumped whenever the shape below changes: an older record is ignored. */
const STATE_VERSION = 7;

/** One Markdown route as the last build left it. */
export interface PageState {
  /** Absolute source file and its content-relative POSIX path. */
  file: string;
  relPath: string;
  /** Route path, kind and sidebar (SiteRoute). */
  path: string;
  kind: RouteKind;
  sidebar: string | null;
  /**
   * What the route table, sidebars and navbar read from the page: a hash of its front matter and title
   * (pipeline/keys.ts shownKey). While it is unchanged, editing the page changes no other page.
   */
  navigation: string;
  /** The page's navigation (SiteRoute.nav): an incremental build compiles the page with it again. */
  nav?: DocNavigation;
  /** Compiled title and heading ids (other pages' links may point at them). */
  title: string;
  ids: string[];
  /** Output-relative HTML and route data files. */
  htmlFile: string;
  dataFile: string;
  /** The page's page cache key (cache/page-cache.ts): its entry is dropped once an edit replaces it. */
  cacheKey: string;
  /** The files its snippet imports name (absolute paths): an edit of one rebuilds the page. */
  imports?: string[];
  /** Index of the route's record in `site.routes`. */
  record: number;
  /** The page's search documents: first document number and count (null when it has none). */
  search: { first: number; count: number } | null;
}

export interface BuildState {
  version: number;
  /** InputFingerprint.settings: the engine fingerprint and the output options. */
  settings: string;
  /** Content hash of every input file, by absolute path (InputFingerprint.files). */
  files: Map<string, string>;
  /** Content hash of every file the pages import, by absolute path (InputFingerprint.imports). */
  imports: Map<string, string>;
  /** Markdown routes in route order. */
  pages: PageState[];
  /** Ids the routes that are not Markdown pages define (API operations), by route path (link targets). */
  anchors: Map<string, string[]>;
  /** Content-relative POSIX paths of static files. */
  staticFiles: string[];
  /** Site data as the pages were rendered (route records with their data URLs). */
  site: SiteData;
  /** Output-relative navigation file. */
  navigationFile: string;
  /** The client bundle, the colour-mode script and the config values pages are rendered with. */
  assets: AssetsManifest;
  themeScript: string;
  config: { url: string; baseUrl: string };
  /** The search index as written: its manifest (output-relative file too) and exact field lengths. */
  search: { manifest: SearchManifest; manifestFile: string; fieldLengths: Int32Array[] };
  /** Output folder entries (cache/output-entries.ts outputEntries). */
  output: Map<string, string>;
  /** Figures the build report repeats. */
  routes: number;
  firstLoad: { js: number; css: number };
}

function stateFile(outPath: string): string {
  return path.join(cacheRoot(), `state-${outputKey(outPath)}.bin`);
}

/**
 * The record of the last build into `outPath`.
 * @returns null when there is none, it is unreadable or of another version, or docgen's cache folder cannot be
 *   written: then forgetBuildState could not remove it when the output changed since, so it may be stale
 */
export async function loadBuildState(outPath: string): Promise<BuildState | null> {
  try {
    accessSync(path.dirname(stateFile(outPath)), constants.W_OK);
    const body = await readCacheFile(stateFile(outPath)); // null when missing or damaged (its seal does not match)
    const state = body && (v8.deserialize(body) as BuildState);
    return state && state.version === STATE_VERSION ? state : null;
  } catch {
    return null;
  }
}

/**
 * Saves the record of a successful build (atomically: a killed build leaves the old record or the new one).
 * Write errors are ignored: the next build is then a full one, not a wrong one.
 */
export async function saveBuildState(outPath: string, state: Omit<BuildState, 'version'>): Promise<void> {
  await writeCacheFile(stateFile(outPath), v8.serialize({ ...state, version: STATE_VERSION }));
}

/** Removes the record: the output folder is about to change, and until a new record exists the next build is a full one. */
export async function forgetBuildState(outPath: string): Promise<void> {
  await rm(stateFile(outPath), { force: true }).catch(() => {}); // an unwritable cache holds no state to trust
}
