/**
 * The dev client, loaded only by pages that `docgen dev` serves: listens to the server's events (SSE), refreshes
 * the current route in place when its content changed (keeping the scroll position), reloads on theme, config or
 * site-data changes (restoring the scroll position), and shows problems in the overlay until they are fixed.
 */
import { createOverlay, type Diagnostic } from './overlay.js';

type DevMessage = { type: 'update'; routes: string[] | '*'; site: boolean } | { type: 'reload' } | { type: 'errors' };

/** sessionStorage key for the scroll position kept across a reload. */
const SCROLL_KEY = 'docgen:dev-scroll';
/** Window event the router answers by re-loading the current route in place (src/client/router.ts). */
const REFRESH_EVENT = 'docgen:refresh';

const endpoint = (name: string) => new URL(name, import.meta.url).href; // this file is served at <base>__docgen/client.js
const overlay = createOverlay();

/** Route path of each address seen, from the status answers (so an update need not wait for one). */
const routeOf = new Map<string, string | null>();

/** Fetches the current page's route and problems, and updates the overlay. */
async function refreshStatus(): Promise<string | null> {
  const pathname = location.pathname;
  const response = await fetch(endpoint(`status?path=${encodeURIComponent(pathname)}`), { cache: 'no-store' });
  const status = (await response.json()) as { route: string | null; errors: Diagnostic[] };
  routeOf.set(pathname, status.route);
  overlay.show(status.errors);
  return status.route;
}

function reloadKeepingScroll(): void {
  sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, y: scrollY }));
  location.reload();
}

/** After a reload: scroll back once the page has hydrated (the router sets scrollRestoration to manual). */
function restoreScroll(): void {
  const saved = sessionStorage.getItem(SCROLL_KEY);
  if (!saved) return;
  sessionStorage.removeItem(SCROLL_KEY);
  const { path, y } = JSON.parse(saved) as { path: string; y: number };
  if (path !== location.pathname) return;
  const started = performance.now();
  const attempt = () => {
    if (document.documentElement.dataset.hydrated === 'true' || performance.now() - started > 3000) scrollTo(0, y);
    else requestAnimationFrame(attempt);
  };
  attempt();
}

async function onMessage(message: DevMessage): Promise<void> {
  if (message.type === 'reload') return reloadKeepingScroll();
  if (message.type === 'errors') return void (await refreshStatus());
  if (message.site) return reloadKeepingScroll();
  const affects = (route: string | null | undefined) =>
    message.routes === '*' || (route != null && message.routes.includes(route));
  const known = routeOf.get(location.pathname);
  if (known !== undefined && affects(known)) dispatchEvent(new Event(REFRESH_EVENT)); // in parallel with the status
  const route = await refreshStatus();
  if (known === undefined && affects(route)) dispatchEvent(new Event(REFRESH_EVENT));
}

function connect(): void {
  // The last server event the page reflects (set by the server in this script's URL): events after it that were sent
  // while the page loaded are replayed when the stream opens (src/node/dev/events.ts).
  const since = new URL(import.meta.url).searchParams.get('since');
  const source = new EventSource(endpoint(since === null ? 'events' : `events?since=${since}`));
  let lost = false;
  let chain = Promise.resolve();
  source.onopen = () => {
    if (lost) reloadKeepingScroll(); // the server restarted: what it serves may have changed
  };
  source.onerror = () => {
    lost = true;
  };
  source.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as DevMessage;
    chain = chain
      .then(() => onMessage(message))
      .catch((error: unknown) => console.warn('[docgen] update failed', error));
  };
}

restoreScroll();
connect();
void refreshStatus().catch(() => {});
