/**
 * The dev server's request handler: internal endpoints under `<base>__docgen/`, client assets from memory,
 * static files from content/, and routes rendered on demand. Paths are checked by safe-path.ts first.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stripBase } from '../../shared/urls.js';
import { jsonDownload } from '../build/api-assets.js';
import { toBrowser } from './diagnostics.js';
import type { EventHub } from './events.js';
import { fallbackDocument, getPage, getPageData, resolveRequestRoute, stampDevClient } from './render-page.js';
import { safeRequestPath } from '../http/safe-path.js';
import { globalErrors, type DevSession } from './session.js';
import { devSearchFile, devSearchManifest, DEV_SEARCH_MANIFEST } from './search.js';
import { sendStaticFile } from './static-files.js';
import { contentType } from '../serve/static-file.js';
import { devTwin } from './twin.js';
import { feedResponse } from '../blog/feed.js';

interface HandlerContext {
  session: DevSession;
  hub: EventHub;
  /** Resolves when no rebuild is running, so a request never sees a half-applied change. */
  idle: () => Promise<void>;
  /** Called after a page's HTML has been sent. */
  onPageServed?: () => void;
}

/**
 * Creates the handler for node:http, to be wrapped by http/guard.ts guardRequests (server.ts), which answers only GET
 * and HEAD, checks the Host and turns a rejected promise into a logged 500.
 * @returns a function answering a request
 */
export function createDevHandler(
  context: HandlerContext,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return (req, res) => handle(context, req, res);
}

async function handle(
  { session, hub, idle, onPageServed }: HandlerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const safe = safeRequestPath(req.url ?? '/');
  if (!safe.ok)
    return send(res, safe.status, 'text/plain; charset=utf-8', safe.status === 403 ? 'Forbidden' : 'Bad request');
  const base = session.snapshot.config?.baseUrl ?? '/';
  if (base !== '/' && safe.pathname === '/') {
    // As `docgen serve`: the bare origin leads to the site.
    res.writeHead(302, { Location: base, 'Cache-Control': 'no-cache' });
    res.end();
    return;
  }
  const pathname = stripBase(base, safe.pathname);
  if (pathname === null)
    return send(res, 404, 'text/plain; charset=utf-8', `Not found: this site is served under ${base}`);
  if (pathname === '/__docgen/events') return hub.connect(req, res);
  await idle();
  const since = hub.lastId(); // what the page served below reflects
  const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
  const asset = session.snapshot.client?.files.get(safe.pathname);
  if (asset) return send(res, 200, asset.type, asset.contents);
  if (pathname.startsWith('/__docgen/')) return internal(session, pathname, query, res);
  const searchFile = session.snapshot.current ? await devSearchFile(session, pathname) : null;
  if (searchFile) return send(res, 200, 'application/json; charset=utf-8', searchFile);
  if (!session.snapshot.current || !session.snapshot.config)
    return send(res, 500, 'text/html; charset=utf-8', stampDevClient(fallbackDocument(base, 'docgen dev'), since));
  const rel = pathname.slice(1);
  const source = session.snapshot.current.model.staticSources?.[rel]; // a docs version's file (content/versions.ts)
  if (
    session.snapshot.current.staticFiles.has(rel) &&
    (await (source
      ? sendStaticFile(req, res, path.dirname(source), path.basename(source))
      : sendStaticFile(req, res, session.snapshot.config.contentPath, rel)))
  )
    return;
  const twin = await devTwin(session, req, pathname);
  if (twin)
    return send(
      res,
      200,
      'text/markdown; charset=utf-8',
      req.method === 'HEAD' ? '' : twin.text,
      twin.vary ? { Vary: 'Accept' } : {},
    );
  const feed = await feedResponse(
    session.snapshot.config,
    session.snapshot.current.model,
    pathname,
    async (route) => (await getPage(session, route)).html,
  );
  if (feed) return send(res, 200, feed.type, req.method === 'HEAD' ? '' : feed.text);
  const page = await getPage(session, resolveRequestRoute(session, pathname));
  if (onPageServed) res.once('finish', onPageServed);
  send(res, page.status, 'text/html; charset=utf-8', req.method === 'HEAD' ? '' : stampDevClient(page.html, since));
}

/** Endpoints of the dev client and the theme: site data, route data, API fragments, parts and sources, status. */
async function internal(
  session: DevSession,
  pathname: string,
  query: URLSearchParams,
  res: ServerResponse,
): Promise<void> {
  const json = 'application/json; charset=utf-8';
  if (pathname === '/__docgen/status') {
    const requested = stripBase(session.snapshot.config?.baseUrl ?? '/', query.get('path') ?? '/');
    const route = session.snapshot.current && requested !== null ? resolveRequestRoute(session, requested) : null;
    // Compile and link errors; render errors once the page has been rendered (rendering here would delay the
    // route data the browser is fetching at the same moment).
    const data = session.snapshot.current ? await getPageData(session, route) : null;
    const late = (await data?.checkLater?.()) ?? []; // also appended to data.errors
    session.report(late);
    const rendered = session.cache.renderedPage(route ?? '');
    const page = rendered ? await rendered : null;
    const pageErrors = new Set([...(page?.errors ?? []), ...(data?.errors ?? [])]); // render errors + compile and link errors
    const errors = toBrowser([...globalErrors(session), ...pageErrors], session.root);
    return send(res, 200, json, JSON.stringify({ route, errors }));
  }
  const current = session.snapshot.current;
  if (!current)
    return send(res, 503, 'text/plain; charset=utf-8', 'The site is not loaded: see the error in the terminal.');
  if (pathname === '/__docgen/site.json') return send(res, 200, json, current.shellJson);
  if (pathname === '/__docgen/navigation.json') return send(res, 200, json, current.navigationJson);
  if (pathname === DEV_SEARCH_MANIFEST) return send(res, 200, json, await devSearchManifest(session));
  const routePath = query.get('route') ?? '';
  const route = current.routeByPath.get(routePath);
  if (pathname === '/__docgen/data.json') {
    if (!route && routePath !== '/404') return send(res, 404, json, '{}');
    return send(res, 200, json, (await getPageData(session, route ? route.path : null)).dataJson);
  }
  if (pathname === '/__docgen/api.html' && route?.api)
    return send(res, 200, 'text/html; charset=utf-8', (await getPageData(session, route.path)).fragment ?? '');
  if (pathname === '/__docgen/api-part' && route?.api) {
    const part = (await getPageData(session, route.path)).parts?.get(query.get('part') ?? '');
    return part === undefined
      ? send(res, 404, 'text/plain; charset=utf-8', 'No such part')
      : send(res, 200, 'text/html; charset=utf-8', part);
  }
  if (pathname === '/__docgen/api-image' && route?.api) {
    // Only a file the document's descriptions name (openapi/description-images.ts checked it against the read policy).
    const file = query.get('file') ?? '';
    if (!Object.values(route.api.model.images ?? {}).includes(file))
      return send(res, 404, 'text/plain; charset=utf-8', 'No such image');
    return send(res, 200, contentType(file), await readFile(file));
  }
  if (pathname === '/__docgen/api-source' && route?.api) {
    const text = await readFile(route.api.file, 'utf8');
    if (query.get('format') === 'json')
      return send(res, 200, json, jsonDownload(route.api.file, text, route.api.model.sourceIsJson === true));
    return send(res, 200, 'text/yaml; charset=utf-8', text);
  }
  send(res, 404, 'text/plain; charset=utf-8', 'Not found');
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}
