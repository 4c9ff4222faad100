/**
 * URL helpers used by the build and the browser. Pure string functions: no DOM, no Node.
 */

/**
 * Prefixes a site-absolute path with the base URL.
 * @param base base URL, starting and ending with '/', e.g. '/' or '/docs-site/'
 * @param path path starting with '/', e.g. '/docs/a'
 * @returns '/docs-site/docs/a'; external URLs and fragments are returned unchanged
 */
export function withBase(base: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  return base === '/' ? path : base.slice(0, -1) + path;
}

/**
 * `decodeURIComponent`, or the text as written when it is not valid percent-encoding (`%zz`, a lone `%`): a path an
 * author wrote is read as they meant it, never thrown on.
 */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Removes the base URL from a pathname.
 * @returns the path starting with '/', or null when the pathname is outside the base (spec §8: wrong base URL)
 */
export function stripBase(base: string, pathname: string): string | null {
  if (base === '/') return pathname;
  if (pathname === base.slice(0, -1)) return '/';
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : null;
}

/**
 * Maps a pathname to the route it names, stripping `.html` and `/index.html` suffixes (spec §2).
 * `/a/b.html` -> `/a/b`; `/a/index.html` -> `/a/index` when that is a route, else `/a/`;
 * a missing or extra trailing slash is tolerated when the other form is a route.
 * @param isRoute predicate over route paths
 * @returns the route path, or null when no route matches
 */
export function resolveRoutePath(pathname: string, isRoute: (path: string) => boolean): string | null {
  const candidates: string[] = [pathname];
  if (pathname.endsWith('.html')) {
    candidates.push(pathname.slice(0, -'.html'.length));
    if (pathname.endsWith('/index.html')) candidates.push(pathname.slice(0, -'index.html'.length));
  }
  for (const candidate of [...candidates]) {
    candidates.push(candidate.endsWith('/') && candidate !== '/' ? candidate.slice(0, -1) : candidate + '/');
  }
  return candidates.find(isRoute) ?? null;
}

/**
 * The file a route is written to inside the output folder (documented in README, "Output layout"):
 * '/' -> 'index.html', '/a/' -> 'a/index.html', '/a/b' -> 'a/b.html'.
 * Any static host with clean URLs (nginx `try_files $uri $uri.html $uri/`, Netlify, Cloudflare Pages,
 * GitHub Pages, `docgen serve`) then serves the route at its exact URL without a redirect.
 */
export function routeToFile(path: string): string {
  if (path.endsWith('/')) return path.slice(1) + 'index.html';
  return path.slice(1) + '.html';
}

/**
 * True when an href is safe to print in a link: a path (relative or absolute), a fragment, a protocol-relative URL,
 * or an http, https, mailto or tel URL. Never `javascript:`, `data:`, `vbscript:` or any other scheme, however
 * spelt (Markdown links and config links follow one rule). Leading and trailing white space and
 * control characters are ignored, as browsers ignore them.
 */
export function isSafeHref(href: string): boolean {
  const trimmed = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^(https?|mailto|tel):/i.test(trimmed);
}

/** True when an href points outside this site (has a scheme or is protocol-relative). */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/**
 * The element id a URL fragment names: `#%E6%A6%82%E8%A6%81` -> `概要`; '' for none. A malformed escape is taken
 * as written rather than thrown.
 * @param hash `location.hash` or URL.hash, with its '#'
 */
export function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
