/**
 * Finding and sending one file of the served folder for `docgen serve`: clean URLs as static hosts resolve them,
 * never a file whose real path (after symlinks) leaves the folder, conditional GET (ETag) and single byte ranges.
 */
import { createReadStream, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { lookup } from 'mrmime';
import { decideRange, ifRangeAllows } from '../http/range.js';

/** A regular file inside the served folder, by its real path. */
export interface FoundFile {
  /** Absolute real path (symlinks resolved), inside the folder's real path. */
  file: string;
  stats: Stats;
}

/**
 * Finds the file a request path names, as nginx `try_files $uri $uri.html $uri/index.html` does (README, Output
 * layout): `/a/` -> a/index.html; `/a/b` -> a/b, then a/b.html, then a/b/index.html.
 * @param root absolute served folder
 * @param pathname decoded, checked request path relative to the base URL (safeRequestPath, stripBase)
 * @returns the first candidate that is a regular file whose real path stays inside the real path of `root`;
 *   null when there is none (a candidate leading outside through a symlink counts as missing)
 * @throws nothing: file system errors count as missing
 */
export async function findFile(root: string, pathname: string): Promise<FoundFile | null> {
  const realRoot = await realpath(root).catch(() => null);
  if (!realRoot) return null;
  const base = path.join(root, pathname);
  const candidates = pathname.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, `${base}.html`, path.join(base, 'index.html')];
  for (const candidate of candidates) {
    const real = await realpath(candidate).catch(() => null);
    if (!real?.startsWith(realRoot + path.sep)) continue;
    const stats = await stat(real).catch(() => null);
    if (stats?.isFile()) return { file: real, stats };
  }
  return null;
}

/** Content-Type for a file name (sirv's table, mrmime); text is UTF-8, as every file docgen writes. */
export function contentType(file: string): string {
  const type = lookup(path.extname(file)) ?? 'application/octet-stream';
  return /^text\/|^application\/(json|javascript|xml)|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * Sends a found file.
 * @param headers headers to send with it (Cache-Control, the `_headers` rules), set before the validators
 * @returns once the response is finished or failed. Answers 304 when `If-None-Match` matches the ETag (weak
 *   comparison, RFC 9110 §13.1.2), 206 / 416 / 200 for a Range header (range.ts; GET only, RFC 9110 §14.2), 200
 *   otherwise; HEAD gets the headers without a body. A read error (file removed meanwhile) ends the connection.
 */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  found: FoundFile,
  headers: Map<string, string>,
): Promise<void> {
  const { stats } = found;
  const etag = `W/"${stats.size}-${Math.floor(stats.mtimeMs)}"`;
  const lastModified = stats.mtime.toUTCString();
  res.setHeader('Content-Type', contentType(found.file));
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModified);
  res.setHeader('Accept-Ranges', 'bytes');
  if (etagMatches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return Promise.resolve();
  }
  const range =
    req.method === 'GET' && ifRangeAllows(header(req, 'if-range'), lastModified)
      ? decideRange(header(req, 'range'), stats.size)
      : { kind: 'full' as const };
  if (range.kind === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${stats.size}`);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end();
    return Promise.resolve();
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stats.size - 1];
  res.statusCode = range.kind === 'partial' ? 206 : 200;
  if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  res.setHeader('Content-Length', String(end - start + 1));
  if (req.method === 'HEAD' || stats.size === 0) {
    res.end();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    pipeline(createReadStream(found.file, { start, end }), res, () => resolve());
  });
}

function header(req: IncomingMessage, name: 'range' | 'if-range'): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** RFC 9110 §13.1.2: `*`, or any listed entity tag equal to ours ignoring the weak prefix. */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
