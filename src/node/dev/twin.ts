/**
 * `docgen dev`'s Markdown twins: a twin URL (shared/twin-url.ts), or a page URL asked for with `Accept:
 * text/markdown` (http/markdown-negotiation.ts), answered with the twin made from the route's data as the build
 * makes it (render/markdown-twin.ts from the compiled page, render/api-twin.ts from the API model), so dev and the
 * build serve the same text.
 */
import type { IncomingMessage } from 'node:http';
import { hasTwin, routeOfTwin } from '../../shared/twin-url.js';
import { prefersMarkdown } from '../http/markdown-negotiation.js';
import { apiTwins } from '../render/api-twin.js';
import { pageTwin, type TwinLinks } from '../render/markdown-twin.js';
import { getPageData, resolveRequestRoute, withRealApi } from './render-page.js';
import type { DevSession } from './session.js';

/**
 * The twin a request asks for, or null when it asks for none (or the route has none: config `llms`).
 * @param pathname request path without the base URL
 * @returns the Markdown text, and whether the answer varies by Accept (a page URL)
 */
export async function devTwin(
  session: DevSession,
  req: IncomingMessage,
  pathname: string,
): Promise<{ text: string; vary: boolean } | null> {
  const config = session.snapshot.config;
  const current = session.snapshot.current;
  if (!config?.llms.enabled || !current) return null;
  const twins = { ...(config.llms.include ? { include: config.llms.include } : {}), exclude: config.llms.exclude };
  const isRoute = (p: string) => current.routeByPath.has(p);
  const links: TwinLinks = {
    siteUrl: config.url.replace(/\/$/, ''),
    baseUrl: config.baseUrl,
    isRoute,
    tagline: config.tagline,
    messages: { ...config.messages },
  };
  let routePath = routeOfTwin(pathname, isRoute);
  let operation: string | null = null;
  if (routePath === null && pathname.endsWith('.md')) {
    // An API operation's twin: <reference route>/<operation id>.md
    const cut = pathname.lastIndexOf('/');
    const reference = pathname.slice(0, cut);
    if (current.routeByPath.get(reference)?.api)
      [routePath, operation] = [reference, decodeURIComponent(pathname.slice(cut + 1, -'.md'.length))];
  }
  const vary = routePath === null;
  if (routePath === null && prefersMarkdown(req.headers.accept)) routePath = resolveRequestRoute(session, pathname);
  if (routePath === null) return null;
  const listed = current.routeByPath.get(routePath);
  if (!listed || !hasTwin(twins, listed.path, listed.kind)) return null;
  const { route, error } = await withRealApi(session, listed); // an API model may still be a startup placeholder
  if (error) return null;
  if (route.api) {
    const { reference, operations } = apiTwins(route.api.model, route.path, links);
    if (operation === null) return { text: reference, vary };
    const found = operations.find((op) => op.id === operation);
    return found ? { text: found.text, vary } : null;
  }
  const { data, errors } = await getPageData(session, route.path);
  if (errors.some((e) => e.severity !== 'warning')) return null; // the page shows its errors in the overlay
  return { text: pageTwin(data, links), vary };
}
