/**
 * `docgen dev` applies the planner's plan (dev/invalidate.ts applyPlan): it drops the routes the plan names and the
 * pages linking to them, everything when the site data or route table changed, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { createDevCache, type PageDataResult } from '../../../../src/node/dev/cache.js';
import { applyPlan, type AppliedPlan } from '../../../../src/node/dev/invalidate.js';
import type { DevSession, SessionModel } from '../../../../src/node/dev/session.js';

function model(options: { table?: string; shell?: string; api?: string } = {}): SessionModel {
  const routes = [
    { path: '/a', kind: 'doc', title: 'A', page: { file: '/site/content/a.md' } },
    { path: '/b', kind: 'doc', title: 'B', page: { file: '/site/content/b.md' } },
    { path: '/c', kind: 'doc', title: 'C', page: { file: '/site/content/c.md' } },
    { path: '/api/x', kind: 'api', title: 'X', api: { file: options.api ?? '/site/openapi/x.yaml', model: {} } },
  ];
  return {
    model: { routes },
    routeByPath: new Map(routes.map((route) => [route.path, route])),
    tableKey: options.table ?? 'table',
    shellJson: options.shell ?? 'shell',
    navigationJson: 'navigation',
  } as unknown as SessionModel;
}

/** A session whose caches hold every route: /b links to /a, /c to nothing. */
function session(): DevSession {
  const cache = createDevCache();
  for (const route of ['/a', '/b', '/c', '/api/x']) {
    cache.setCompiled(route, { key: route, result: new Promise(() => {}), imports: [] });
    const data = { route, dependsOn: new Set(route === '/b' ? ['/a'] : []) } as unknown as PageDataResult;
    void cache.pageData(route, async () => data);
    void cache.page(route, async () => ({ status: 200, html: route, errors: [] }));
  }
  return { snapshot: { current: model() }, cache } as unknown as DevSession;
}

const pagePlan = (routes: string[], more: Partial<AppliedPlan> = {}): AppliedPlan => ({
  recompile: new Set(routes),
  rerender: new Set(routes),
  edited: new Set(routes),
  reloadApis: new Set(),
  reloaded: false,
  ...more,
});

const kept = (dev: DevSession, routes: string[]) =>
  routes.filter((route) => dev.cache.compiled(route) && dev.cache.renderedPage(route));

describe('applyPlan', () => {
  it("drops the plan's routes and the pages linking to them, and keeps the others", async () => {
    const dev = session();
    const change = await applyPlan(dev, model(), pagePlan(['/a']));
    expect(change).toEqual({ routes: ['/a', '/b'], site: false });
    expect(dev.cache.compiled('/a')).toBeUndefined();
    expect(dev.cache.compiled('/b')).toBeDefined(); // its links are checked again, its source did not change
    expect(dev.cache.renderedPage('/b')).toBeUndefined();
    expect(kept(dev, ['/c', '/api/x'])).toEqual(['/c', '/api/x']);
  });

  it("drops the routes of the plan's OpenAPI documents", async () => {
    const dev = session();
    const change = await applyPlan(
      dev,
      model(),
      pagePlan([], { reloadApis: new Set(['/site/openapi/x.yaml']), reloaded: true }),
    );
    expect(change.routes).toEqual(['/api/x']);
    expect(kept(dev, ['/a', '/b', '/c'])).toEqual(['/a', '/b', '/c']);
  });

  it('drops every rendering when an edited page was loaded again (its title shows on other pages)', async () => {
    const dev = session();
    const change = await applyPlan(dev, model(), pagePlan(['/a'], { reloaded: true }));
    expect(change.routes).toBe('*');
    expect(dev.cache.renderedPage('/c')).toBeUndefined();
    expect(dev.cache.compiled('/a')).toBeUndefined();
    expect(dev.cache.compiled('/c')).toBeDefined(); // compiled again on request only if its key changed
  });

  it('drops every compiled route when the route table changed', async () => {
    const dev = session();
    const change = await applyPlan(dev, model({ table: 'other' }), pagePlan([], { reloaded: true }));
    expect(change.routes).toBe('*');
    expect(['/a', '/b', '/c', '/api/x'].filter((route) => dev.cache.compiled(route))).toEqual([]);
  });

  it('drops every page data when the site data changed, also for a plan of one page', async () => {
    // A page that failed and came back changes the navigation of pages the plan does not name: their previous and
    // next links live in their page data (seen by the dev fuzzer after a long sequence of mutations).
    const dev = session();
    const change = await applyPlan(dev, model({ shell: 'new' }), pagePlan(['/a']));
    expect(change).toEqual({ routes: '*', site: true });
    expect(dev.cache.pageDataEntries()).toEqual([]);
    expect(dev.cache.renderedPage('/c')).toBeUndefined();
  });

  it('reports changed site data', async () => {
    const dev = session();
    expect(await applyPlan(dev, model({ shell: 'new' }), pagePlan([], { reloaded: true }))).toEqual({
      routes: '*',
      site: true,
    });
  });
});
