/**
 * Incremental builds (after editing one page of 10,000, the rebuild takes <= 1 s). When the last build's
 * record (state.ts) shows that only the text of a few Markdown pages changed, and nothing that other pages show
 * (front matter, title, heading ids, the number of search sections), only those pages go through the full build's
 * stages (compiled, link-checked and rendered, the search index patched, the navigation file and the site shell
 * written again), with the saved state standing for the rest of the site (docs/architecture.md). Every other page's HTML is byte-identical to what a full build would write, because pages name
 * only their own data file and the site shell, whose URL is stable (output/hashed.ts SITE_SHELL_FILE).
 *
 * Anything else (a new or deleted file, config, OpenAPI, theme or docgen changed, an error in a changed page, too
 * many changes) returns null and `docgen build` builds everything, which also reports errors with their code
 * frames. Safety: every new file is prepared in a staging folder, and nothing in the output
 * folder is touched until all of it succeeded; then the site is cloned as hard links, the new files are renamed
 * over their copies there and the output is linked to the clone in one rename (output/atomic.ts patchIntoPlace): a
 * build killed in the middle leaves the old site, and the next command removes the clone. The build record is
 * dropped before the first move, so the build after a killed one builds every page.
 */
import { outputName } from '../build/output-name.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { withBase } from '../../shared/urls.js';
import { compileRoutes } from '../build/compile.js';
import { checkCompiledLinks } from '../build/links.js';
import { writeSiteFiles } from '../build/output.js';
import { renderContext, renderRoutes } from '../build/render.js';
import { searchPatches } from '../build/search.js';
import type { BuildResult } from '../build/types.js';
import { DocgenError, type DiagnosticInit } from '../diagnostics/error.js';
import { diagnosticsOf, settleDiagnostics } from '../diagnostics/settle.js';
import {
  engineFingerprint,
  forgetBuild,
  recordBuild,
  recordedWarnings,
  type InputFingerprint,
} from '../cache/build-fingerprint.js';
import { statEntry } from '../cache/output-entries.js';
import { dropCachedPages } from '../cache/page-cache.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { pagesNeedPolicySources } from '../render/compile-config.js';
import type { SiteRoute } from '../content/site.js';
import { createStagingDir, patchIntoPlace } from '../output/atomic.js';
import { pageSourcesKey } from '../output/headers.js';
import { createHashPlaceholder } from '../output/url-placeholder.js';
import { budgetOf, createLocalPool } from '../pool/pool.js';
import type { Reporter } from '../report.js';
import { patchSearchIndex, type PatchedIndex } from '../search/patch-index.js';
import { readEditedPage } from '../pipeline/edited-page.js';
import { configPlanSite, isPageEditPlan, planChanges, type FileChange, type PlanSite } from '../pipeline/plan.js';
import { outputEntriesInWorker } from './output-check.js';
import { themeModule } from './theme-module.js';
import { forgetBuildState, loadBuildState, saveBuildState, type BuildState, type PageState } from './state.js';

/** Changed pages beyond this share of the site (or beyond 8 on a small site) are built in full, with all cores. */
const MAX_CHANGED_SHARE = 1 / 50;

/** Why a build cannot be incremental (printed), or the pages it rebuilds. */
type Plan = { reason: string } | { changed: PageState[] };

/**
 * Builds only what changed since the last build into the same output folder, when that is possible.
 * @param options.inputs this build's input fingerprint (checked against the last build's record)
 * @param options.started performance.now() at the start of the build (for the reported duration)
 * @returns the result, or null when the whole site must be built (the reason is printed)
 * @throws anything that is not a DocgenError (a docgen bug); DocgenErrors make it return null instead
 */
