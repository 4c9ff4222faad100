/**
 * First-load weight of a built page, from its HTML: the HTML itself, its stylesheets, its module scripts and
 * modulepreloads, and its `<link rel="preload" as="fetch">` JSON files, each compressed with gzip -9 (what a static
 * host serves with precompression). Images and the favicon are not counted (the goal is about HTML, CSS and JS).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip -9 size of a buffer, in bytes. */
function gzipBytes(buf) {
  return gzipSync(buf, { level: 9 }).length;
}

/** Attributes of one start tag as a map (names lower-cased; boolean attributes map to ''). */
function attributes(tag) {
  const attrs = new Map();
  for (const m of tag.matchAll(/([^\s=<>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/**
 * Measures a page's first load.
 * @param {{ distDir: string, page: string, baseUrl?: string }} options built site; the page's HTML file relative to
 *   distDir (e.g. `docs/a/b.html`); the site's baseUrl (default `/`)
 * @returns {{ page: string, html: number, css: number, js: number, json: number, total: number,
 *   files: { url: string, kind: 'html'|'css'|'js'|'json', raw: number, gzip: number }[], missing: string[],
 *   blockingScripts: string[] }} gzip bytes per kind and in total; the files counted; referenced files not found in
 *   distDir; external classic scripts in `<head>` without async/defer (render-blocking)
 * @throws Error when the HTML file does not exist
 */
export function measureFirstLoad({ distDir, page, baseUrl = '/' }) {
  const htmlBuf = readFileSync(path.join(distDir, page));
  const html = htmlBuf.toString('utf8');
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')) || html.length);
  const files = [{ url: '/' + page, kind: 'html', raw: htmlBuf.length, gzip: gzipBytes(htmlBuf) }];
  const seen = new Set();
  const missing = [];
  const blockingScripts = [];
  const add = (url, kind) => {
    if (!url || seen.has(url) || /^[a-z]+:\/\//i.test(url)) return;
    seen.add(url);
    const rel = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url.replace(/^\//, '');
    const file = path.join(distDir, rel.split(/[?#]/)[0]);
    if (!existsSync(file)) return void missing.push(url);
    const buf = readFileSync(file);
    files.push({ url, kind, raw: buf.length, gzip: gzipBytes(buf) });
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(tag.slice(5));
    const rel = (a.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet')) add(a.get('href'), 'css');
    else if (rel.includes('modulepreload')) add(a.get('href'), 'js');
    else if (rel.includes('preload') && a.get('as') === 'fetch') add(a.get('href'), 'json');
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const a = attributes(tag.slice(7));
    if (!a.has('src')) continue;
    add(a.get('src'), 'js');
    const deferred = a.get('type') === 'module' || a.has('async') || a.has('defer');
    if (!deferred && head.includes(tag)) blockingScripts.push(a.get('src'));
  }
  const sum = (kind) => files.filter((f) => !kind || f.kind === kind).reduce((s, f) => s + f.gzip, 0);
  return {
    page,
    html: sum('html'),
    css: sum('css'),
    js: sum('js'),
    json: sum('json'),
    total: sum(),
    files,
    missing,
    blockingScripts,
  };
}
