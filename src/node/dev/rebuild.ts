/**
 * `docgen dev`'s driver for a batch of changed files: the planner's plan applied to the session (reload the config,
 * recompile the theme, reload or patch the site model, drop compiled routes), then the browsers told. Errors never
 * escape: they are printed and shown in the overlay.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pc from 'picocolors';
import type { DiagnosticPrinter } from './diagnostics.js';
import type { EventHub } from './events.js';
import { changesOf, configPlanSite, planChanges, type PlanSite } from '../pipeline/plan.js';
import { applyPlan } from './invalidate.js';
import { patchModel } from './patch-model.js';
import {
  globalErrors,
  loadSessionConfig,
  loadSessionModel,
  loadSessionTheme,
  updateSnapshot,
  type DevSession,
} from './session.js';
import { apiSourceFiles, siteThemeFiles, themeFolders, type DevWatcher } from './watch.js';

/** What a rebuild works with besides the session. */
export interface RebuildContext {
  session: DevSession;
  hub: EventHub;
  printer: DiagnosticPrinter;
  watcher?: DevWatcher;
  /** Prints one progress line. */
  log: (line: string) => void;
}

/**
 * Rebuilds for a batch: the planner (pipeline/plan.ts) says what the changed files need, and this applies it to the
 * session: the config, the theme, the OpenAPI models, the site model, then the compiled routes it names.
 * @param files absolute paths of changed files and folders
 * @returns a snapshot (mtime and size by file) of the content and OpenAPI files read, to detect writes that the
 *   watcher may have coalesced away (see server.ts)
 */
export async function rebuild(context: RebuildContext, files: Set<string>): Promise<Map<string, string>> {
  const { session, hub, printer } = context;
  const started = performance.now();
  const changed = [...files].filter((f) => f !== APIS_LOADED);
  const snapshot = await snapshotFiles(changed);
  printer.forget(files);
  const rel = [...files]
    .map((f) => (f === APIS_LOADED ? 'OpenAPI documents loaded' : path.relative(session.root, f) || f))
    .join(', ');
  const site = session.snapshot.config ? planSiteOf(session) : null;
  const plan = site && planChanges(site, changesOf(changed, site));
  if (!plan || plan.reloadConfig) {
    const loaded = await loadSessionConfig(session);
    if (!loaded) {
      printer.print(globalErrors(session));
      hub.broadcast({ type: 'errors' });
      return snapshot;
    }
    context.watcher?.update();
    if (!session.snapshot.renderer || !session.bundler || !session.snapshot.client) await loadSessionTheme(session);
    context.watcher?.update(); // the site's theme files may have changed with the config
    updateSnapshot(session, { current: null });
    await applyPlan(session, await loadSessionModel(session));
    printer.print(globalErrors(session));
    context.log(`${pc.green('config reloaded')} ${pc.dim(rel)} ${ms(started)}`);
    hub.broadcast({ type: 'reload' });
    return snapshot;
  }
  if (plan.rebuildTheme) {
    await loadSessionTheme(session);
    context.watcher?.update(); // an override may import other site files now
    printer.print(globalErrors(session));
    context.log(`${pc.green('theme rebuilt')} ${pc.dim(rel)} ${ms(started)}`);
    hub.broadcast(
      session.snapshot.rendererError || session.snapshot.clientError ? { type: 'errors' } : { type: 'reload' },
    );
  }
  const apis = plan.reloadApis === 'all' || plan.reloadApis.size > 0;
  const apisLoaded = files.has(APIS_LOADED); // the real models replace the startup placeholders
  const reload = plan.reloadSite || apisLoaded;
  if (!reload && !plan.copyStatic && plan.recompile !== 'all' && plan.recompile.size === 0) return snapshot;
  if (apis) session.cache.invalidate({ type: 'openapi', files: plan.reloadApis });
  const edited = new Set(changed.filter((file) => plan.edited.has(site!.routeOfFile.get(file) ?? '')));
  // Page edits patch the model when their front matter and titles did not change (patch-model.ts); else it loads.
  const loads = reload || edited.size > 0;
  const patched = reload || edited.size === 0 ? null : await patchModel(session, edited);
  const next = patched ?? (loads ? await loadSessionModel(session) : session.snapshot.current!);
  const change = await applyPlan(session, next, {
    ...plan,
    reloadApis: apisLoaded ? 'all' : plan.reloadApis,
    reloaded: loads && patched === null,
  });
  if (apis) context.watcher?.update(); // a document may read other files now
  printer.print(globalErrors(session));
  const what = change.routes === '*' ? 'all pages' : change.routes.join(', ') || 'no page';
  context.log(`${pc.green(change.site ? 'site updated' : 'updated')} ${what} ${pc.dim(`(${rel})`)} ${ms(started)}`);
  hub.broadcast({ type: 'update', routes: change.routes, site: change.site });
  return snapshot;
}

/** The planner's view of the session's site (pipeline/plan.ts PlanSite). */
function planSiteOf(session: DevSession): PlanSite {
  const config = session.snapshot.config!;
  const site = configPlanSite(config);
  return {
    ...site,
    configFiles: new Set(session.snapshot.configFiles),
    themeFiles: new Set(siteThemeFiles(session)),
    themeFolders: themeFolders(),
    apiFiles: new Set(apiSourceFiles(session)),
    apiFolders: [...site.apiDocuments].map((file) => path.dirname(file)),
    routeOfFile: new Map(
      (session.snapshot.current?.model.routes ?? []).filter((r) => r.page).map((r) => [r.page!.file, r.path]),
    ),
    importersOf: (file) => session.cache.importers([file]),
  };
}

/** A pseudo file pushed into the watch queue once the OpenAPI documents loaded after startup. */
export const APIS_LOADED = '\0docgen:apis-loaded';

function ms(started: number): string {
  return pc.dim(`${Math.round(performance.now() - started)} ms`);
}

/**
 * mtime and size of each file, or '' for one that is gone.
 * @returns a map by absolute path
 */
export async function snapshotFiles(files: Iterable<string>): Promise<Map<string, string>> {
  const entries = await Promise.all(
    [...files].map(async (file) => {
      const info = await stat(file).catch(() => null);
      return [file, info ? `${info.mtimeMs}:${info.size}` : ''] as const;
    }),
  );
  return new Map(entries);
}
