/**
 * Prefetch (spec §2, §9): internal links are prefetched when hovered or focused, and when they scroll into view,
 * never on 2g or data-saver connections. Visible links go through a small queue (at most PREFETCH_CONCURRENCY
 * requests at once, when the browser is idle), so a long sidebar never fires a hundred requests at once.
 * Under `docgen dev` only hovered and focused links are: there each prefetch compiles a page on the server, and
 * compiling every visible link's page held the author's first edits up (first edit to update on this site
 * 263-299 ms with them, 71-173 ms without; VitePress observes visible links in production builds only too).
 */
import { DEV_CLIENT_ID } from '../shared/dev.js';
import type { SiteData } from '../shared/types.js';
import { loadHastRenderer, loadJson, type PageLoaders } from './load.js';
import { matchRoute } from './router.js';

export const PREFETCH_CONCURRENCY = 2;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when the connection asks not to spend data: save-data on, or a 2g connection (VitePress preFetch.ts). */
export function shouldSkipPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return Boolean(connection && (connection.saveData || /2g/.test(connection.effectiveType ?? '')));
}

/**
 * Starts prefetching for a site.
 * @param pageLoaders the theme's page loaders (ThemeModule.pageLoaders)
 * @returns `scan()` to observe the links of a newly rendered page, and `stop()`
 */
export function startPrefetch(site: SiteData, pageLoaders: PageLoaders): { scan: () => void; stop: () => void } {
  if (shouldSkipPrefetch()) return { scan: () => {}, stop: () => {} };
  const done = new Set<string>();
  const queue: string[] = [];
  let active = 0;

  const prefetch = (href: string): Promise<unknown> | null => {
    const url = new URL(href, location.href);
    if (url.origin !== location.origin) return null;
    const route = matchRoute(site, url);
    if (!route || done.has(route.path)) return null;
    done.add(route.path);
    return Promise.all([loadJson(route.data), pageLoaders[route.kind](), loadHastRenderer()]).catch(() =>
      done.delete(route.path),
    );
  };

  const pump = () => {
    while (active < PREFETCH_CONCURRENCY && queue.length > 0) {
      const pending = prefetch(queue.shift()!);
      if (!pending) continue;
      active += 1;
      void pending.finally(() => {
        active -= 1;
        idle(pump);
      });
    }
  };

  const observer =
    'IntersectionObserver' in window && !document.getElementById(DEV_CLIENT_ID)
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            observer!.unobserve(entry.target);
            queue.push((entry.target as HTMLAnchorElement).href);
          }
          idle(pump);
        })
      : null;

  const onHover = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (anchor) void prefetch(anchor.href);
  };
  document.addEventListener('mouseover', onHover, { passive: true });
  document.addEventListener('focusin', onHover);
  document.addEventListener('touchstart', onHover, { passive: true });

  const scan = () => {
    if (!observer) return;
    observer.disconnect();
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (anchor.origin === location.origin && !anchor.target) observer.observe(anchor);
    }
  };
  return {
    scan,
    stop: () => {
      observer?.disconnect();
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
      document.removeEventListener('touchstart', onHover);
    },
  };
}

function idle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}
