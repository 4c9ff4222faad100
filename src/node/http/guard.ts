/**
 * The request entry shared by `docgen dev` and `docgen serve`: GET and HEAD only, the loopback Host check, and no
 * exception ever leaves a request (a bug answers 500 and is logged; the server keeps running).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The methods both servers answer (RFC 9110 §9.3.1, §9.3.2); `Allow` lists them on a 405. */
const ALLOWED_METHODS = 'GET, HEAD';

/** A request handler for node:http; a returned promise is watched for rejection. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** What guardRequests checks and where it reports. */
export interface GuardOptions {
  /** From createHostCheck (host-check.ts): false answers 403. */
  hostAllowed: (hostHeader: string | undefined) => boolean;
  /** Receives one line per request that failed with an exception (default: console.error). */
  log?: (line: string) => void;
}

/**
 * Wraps a request handler.
 * @returns a node:http request listener that answers
 *   - 405 with `Allow: GET, HEAD` to any other method (RFC 9110 §15.5.6: a 405 MUST carry Allow);
 *   - 403 when the Host header names a host the server does not accept (DNS rebinding);
 *   - 500 when the handler throws or its promise rejects, after logging `<method> <url>: <stack>`; when the
 *     response had already started, the connection is ended instead.
 *   A failure of the response stream itself (client gone) is ignored.
 */
export function guardRequests(
  handler: Handler,
  options: GuardOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const log = options.log ?? ((line: string) => console.error(line));
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    log(`${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    plain(res, 500, 'Internal server error: see the terminal');
  };
  return (req, res) => {
    res.on('error', () => {}); // a reset connection is not the server's failure
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', ALLOWED_METHODS);
      plain(res, 405, 'Method not allowed');
      return;
    }
    if (!options.hostAllowed(req.headers.host)) {
      plain(res, 403, 'Forbidden: this server answers only requests for localhost (see --allowed-hosts)');
      return;
    }
    try {
      const result = handler(req, res);
      if (result) result.catch((error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(text + '\n');
}
