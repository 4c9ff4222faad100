/**
 * `docgen serve`: previews the output folder the way a static host serves it (issue #2): clean URLs
 * (`/a/b` -> a/b.html, `/a/` -> a/index.html), 404.html with status 404, nothing outside the folder, no directory
 * listings, 127.0.0.1 by default. Files are served by sirv (Vite's preview server uses it too).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { DocgenError } from '../diagnostics/error.js';
import { listen } from '../http/listen.js';
import { safeRequestPath, staysInside } from '../http/safe-path.js';

export interface ServeOptions {
  /** Absolute or cwd-relative folder to serve (default 'dist'). */
  dir?: string;
  port?: number;
  host?: string;
  silent?: boolean;
}

/**
 * Starts the preview server.
 * @returns the server and its URL, once listening
 * @throws DocgenError NoBuiltSite when the folder holds no index.html nor 404.html; ServerListenFailed when the
 *   port is taken or the host cannot be bound (the CLI prints it)
 */
export async function serve(options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  const dir = path.resolve(options.dir ?? 'dist');
  if (!existsSync(path.join(dir, 'index.html')) && !existsSync(path.join(dir, '404.html'))) {
    throw new DocgenError({ code: 'NoBuiltSite', message: `${dir} holds no built site (no index.html): run \`docgen build\` first, or name the output folder: docgen serve <dir>.` });
  }
  const notFoundPage = path.join(dir, '404.html');
  const notFound = existsSync(notFoundPage) ? readFileSync(notFoundPage) : Buffer.from('Not found');
  const files = sirv(dir, {
    // Files are looked up per request (no start-up walk, which would follow symlinks out of the folder and
    // take long on large sites); the checks below keep every lookup inside the folder.
    dev: true,
    extensions: ['html'],
    dotfiles: false,
    etag: true,
    gzip: false,
    brotli: false,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  const sendNotFound = (req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : notFound);
  };
  // gzip / brotli as every static host and CDN applies them: a preview without them would misreport page weight.
  const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const server = createServer((req, res) => compress(req, res, () => handle(req, res)));
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const safe = safeRequestPath(req.url ?? '/');
    if (!safe.ok) {
      res.statusCode = safe.status;
      res.end();
      return;
    }
    if (!staysInside(dir, safe.pathname) || safe.pathname.split('/').some((segment) => segment.startsWith('.') && segment !== '')) {
      sendNotFound(req, res);
      return;
    }
    files(req, res, () => sendNotFound(req, res));
  };
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 4173, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  if (!options.silent) console.log(`serving ${path.relative(process.cwd(), dir) || '.'} at ${url}`);
  return { server, url };
}