export async function tryIncrementalBuild(options: {
  config: ResolvedConfig;
  inputs: InputFingerprint;
  /** site.config.ts and the files it imports. */
  configFiles: readonly string[];
  report: Reporter;
  started: number;
}): Promise<BuildResult | null> {
  const { config, inputs, report } = options;
  const state = await loadBuildState(config.outPath);
  if (!state || !existsSync(config.outPath)) return null;
  const plan = planIncrementalBuild(state, inputs, config, options.configFiles);
  if ('reason' in plan) {
    report.info(`building every page: ${plan.reason}`);
    return null;
  }
  // The pages not rebuilt are taken as they are: the folder must hold exactly what the last build left, or a
  // hand-edited or half-deleted output would stay so. Checked on the second core meanwhile (output-check.ts).
  const outputCheck = outputEntriesInWorker(config.outPath).then(
    (entries) =>
      entries.size === state.output.size && [...entries].every(([file, entry]) => state.output.get(file) === entry),
    () => false,
  );
  const staging = await createStagingDir(config.outPath);
  try {
    const outcome = await rebuildPages({ config, inputs, state, changed: plan.changed, staging, report });
    const unchanged = await outputCheck;
    if ('reason' in outcome || !unchanged) {
      report.info(
        `building every page: ${'reason' in outcome ? outcome.reason : 'the output folder changed since the last build'}`,
      );
      return null;
    }
    const warnings = await report.task('writing changed files', () =>
      applyChanges({ config, state, staging, inputs, ...outcome }),
    );
    const durationMs = performance.now() - options.started;
    const pages = plan.changed.length;
    report.info(
      `\nrebuilt ${pages} changed page${pages === 1 ? '' : 's'} of ${state.routes} routes into ${outputName(config)} in ${(durationMs / 1000).toFixed(2)} s (incremental; --force rebuilds everything)`,
    );
    // The rebuilt pages report their compile's warnings, the others keep theirs (applyChanges).
    return {
      outPath: config.outPath,
      routes: state.routes,
      durationMs,
      firstLoad: state.firstLoad,
      upToDate: false,
      warnings: warnings.map((warning) => new DocgenError(warning)),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Which pages changed, or why the whole site must be built: the changed input files (hashes against the last
 * build's) planned by the one planner (pipeline/plan.ts); only a plan of page edits is applied in place.
 * @param configFiles site.config.ts and the files it imports
 */
function planIncrementalBuild(
  state: BuildState,
  inputs: InputFingerprint,
  config: ResolvedConfig,
  configFiles: readonly string[],
): Plan {
  if (state.settings !== inputs.settings) return { reason: 'docgen, its dependencies or the output options changed' };
  // The set of files the pages import is part of the fingerprint's shape: a new one is met by a full build.
  if ([...inputs.imports.keys()].join('\0') !== [...state.imports.keys()].join('\0'))
    return { reason: 'the files the pages import changed' };
  const changes: FileChange[] = [];
  for (const [file, hash] of inputs.files) {
    const before = state.files.get(file);
    if (before !== hash) changes.push({ file, change: before === undefined ? 'added' : 'changed' });
  }
  for (const file of state.files.keys()) if (!inputs.files.has(file)) changes.push({ file, change: 'removed' });
  // A file a snippet import reads outside content/ (one inside is a content file, planned above).
  for (const [file, hash] of inputs.imports)
    if (state.imports.get(file) !== hash && !inputs.files.has(file)) changes.push({ file, change: 'changed' });
  const plan = planChanges(planSiteOf(state, inputs, config, configFiles), changes);
  if (!isPageEditPlan(plan))
    return {
      reason:
        plan.reasons[0] ??
        (plan.unmatched.length > 0 ? `${path.relative(config.root, plan.unmatched[0]!)} changed` : 'the site changed'),
    };
  const pageOf = new Map(state.pages.map((page) => [page.path, page]));
  const changed = [...plan.recompile].map((route) => pageOf.get(route)!);
  if (changed.length === 0) return { reason: 'the output folder changed' };
  if (changed.length > Math.max(8, state.pages.length * MAX_CHANGED_SHARE))
    return { reason: `${changed.length} pages changed` };
  return { changed };
}

/** The planner's view of the site the last build left (pipeline/plan.ts PlanSite). */
function planSiteOf(
  state: BuildState,
  inputs: InputFingerprint,
  config: ResolvedConfig,
  configFiles: readonly string[],
): PlanSite {
  const importers = new Map<string, string[]>();
  for (const page of state.pages)
    for (const file of page.imports ?? []) importers.set(file, [...(importers.get(file) ?? []), page.path]);
  return {
    ...configPlanSite(config),
    configFiles: new Set(configFiles),
    themeFiles: new Set(inputs.themeFiles),
    apiFiles: new Set(),
    apiFolders: [],
    routeOfFile: new Map(state.pages.map((page) => [page.file, page.path])),
    importersOf: (file) => importers.get(file) ?? [],
  };
}

/** What rebuilding the changed pages produced, in the staging folder. */
interface Rebuilt {
  /** Per changed page: its new route data file (output-relative) and URL, its new page cache key and its warnings. */
  data: { page: PageState; dataFile: string; dataUrl: string; cacheKey: string; warnings: DiagnosticInit[] }[];
  navigationFile: string;
  search: PatchedIndex;
}

/**
 * The build's stages over the changed pages, with the saved state standing for the loaded site and for what the
 * stages built of the other routes: compile (build/compile.ts compileRoutes), link check (build/links.ts
 * checkCompiledLinks), search (build/search.ts searchPatches, search/patch-index.ts patchSearchIndex), site files (build/output.ts writeSiteFiles) and render
 * (build/render.ts renderRoutes), writing into `staging` only.
 * @returns what was written, or why the whole site must be built (an error, or a change other pages show)
 */
async function rebuildPages(options: {
  config: ResolvedConfig;
  inputs: InputFingerprint;
  state: BuildState;
  changed: PageState[];
  staging: string;
  report: Reporter;
}): Promise<Rebuilt | { reason: string }> {
  const { config, inputs, state, changed, staging, report } = options;
  const relative = (file: string) => path.relative(config.root, file);
  const pool = createLocalPool({ budget: budgetOf(config) }); // starts no thread unless a changed page is large
  try {
    const routes = await editedRoutes(config, changed);
    if ('reason' in routes) return routes;
    const { routes: built } = await report.task('compiling changed pages', () =>
      compileRoutes({
        pool,
        config,
        staging,
        routes,
        site: {
          routeByRelPath: state.pages.map((page) => [page.relPath, page.path]),
          staticFiles: state.staticFiles,
          versions: state.site.versions?.items,
        },
        cacheEnabled: true,
      }),
    );
    const metas = built.map(({ meta }) => meta!);
    for (const [i, meta] of metas.entries()) {
      const page = changed[i]!;
      if (meta.errors.some((error) => error.severity !== 'warning'))
        return { reason: `${relative(page.file)} has errors` };
      if (meta.title !== page.title) return { reason: `the title of ${relative(page.file)} changed` };
      if (meta.ids.join('\0') !== page.ids.join('\0'))
        return { reason: `the headings or ids of ${relative(page.file)} changed` };
      if ((meta.imports ?? []).join('\0') !== (page.imports ?? []).join('\0'))
        return { reason: `the snippet imports of ${relative(page.file)} changed` };
    }
    const linkErrors = checkCompiledLinks({
      routes,
      metas,
      otherIds: [...state.pages.map((page) => [page.path, page.ids] as const), ...state.anchors],
      staticFiles: state.staticFiles,
      policies: config,
    });
    if (linkErrors.length > 0) return { reason: `${relative(linkErrors[0]!.file ?? '')} has a broken link` };

    const pages = searchPatches(
      built.map((route, i) => ({ built: route, search: changed[i]!.search })),
      config.root,
    );
    if ('reason' in pages) return pages;
    let search: PatchedIndex;
    try {
      search = await report.task('updating search index', () =>
        patchSearchIndex({ outDir: config.outPath, staging, index: state.search, pages }),
      );
    } catch (error) {
      // A missing or foreign index file: the output folder is not what the last build left.
      return { reason: `the search index could not be updated (${(error as Error).message})` };
    }

    await (await import('../render/llms-files.js')).patchLlmsFull({
      outPath: config.outPath,
      staging,
      changed: changed.map((page) => page.path),
    });
    const site = state.site; // changed in place: a failed build drops the state (10,000 route records, no copy)
    for (const [i, meta] of metas.entries()) site.routes[changed[i]!.record]!.data = meta.dataUrl;
    site.searchManifest = withBase(config.baseUrl, '/' + search.manifestFile);
    const navigationUrl = await writeSiteFiles(staging, site, config.baseUrl);

    await report.task('rendering changed pages', async () => {
      const context = renderContext({
        staging,
        config: state.config,
        site,
        manifestPlaceholder: createHashPlaceholder(),
        manifest: state.assets,
        themeScript: state.themeScript,
        rendererFile: await themeModule(await engineFingerprint(), { theme: config.theme, inputs }),
      });
      const routes = built.map((route, i) => ({ built: route, record: changed[i]!.record }));
      const { errors } = await renderRoutes({ pool, context, routes });
      if (errors.length > 0) throw errors[0]!;
    });
    if (pagesNeedPolicySources(config)) {
      const page = pageWithOtherPolicySources(config.outPath, staging);
      if (page) return { reason: `${page} needs other inline styles or frames allowed by the site's policy` };
    }
    return {
      data: changed.map((page, i) => ({
        page,
        dataFile: metas[i]!.dataFile,
        dataUrl: metas[i]!.dataUrl,
        cacheKey: metas[i]!.cacheKey,
        warnings: metas[i]!.errors,
      })),
      navigationFile: navigationUrl.slice(config.baseUrl.length),
      search,
    };
  } catch (error) {
    const first = diagnosticsOf(error)?.[0];
    if (first) return { reason: `${first.code} in ${relative(first.file ?? '')}` };
    throw error;
  } finally {
    await pool.destroy();
  }
}

/**
 * The site-wide policy (`_headers`, `nginx.conf.example`) allows each inline style, `<style>` text and iframe origin
 * a page of a site whose pages are code or keep inline styles renders (output/headers.ts componentSourcesOf), so the
 * incremental build keeps it only when every page it rebuilt needs exactly what its last build needed.
 * @returns the output path of the first rebuilt page that needs something else (or is new), or undefined
 */
function pageWithOtherPolicySources(outPath: string, staging: string): string | undefined {
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(staging, path.join(entry.parentPath, entry.name));
    const before = path.join(outPath, file);
    if (!existsSync(before)) return file;
    if (pageSourcesKey(readFileSync(path.join(staging, file), 'utf8')) !== pageSourcesKey(readFileSync(before, 'utf8')))
      return file;
  }
  return undefined;
}

/**
 * The routes of the changed pages as the site's load would give them: each page read again (pipeline/edited-page.ts
 * readEditedPage), its route, kind, sidebar and navigation from the saved state.
 * @returns the routes, or why the whole site must be built (front matter or title changed, a card list)
 */
async function editedRoutes(config: ResolvedConfig, changed: PageState[]): Promise<SiteRoute[] | { reason: string }> {
  const routes: SiteRoute[] = [];
  for (const page of changed) {
    const read = await readEditedPage({
      contentPath: config.contentPath,
      relPath: page.relPath,
      unknownFrontMatter: config.onUnknownFrontMatter,
      shown: page.navigation,
      root: config.root,
    });
    if ('reason' in read) return read;
    if (read.page.source.includes('<DocCardList'))
      return { reason: `${path.relative(config.root, page.file)} lists its sidebar category (<DocCardList />)` };
    const { path: routePath, kind, sidebar, nav } = page;
    routes.push({ path: routePath, kind, title: read.title, sidebar, page: read.page, ...(nav ? { nav } : {}) });
  }
  return routes;
}

/**
 * Puts the staged files in place (output/atomic.ts patchIntoPlace) without the files nothing references any more,
 * and records the build.
 * @returns the build's warnings as a cold build prints them (sorted by file and line): the last build's, but those
 *   of the rebuilt pages replaced by their compile's (a rebuilt page with an error or a link or front matter
 *   diagnostic makes the build a full one)
 */
async function applyChanges(
  options: { config: ResolvedConfig; state: BuildState; staging: string; inputs: InputFingerprint } & Rebuilt,
): Promise<DiagnosticInit[]> {
  const { config, state, staging, inputs } = options;
  const out = config.outPath;
  const rebuilt = new Set(options.data.flatMap(({ page }) => [page.file, path.relative(config.root, page.file)]));
  const kept = recordedWarnings(out).filter((warning) => warning.file === undefined || !rebuilt.has(warning.file));
  const warnings = settleDiagnostics(
    [...kept, ...options.data.flatMap((page) => page.warnings)].map((warning) => new DocgenError(warning)),
  ).map((warning) => warning.toJSON());
  await forgetBuild(out);
  await forgetBuildState(out);
  const staged = readdirSync(staging, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(staging, path.join(entry.parentPath, entry.name)));
  const written = new Set(staged);
  const obsolete = [
    ...options.data.map(({ page }) => page.dataFile),
    state.navigationFile,
    state.search.manifestFile,
    ...options.search.replaced,
  ].filter((file) => !written.has(file));
  await patchIntoPlace({
    staging,
    outPath: out,
    files: staged,
    remove: [...new Set(obsolete)],
    moved: (file) => state.output.set(file, statEntry(path.join(out, file))),
  });
  for (const file of obsolete) state.output.delete(file);
  // The cache entries of the replaced versions go, as a full build would prune them (cache/json-store.ts).
  dropCachedPages(
    config.contentPath,
    options.data.filter(({ page, cacheKey }) => page.cacheKey !== cacheKey).map(({ page }) => page.cacheKey),
  );
  for (const { page, dataFile, cacheKey } of options.data) Object.assign(page, { dataFile, cacheKey });
  state.files = inputs.files;
  state.imports = inputs.imports;
  state.navigationFile = options.navigationFile;
  const { manifest, manifestFile, fieldLengths } = options.search;
  state.search = { manifest, manifestFile, fieldLengths };
  await recordBuild(out, inputs.fingerprint, state.output, inputs.imports.keys(), warnings);
  await saveBuildState(out, state);
  return warnings;
}
