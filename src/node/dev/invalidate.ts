/**
 * What a plan (pipeline/plan.ts) drops in `docgen dev`, once the site model was loaded again or patched: rendering
 * is on demand, so applying a plan means dropping cached results, and the next request compiles the route again
 * (render-page.ts compileCached, through the build's page compiler and page cache key). The routes dropped are the
 * plan's; they are also what the open browsers are told to refresh.
 */
import type { ChangePlan } from '../pipeline/plan.js';
import { updateSnapshot, type DevSession, type SessionModel } from './session.js';

/** What changed, for the browsers. */
interface ModelChange {
  /** Route paths to refresh in place, or '*' for all. */
  routes: string[] | '*';
  /** The site data (route table, sidebars, navbar) changed: pages reload. */
  site: boolean;
}

/** What of a plan the session applies: its routes, and whether the model was read again rather than patched. */
export type AppliedPlan = Pick<ChangePlan, 'recompile' | 'rerender' | 'reloadApis' | 'edited'> & {
  /** The model was loaded again (the site, its OpenAPI models, or an edited page's front matter or title changed). */
  reloaded: boolean;
};

/**
 * Applies a model to the session and drops what the plan names.
 * - no plan (startup, config), a new route table or static files, changed site data (titles, sidebars), a plan for
 *   every route, or an edited page whose front matter or title changed (it is shown on other pages: their
 *   previous/next links, cards): every page data and rendering; compiled routes stay unless the plan recompiles them
 *   or the route table changed, and compile again on request when their key changed;
 * - otherwise: the plan's routes and the routes of its OpenAPI documents, and the pages whose links point at one of
 *   them (their anchors are checked again).
 * @returns the routes to refresh and whether the site data changed
 */
export async function applyPlan(session: DevSession, next: SessionModel, plan?: AppliedPlan): Promise<ModelChange> {
  const previous = session.snapshot.current;
  updateSnapshot(session, { current: next });
  if (!previous || !plan) {
    session.cache.invalidate({ type: 'content', recompile: 'all', refresh: 'all', site: true });
    return { routes: '*', site: true };
  }
  const site = previous.shellJson !== next.shellJson || previous.navigationJson !== next.navigationJson;
  const table = previous.tableKey !== next.tableKey;
  const changed =
    plan.recompile === 'all' || table ? 'all' : new Set([...plan.recompile, ...apiRoutesOf(next, plan.reloadApis)]);
  if (changed === 'all' || site || plan.rerender === 'all' || (plan.reloaded && plan.edited.size > 0)) {
    session.cache.invalidate({ type: 'content', recompile: changed, refresh: 'all', site });
    return { routes: '*', site };
  }
  const refresh = new Set([...changed, ...plan.rerender]);
  await Promise.all(
    session.cache.pageDataEntries().map(async ([key, pending]) => {
      const page = await pending.catch(() => null);
      if (!page || [...page.dependsOn].some((target) => changed.has(target))) refresh.add(key);
    }),
  );
  session.cache.invalidate({ type: 'content', recompile: changed, refresh, site });
  return { routes: [...refresh], site };
}

/** The API routes of the OpenAPI documents a plan reloads. */
function apiRoutesOf(model: SessionModel, files: ChangePlan['reloadApis']): string[] {
  return model.model.routes
    .filter((route) => route.api && (files === 'all' || files.has(route.api.file)))
    .map((route) => route.path);
}
