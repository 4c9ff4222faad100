/**
 * Where the try-it console may send a request, and with it the reader's token. Shared by the
 * build, which lists these origins in the CSP's `connect-src`, and the browser, which refuses any other.
 * A server URL's variables take the values the OpenAPI document enumerates (`enum`), else their default only: a
 * host the document does not name is never a destination. A request URL is built with the URL API from the server
 * and the operation's path, so a path such as `//evil.example/x` or `/\evil.example/x` stays a path of the server.
 */

/** An OpenAPI server as the console sees it (OpenAPI 3.1 §4.8.5, Server Object). */
export interface TryItServer {
  url: string;
  variables: { name: string; default: string; enum: string[] }[];
}

/** Most server URLs one server expands to (enumerated values multiply): beyond it, defaults only. */
const MAX_EXPANSIONS = 64;

/**
 * Every URL a server denotes: each variable over its enumerated values (or its default), at most MAX_EXPANSIONS.
 * @returns server URLs, variables substituted
 */
export function expandServerUrls(server: TryItServer): string[] {
  let urls = [server.url];
  for (const variable of server.variables) {
    const values = variable.enum.length > 0 ? variable.enum : [variable.default];
    const next = urls.flatMap((url) => values.map((value) => url.split(`{${variable.name}}`).join(value)));
    urls =
      next.length <= MAX_EXPANSIONS ? next : urls.map((url) => url.split(`{${variable.name}}`).join(variable.default));
  }
  return urls;
}

/**
 * The origins (`https://api.example.com:8080`) the console may call for these servers.
 * @param base the URL relative server URLs resolve against (the page's URL in the browser); without it, relative
 *   servers give no origin (at build time they are the site's own, `'self'` in the CSP)
 * @returns exact origins, sorted, without duplicates; never a wildcard
 */
export function allowedOrigins(servers: TryItServer[], base?: string): string[] {
  const origins = new Set<string>();
  for (const server of servers) {
    for (const url of expandServerUrls(server)) {
      const origin = originOf(url, base);
      if (origin) origins.add(origin);
    }
  }
  return [...origins].sort();
}

/**
 * The request URL of an operation on a server, when it stays on an allowed origin.
 * @param options.server the server URL the reader chose (variables substituted)
 * @param options.path the operation's path with its parameters substituted (and encoded)
 * @param options.query the query string, without '?'
 * @param options.allowed allowedOrigins of the document's servers
 * @param options.base the page's URL (relative server URLs resolve against it)
 * @returns the URL, or why it cannot be sent: 'invalid' (not a URL) or 'foreign' (an origin the document does not
 *   declare: the token would leave for another site)
 */
export function tryItRequestUrl(options: {
  server: string;
  path: string;
  query: string;
  allowed: string[];
  base: string;
}): { url: string } | { refused: 'invalid' | 'foreign'; origin?: string } {
  let url: URL;
  try {
    url = new URL(options.server || '/', options.base);
  } catch {
    return { refused: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'invalid' };
  // Setting the path never changes the origin, whatever the operation's path holds (`//host`, `/\host`, `..`).
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${options.path.replace(/^[/\\]+/, '')}`;
  url.search = options.query;
  url.hash = '';
  const self = new URL(options.base).origin;
  if (url.origin !== self && !options.allowed.includes(url.origin)) return { refused: 'foreign', origin: url.origin };
  return { url: url.href };
}

/** An http(s) URL's origin, or null; a host that is no host name or IP address (`*`, `{host}`) gives none. */
function originOf(url: string, base?: string): string | null {
  try {
    const parsed = base === undefined ? new URL(url) : new URL(url, base);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    return web && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(parsed.hostname) ? parsed.origin : null;
  } catch {
    return null;
  }
}
