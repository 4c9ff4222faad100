/**
 * One rebuild for a batch of changed files: reload the config, recompile the theme, or reload the site model,
 * then tell the browsers. Errors never escape: they are printed and shown in the overlay.
 */
import { isPartialPath, PAGE_FILE } from '../content/page-files.js';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pc from 'picocolors';
import type { DiagnosticPrinter } from './diagnostics.js';
import type { EventHub } from './events.js';
import { applyModel } from './invalidate.js';
import { patchModel } from './patch-model.js';
import {
  globalErrors,
  loadSessionConfig,
  loadSessionModel,
  loadSessionTheme,
  updateSnapshot,
  type DevSession,
} from './session.js';
import { classifyChange, type DevWatcher } from './watch.js';

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
 * Rebuilds for a batch.
 * @param files absolute paths of changed files and folders
 * @returns a snapshot (mtime and size by file) of the content and OpenAPI files read, to detect writes that the
 *   watcher may have coalesced away (see server.ts)
 */
export async function rebuild(context: RebuildContext, files: Set<string>): Promise<Map<string, string>> {
  const { session, hub, printer } = context;
  const started = performance.now();
  const kinds = new Set([...files].map((f) => classifyChange(session, f)));
  const snapshot = await snapshotFiles([...files].filter((f) => f !== APIS_LOADED));
  printer.forget(files);
  const rel = [...files]
    .map((f) => (f === APIS_LOADED ? 'OpenAPI documents loaded' : path.relative(session.root, f) || f))
    .join(', ');
  if (kinds.has('config') || session.snapshot.config === null) {
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
    await applyModel(session, await loadSessionModel(session));
    printer.print(globalErrors(session));
    context.log(`${pc.green('config reloaded')} ${pc.dim(rel)} ${ms(started)}`);
    hub.broadcast({ type: 'reload' });
    return snapshot;
  }
  if (kinds.has('theme')) {
    await loadSessionTheme(session);
    context.watcher?.update(); // an override may import other site files now
    printer.print(globalErrors(session));
    context.log(`${pc.green('theme rebuilt')} ${pc.dim(rel)} ${ms(started)}`);
    hub.broadcast(
      session.snapshot.rendererError || session.snapshot.clientError ? { type: 'errors' } : { type: 'reload' },
    );
  }
  if (files.has(APIS_LOADED)) kinds.add('openapi'); // the real models replace the startup placeholders
  if (kinds.has('openapi') || kinds.has('content')) {
    // Any other file in those folders may be a `$ref` target: then every model goes (cache.ts).
    for (const file of files)
      if (classifyChange(session, file) === 'openapi') session.cache.invalidate({ type: 'openapi', file });
    // A file only snippet imports read (outside content/) changes no route: the pages importing it compile again.
    const importers = session.cache.importers(files);
    const contentPath = session.snapshot.config!.contentPath;
    const modelFiles = new Set(
      [...files].filter(
        (file) => importers.length === 0 || file === contentPath || file.startsWith(contentPath + path.sep),
      ),
    );
    const patched = kinds.has('openapi') ? null : await patchModel(session, modelFiles);
    let change = await applyModel(session, patched ?? (await loadSessionModel(session)));
    if (importers.length > 0 && change.routes !== '*') {
      session.cache.invalidate({ type: 'content', recompile: importers, refresh: importers, site: false });
      change = { routes: [...new Set([...change.routes, ...importers])], site: change.site };
    }
    if ([...files].some((file) => isPartialFile(session, file))) {
      // A partial (`_x.md`) is part of the pages that import it: they are few, so every page compiles again.
      session.cache.invalidate({ type: 'content', recompile: 'all', refresh: 'all', site: change.site });
      change = { routes: '*', site: change.site };
    }
    if (kinds.has('openapi')) context.watcher?.update(); // a document may read other files now
    printer.print(globalErrors(session));
    const what = change.routes === '*' ? 'all pages' : change.routes.join(', ') || 'no page';
    context.log(`${pc.green(change.site ? 'site updated' : 'updated')} ${what} ${pc.dim(`(${rel})`)} ${ms(started)}`);
    hub.broadcast({ type: 'update', routes: change.routes, site: change.site });
  }
  return snapshot;
}

/** Whether a changed file is a Markdown partial of the content folder (content/routes.ts isPartialPath). */
function isPartialFile(session: RebuildContext['session'], file: string): boolean {
  const contentPath = session.snapshot.config?.contentPath;
  if (!contentPath) return false;
  const relPath = path.relative(contentPath, file).split(path.sep).join('/');
  return !relPath.startsWith('..') && PAGE_FILE.test(relPath) && isPartialPath(relPath);
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
