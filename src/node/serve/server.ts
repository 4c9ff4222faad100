/**
 * `docgen serve`: previews the output folder the way a static host serves it: under the base
 * URL the site was built for, clean URLs (`/a/b` -> a/b.html, `/a/` -> a/index.html), 404.html with status 404,
 * the `_headers` rules, gzip/brotli, single byte ranges; nothing outside the folder, no directory listings, GET
 * and HEAD only, loopback Host check, 127.0.0.1 by default. It is a faithful preview that never crashes on a
 * request, not a hardened production server (SECURITY.md).
 */
import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import { stripBase } from '../../shared/urls.js';
import { DocgenError } from '../diagnostics/error.js';
import { recoverOutput } from '../output/atomic.js';
import { guardRequests } from '../http/guard.js';
import { prefersMarkdown } from '../http/markdown-negotiation.js';
import { createHostCheck } from '../http/host-check.js';
import { listen } from '../http/listen.js';
import { safeRequestPath } from '../http/safe-path.js';
import { detectBase, normalizeBase } from './base.js';
import { headersFor, parseHeadersFile } from './headers-file.js';
import { findFile, sendFile } from './static-file.js';

export interface ServeOptions {
  /** Absolute or cwd-relative folder to serve (default 'dist'). */
  dir?: string;
  /** Port (default 4173; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Base URL to serve under (default: the `baseUrl` in the folder's site.json, else '/'). */
  base?: string;
  /** Host names accepted besides localhost, 127.0.0.1, [::1] and the bound host (host-check.ts). */
  allowedHosts?: string[];
  /** Print nothing (no start line). */
  silent?: boolean;
}

/**
 * Starts the preview server.
 * @returns the server, its URL with the base (e.g. 'http://127.0.0.1:4173/handbook/') and the base, once
 *   listening; prints `serving <dir> at <url>` unless silent
 * @throws DocgenError NoBuiltSite when the folder holds no index.html nor 404.html; ServerListenFailed when the
 *   port is taken or the host cannot be bound (the CLI prints it); Error when `base` is not a path
 */
export async function serve(options: ServeOptions = {}): Promise<{ server: Server; url: string; base: string }> {
  const dir = path.resolve(options.dir ?? 'dist');
  await recoverOutput(dir); // a build killed mid-swap left the site beside it: put it back first
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    throw new DocgenError({
      code: 'NoBuiltSite',
      message: `${dir} holds no built site (no index.html): run \`docgen build\` first, or name the output folder: docgen serve <dir>.`,
    });
  }
  const base = options.base !== undefined ? normalizeBase(options.base) : await detectBase(dir);
  const host = options.host ?? '127.0.0.1';
  // gzip / brotli as every static host and CDN applies them: a preview without them would misreport page weight.
  // A 206 stays as it is: its Content-Range counts bytes of the file, not of a compressed stream.
  const compress = compression({
    filter: (req, res) => res.statusCode !== 206 && compression.filter(req, res),
  }) as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const handle = createStaticHandler(dir, base);
  const listener = guardRequests(
    (req, res) =>
      new Promise<void>((resolve, reject) => {
        compress(req, res, () => handle(req, res).then(resolve, reject));
      }),
    { hostAllowed: createHostCheck({ host, allowedHosts: options.allowedHosts }) },
  );
  const server = createServer(listener);
  const port = await listen(server, options.port ?? 4173, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${base}`;
  if (!options.silent) console.log(`serving ${path.relative(process.cwd(), dir) || '.'} at ${url}`);
  return { server, url, base };
}

/** The handler behind the guard: base URL, path checks, file lookup, headers, 404 page. */
function createStaticHandler(dir: string, base: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const safe = safeRequestPath(req.url ?? '/');
    if (!safe.ok) {
      res.statusCode = safe.status;
      res.end();
      return;
    }
    // As `vitepress preview`: the bare origin leads to the site; any other path outside the base is missing.
    if (base !== '/' && safe.pathname === '/') {
      res.writeHead(302, { Location: base, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    const pathname = stripBase(base, safe.pathname);
    const hidden = pathname?.split('/').some((segment) => segment.startsWith('.'));
    const found = pathname === null || hidden ? null : await findFile(dir, pathname);
    const rules = parseHeadersFile(await readFile(path.join(dir, '_headers'), 'utf8').catch(() => ''));
    const headers = new Map([
      ['Cache-Control', pathname?.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'],
      ['X-Content-Type-Options', 'nosniff'],
    ]);
    for (const [name, value] of headersFor(rules, safe.pathname)) headers.set(name, value);
    if (found?.file.endsWith('.html')) {
      // A page with a Markdown twin beside it varies by Accept (http/markdown-negotiation.ts).
      const twin = await findFile(
        dir,
        '/' +
          path
            .relative(await realpath(dir), found.file)
            .split(path.sep)
            .join('/')
            .replace(/\.html$/, '.md'),
      );
      if (twin) {
        headers.set('Vary', 'Accept');
        if (prefersMarkdown(req.headers.accept)) return sendFile(req, res, twin, headers);
      }
    }
    if (found) return sendFile(req, res, found, headers);
    const notFound = await nearestNotFound(dir, hidden ? null : pathname);
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.statusCode = 404;
    res.end(req.method === 'HEAD' ? undefined : notFound ? await readFile(notFound.file) : 'Not found');
  };
}

/**
 * The not-found page for a missing path: the nearest `404.html` in the path's folders, as Cloudflare Pages serves
 * it, so a locale's own (`/en/404.html`) answers below `/en/`; else the site's. Only folders that exist
 * are looked in, from the top: a path thousands of segments deep costs one look-up, not thousands.
 * @param pathname the request's path below the base URL, or null when it is outside the base
 */
async function nearestNotFound(dir: string, pathname: string | null): Promise<Awaited<ReturnType<typeof findFile>>> {
  const folders: string[] = [];
  for (const segment of (pathname ?? '/').split('/').filter(Boolean).slice(0, -1)) {
    const isFolder = await stat(path.join(dir, ...folders, segment)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isFolder) break;
    folders.push(segment);
  }
  for (let depth = folders.length; depth > 0; depth--) {
    const found = await findFile(dir, `/${folders.slice(0, depth).join('/')}/404.html`);
    if (found) return found;
  }
  return findFile(dir, '/404.html');
}
