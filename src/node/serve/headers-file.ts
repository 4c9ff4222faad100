/**
 * The `_headers` file of a built site (Netlify format, https://docs.netlify.com/manage/routing/headers/; written
 * by src/node/output/headers.ts), applied by `docgen serve` so the Content-Security-Policy and cache rules are
 * exercised locally as on the host.
 */

/** One block of the file: a path pattern and the headers it sets. */
export interface HeaderRule {
  /** As written, e.g. '/handbook/*'. */
  pattern: string;
  /** Header name as written -> value; a name given twice in one block is joined with ', ' (Netlify). */
  headers: Map<string, string>;
  test: (pathname: string) => boolean;
}

/**
 * Parses a `_headers` file.
 * @param text the file's contents
 * @returns the rules in file order. A line starting with '/' opens a rule; an indented `Name: value` line adds
 *   to the open rule; `#` comments and blank lines are skipped; anything else (absolute URLs, a header line
 *   before any path, a line without ':') is ignored rather than failing the server
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = line.startsWith('/') ? { pattern: line, headers: new Map(), test: patternMatcher(line) } : null;
      if (current) rules.push(current);
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) continue; // RFC 9110 §5.1 token
    const before = current.headers.get(name);
    current.headers.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  return rules;
}

/**
 * The headers for one request path: every rule whose pattern matches, in file order, a later rule's header
 * replacing an earlier one's of the same name (case-insensitively), as `netlify dev` does
 * (netlify/cli src/utils/headers.ts, headersForPath). So docgen's `/assets/*` Cache-Control wins over `/*`'s.
 * @param pathname the decoded request path, with the base URL, e.g. '/handbook/assets/main.js'
 * @returns header name -> value
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, string> {
  const byLowerName = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.test(pathname)) continue;
    for (const [name, value] of rule.headers) byLowerName.set(name.toLowerCase(), [name, value]);
  }
  return new Map(byLowerName.values());
}

/**
 * A path pattern as Netlify reads it: literal segments; `:name`, one segment; `*` as a whole segment, the rest of
 * the path (including nothing: `/a/*` matches `/a`, `/a/` and `/a/b/c`); `*` inside a segment, any characters.
 * Matching ignores case and a trailing slash.
 */
function patternMatcher(pattern: string): (pathname: string) => boolean {
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  for (const [index, segment] of segments.entries()) {
    if (segment === '*' && index === segments.length - 1) {
      source += '(?:/.*)?';
      break;
    }
    if (segment.startsWith(':')) source += '/[^/]+';
    else source += '/' + segment.split('*').map(escapeRegExp).join('.*');
  }
  const regexp = new RegExp(`^${source}/?$`, 'i');
  return (pathname) => regexp.test(pathname);
}

/** `text` as a regular expression matching it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
