/**
 * What a new site model invalidates in `docgen dev`, once the planner (pipeline/plan.ts) had it loaded or patched:
 * the routes whose compile key changed, the pages whose links point at them, and every rendering when the site data
 * changed. Rendering is on demand, so "rebuild" means dropping cached results; the affected routes are also what the
 * open browsers are told to refresh.
 */
import { compileKey } from './render-page.js';
import { updateSnapshot, type DevSession, type SessionModel } from './session.js';

/** What changed, for the browsers. */
export interface ModelChange {
  /** Route paths to refresh in place, or '*' for all. */
  routes: string[] | '*';
  /** The site data (route table, sidebars, navbar) changed: pages reload. */
  site: boolean;
}

/**
 * Applies a freshly loaded model to the session and drops what it invalidates.
 * - route table or static files changed: every compiled page (links resolve anew) and every rendered page;
 * - site data changed (titles, sidebars): every rendered page (each carries the sidebar), compiled pages kept;
 * - otherwise: the routes whose sources changed, and rendered pages whose links point at one of them.
 * @returns the routes to refresh and whether the site data changed
 */
export async function applyModel(session: DevSession, next: SessionModel): Promise<ModelChange> {
  const previous = session.snapshot.current;
  updateSnapshot(session, { current: next });
  if (!previous) {
    session.cache.invalidate({ type: 'content', recompile: [], refresh: 'all', site: true });
    return { routes: '*', site: true };
  }
  const site = previous.shellJson !== next.shellJson || previous.navigationJson !== next.navigationJson;
  if (previous.tableKey !== next.tableKey) {
    session.cache.invalidate({ type: 'content', recompile: 'all', refresh: 'all', site });
    return { routes: '*', site };
  }
  const changed = new Set<string>();
  for (const [path, route] of next.routeByPath) {
    const before = previous.routeByPath.get(path);
    if (before === route) continue; // patchModel keeps the routes it did not change (a key holds the whole source)
    if (!before || compileKey(session, before, previous.tableKey) !== compileKey(session, route, next.tableKey))
      changed.add(path);
  }
  const dependents = new Set<string>();
  await Promise.all(
    session.cache.pageDataEntries().map(async ([key, pending]) => {
      const page = await pending.catch(() => null);
      if (!page || [...page.dependsOn].some((target) => changed.has(target))) dependents.add(key);
    }),
  );
  const refresh = new Set([...changed, ...dependents]);
  session.cache.invalidate({ type: 'content', recompile: changed, refresh, site });
  return { routes: [...refresh], site };
}
