/**
 * Redirect pages for a site that Docusaurus published with `trailingSlash: true` (config `trailingSlash`): its pages'
 * URLs were `/a/b/`, docgen's are `/a/b` (`a/b.html`), and a static host serves `/a/b/` only from `a/b/index.html`.
 * Each such route gets that file: a page that sends the reader to the route (an HTML `refresh`, no script, so the
 * site's Content-Security-Policy allows it) and tells search engines where the page lives (`canonical`, `noindex`).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RouteRecord } from '../../shared/types.js';
import { withBase } from '../../shared/urls.js';
import { escapeAttr, escapeHtml } from '../render/html.js';

/**
 * Writes `<route>/index.html` redirecting to `<route>` for every route without a trailing slash, where no file is
 * there already (a folder index route keeps its own page).
 * @param staging the output folder being written; `baseUrl` the site's base URL
 * @returns the number of redirect pages written
 */
export async function writeTrailingSlashRedirects(
  staging: string,
  records: readonly RouteRecord[],
  baseUrl: string,
): Promise<number> {
  let written = 0;
  for (const record of records) {
    if (record.path.endsWith('/')) continue;
    const target = path.join(staging, record.path, 'index.html');
    if (existsSync(target)) continue;
    const url = escapeAttr(withBase(baseUrl, encodeURI(record.path)));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(record.title)}</title><link rel="canonical" href="${url}"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${url}"></head><body><a href="${url}">${escapeHtml(record.title)}</a></body></html>\n`,
    );
    written += 1;
  }
  return written;
}
