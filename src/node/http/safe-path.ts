/**
 * Request path safety for `docgen dev` and `docgen serve` (refuse paths outside the site). The path
 * is decoded exactly once; anything that could climb out of a folder after decoding, or after a second decoding,
 * is refused. (Files whose real path leaves the folder are refused where files are opened: serve/static-file.ts,
 * dev/static-files.ts.)
 */

/** A decoded, checked request path, or the status to answer with. */
export type SafePath = { ok: true; pathname: string } | { ok: false; status: 400 | 403 };

/**
 * Decodes and checks the path part of a request URL.
 * @param rawUrl `req.url` as received (path and optional query), e.g. '/docs/a?x=1'
 * @returns the decoded pathname (starting with '/'), or 400 for a malformed escape and 403 for `..` or `.`
 *   segments, backslashes, NUL bytes and encoded `.`, `/`, `\` or `%` left after decoding (double encoding)
 */
export function safeRequestPath(rawUrl: string): SafePath {
  const raw = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!raw.startsWith('/') || raw.includes('\\')) return { ok: false, status: 403 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw);
  } catch {
    return { ok: false, status: 400 };
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return { ok: false, status: 403 };
  if (/%(2e|2f|5c|25|00)/i.test(pathname)) return { ok: false, status: 403 };
  if (pathname.split('/').some((segment) => segment === '..' || segment === '.')) return { ok: false, status: 403 };
  return { ok: true, pathname };
}
