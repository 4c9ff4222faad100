/**
 * Browser entry: reads the boot data, loads site and route data and the page chunk, hydrates, starts the router.
 */
import '../../templates/styles/index.css';
import { StrictMode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import type { BootData, SiteData } from '../shared/types.js';
import { App } from '../../templates/App.js';
import { ContentRendererContext } from '../../templates/components/content-renderer.js';
import { startCopyButtons } from './copy.js';
import { loadInitialRoute, loadJson, type LoadedRoute } from './load.js';
import { rememberDocsVersion } from './docs-version.js';
import { startPrefetch } from './prefetch.js';
import { matchRoute, startRouter } from './router.js';

function Root({ site, initial }: { site: SiteData; initial: LoadedRoute }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const prefetch = startPrefetch(site);
    const stop = startRouter({
      site,
      render: (next) => {
        flushSync(() => setState(next));
        rememberDocsVersion(site, next.page);
        prefetch.scan();
      },
    });
    rememberDocsVersion(site, initial.page);
    prefetch.scan();
    document.documentElement.dataset.hydrated = 'true'; // for tests and for CSS that needs JavaScript
    return () => {
      stop();
      prefetch.stop();
    };
  }, [site, initial]);
  return (
    <ContentRendererContext.Provider value={state.renderer}>
      <App site={site} page={state.page} route={state.route} Page={state.Page} />
    </ContentRendererContext.Provider>
  );
}

async function main(): Promise<void> {
  const bootElement = document.getElementById('__docgen-boot');
  const container = document.getElementById('__docgen');
  if (!bootElement || !container) return;
  const boot = JSON.parse(bootElement.textContent ?? '{}') as BootData;
  const site = await loadJson<SiteData>(boot.site);
  const route = boot.path === null ? null : matchRoute(site, new URL(location.href)) ?? site.routes.find((r) => r.path === boot.path) ?? null;
  const initial = await loadInitialRoute(route, boot);
  startCopyButtons();
  hydrateRoot(
    container,
    <StrictMode>
      <Root site={site} initial={initial} />
    </StrictMode>,
  );
}

void main();
