/**
 * The browser runtime's start: reads the boot data, loads the site shell and the page chunk, hydrates from the
 * server HTML, then loads the navigation (route table, sidebars) and starts the router and prefetching. It knows the
 * theme only as a ThemeModule (src/shared/theme.ts), handed over by the entry (entry.tsx).
 */
import { StrictMode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import type { ThemeModule } from '../shared/theme.js';
import type { BootData, SiteData, SiteNavigation, SiteShell } from '../shared/types.js';
import { startCopyButtons } from './copy.js';
import { startDiagramFallback } from './diagrams.js';
import { PAGE_EVENT } from './page-event.js';
import { applyRouteStylesheets, loadInitialRoute, loadJson, type LoadedRoute } from './load.js';
import { rememberDocsVersion } from './docs-version.js';
import { startPrefetch } from './prefetch.js';
import { startRouter } from './router.js';

function Root({ theme, shell, initial }: { theme: ThemeModule; shell: SiteShell; initial: LoadedRoute }) {
  // Until the navigation (route table, sidebars) has loaded, the site knows only this page's route; the sidebar
  // keeps its server markup meanwhile (templates/components/ServerMarkup.tsx).
  const [site, setSite] = useState<SiteData>(() => ({
    ...shell,
    routes: initial.route ? [initial.route] : [],
    sidebars: {},
  }));
  const [state, setState] = useState(initial);
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void loadJson<SiteNavigation>(shell.navigation).then(
      (navigation) => {
        if (cancelled) return;
        const full: SiteData = { ...shell, ...navigation };
        flushSync(() => setSite(full));
        stop = startNavigation(theme, full, initial, setState);
        document.documentElement.dataset.hydrated = 'true'; // client-side navigation runs from now on (tests wait for it)
      },
      // Without the navigation, links stay ordinary links: every page still works by full page loads.
      (error: unknown) => console.warn('[docgen] navigation data failed to load; links will load whole pages', error),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [theme, shell, initial]);
  const { App, ContentRendererContext } = theme;
  return (
    <ContentRendererContext.Provider value={state.renderer}>
      <App site={site} page={state.page} route={state.route} Page={state.Page} />
    </ContentRendererContext.Provider>
  );
}

/**
 * Starts client-side navigation and prefetching once the whole site data is there.
 * @returns a function that stops both
 */
function startNavigation(
  theme: ThemeModule,
  site: SiteData,
  initial: LoadedRoute,
  setState: (next: LoadedRoute) => void,
): () => void {
  const prefetch = startPrefetch(site, theme.pageLoaders);
  const stop = startRouter({
    site,
    pageLoaders: theme.pageLoaders,
    render: (next) => {
      flushSync(() => setState(next));
      rememberDocsVersion(site, next.page);
      prefetch.scan();
    },
  });
  rememberDocsVersion(site, initial.page);
  prefetch.scan();
  return () => {
    stop();
    prefetch.stop();
  };
}

/**
 * Hydrates the page with a theme, then starts navigation; does nothing on a document without docgen's boot data.
 * @param theme the theme (templates/index.ts, with a site's overrides bundled in)
 * @returns once hydration has started; never rejects for a missing page element
 * @throws (rejects) when the site shell or the route's data or page chunk fails to load
 */
/**
 * Starts tabs.ts once a page shown (now, or after a client-side navigation) has tabs that sync or read the URL: most
 * pages have none, so its code stays out of the first load. Plain tabs switch without it (radio inputs).
 */
function startTabGroupsOnDemand(): void {
  const check = () => {
    if (!document.querySelector('.dg-tabs[data-group-id], .dg-tabs[data-query-string]')) return;
    document.removeEventListener(PAGE_EVENT, check);
    void import('./tabs.js').then((tabs) => tabs.startTabGroups(PAGE_EVENT));
  };
  document.addEventListener(PAGE_EVENT, check);
  check();
}

export async function startClient(theme: ThemeModule): Promise<void> {
  const bootElement = document.getElementById('__docgen-boot');
  const container = document.getElementById('__docgen');
  if (!bootElement || !container) return;
  startDiagramFallback(); // before any await: a diagram image may fail while the data loads
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  const shell = await loadJson<SiteShell>(boot.site);
  const [initial] = await Promise.all([loadInitialRoute(theme.pageLoaders, boot.route, boot), theme.prepare?.(shell)]);
  applyRouteStylesheets(initial.page.styles ?? []); // known, so a navigation away can turn them off
  startCopyButtons(shell.messages);
  startTabGroupsOnDemand();
  hydrateRoot(
    container,
    <StrictMode>
      <Root theme={theme} shell={shell} initial={initial} />
    </StrictMode>,
  );
}
