/**
 * The fast path for the most common edit: Markdown bodies changed, front matter and title did not, no file was
 * added or removed. Routes, sidebars and site data then stay as they are, so the model is patched with the new
 * sources instead of reading content/ again (which takes a few hundred ms at 1,000 pages).
 */
import { PAGE_FILE } from '../content/page-files.js';
import type { SiteRoute } from '../content/site.js';
import { parseFrontMatter } from '../content/front-matter.js';
import { titleOf } from '../content/sidebars.js';
import { readText, type DevSession, type SessionModel } from './session.js';

/**
 * Patches the current model with new page sources.
 * @param files absolute paths of the changed files
 * @returns the patched model, or null when anything but a body edit of an existing page is involved (the
 *   caller then reloads the whole model, which also reports every error)
 */
export async function patchModel(session: DevSession, files: Set<string>): Promise<SessionModel | null> {
  const current = session.snapshot.current;
  if (!current) return null;
  const routeOfFile = new Map(current.model.routes.filter((r) => r.page).map((r) => [r.page!.file, r]));
  const updates = new Map<string, SiteRoute>();
  for (const file of files) {
    const route = routeOfFile.get(file);
    if (!route || !PAGE_FILE.test(file)) return null;
    const text = await readText(file);
    if (text === null || text.includes('\uFFFD')) return null; // gone, or not UTF-8: the full reload says so
    const source = text.replace(/^\uFEFF/, '');
    let frontMatter;
    try {
      const parsed = parseFrontMatter(source, file, { unknownKeys: session.snapshot.config!.onUnknownFrontMatter });
      if (parsed.diagnostics.length > 0) return null; // the full reload reports them
      frontMatter = parsed.data;
    } catch {
      return null;
    }
    const page = { ...route.page!, source, frontMatter };
    if (
      JSON.stringify(frontMatter) !== JSON.stringify(route.page!.frontMatter) ||
      titleOf(page) !== titleOf(route.page!)
    )
      return null;
    updates.set(route.path, { ...route, page });
  }
  // Paths, titles, front matter and files are as they were, so the route table and site data derived from them
  // are too: only the changed routes are new objects (applyModel skips the others by identity).
  const routes = current.model.routes.map((r) => updates.get(r.path) ?? r);
  const routeByPath = new Map(current.routeByPath);
  for (const [path, route] of updates) routeByPath.set(path, route);
  return { ...current, model: { ...current.model, routes }, routeByPath };
}
