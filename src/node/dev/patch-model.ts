/**
 * The fast path for the most common edit: Markdown bodies changed, front matter and title did not, no file was
 * added or removed (the planner's `edited` pages). Routes, sidebars and site data then stay as they are, so the
 * model is patched with the new sources instead of reading content/ again (which takes a few hundred ms at 1,000
 * pages). The pages are read as the incremental build reads them (pipeline/edited-page.ts).
 */
import path from 'node:path';
import type { SiteRoute } from '../content/site.js';
import { readEditedPage } from '../pipeline/edited-page.js';
import { shownKey } from '../pipeline/keys.js';
import type { DevSession, SessionModel } from './session.js';

/**
 * Patches the current model with new page sources.
 * @param files absolute paths of the edited page files
 * @returns the patched model, or null when anything but a body edit of an existing page is involved (the
 *   caller then reloads the whole model, which also reports every error)
 */
export async function patchModel(session: DevSession, files: Set<string>): Promise<SessionModel | null> {
  const current = session.snapshot.current;
  const config = session.snapshot.config;
  if (!current || !config) return null;
  const routeOfFile = new Map(current.model.routes.filter((r) => r.page).map((r) => [r.page!.file, r]));
  const updates = new Map<string, SiteRoute>();
  for (const file of files) {
    const route = routeOfFile.get(file);
    // A page read from elsewhere than content/ (a docs version's): the whole model loads again.
    if (!route || file !== path.join(config.contentPath, route.page!.relPath)) return null;
    const read = await readEditedPage({
      contentPath: config.contentPath,
      relPath: route.page!.relPath,
      unknownFrontMatter: config.onUnknownFrontMatter,
      shown: shownKey(route.page!.frontMatter, route.title),
      root: config.root,
    });
    if ('reason' in read) return null;
    updates.set(route.path, { ...route, page: { ...route.page!, source: read.page.source } });
  }
  // Paths, titles, front matter and files are as they were, so the route table and site data derived from them
  // are too: only the changed routes are new objects (applyModel skips the others by identity).
  const routes = current.model.routes.map((r) => updates.get(r.path) ?? r);
  const routeByPath = new Map(current.routeByPath);
  for (const [path, route] of updates) routeByPath.set(path, route);
  return { ...current, model: { ...current.model, routes }, routeByPath };
}
