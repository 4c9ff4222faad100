/**
 * The base URL `docgen serve` serves a built site under (as `vitepress preview` does): the one the site was built
 * for, read from its `site.json`, unless `--base` says otherwise.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Normalises a base path given on the command line.
 * @param value e.g. 'handbook', '/handbook', '/handbook/', '/'
 * @returns the same with one leading and one trailing slash: '/handbook/'
 * @throws Error when it is a URL with a scheme or host, or holds `.`/`..` segments, `?`, `#`, `\` or spaces
 *   (the CLI reports it as a usage error)
 */
export function normalizeBase(value: string): string {
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|[?#\\\s]/i.test(trimmed))
    throw new Error(`a path such as /docs/, not ${JSON.stringify(value)}`);
  const segments = trimmed.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw new Error(`a path without . or .. segments, not ${JSON.stringify(value)}`);
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/**
 * The base URL a built folder was built for.
 * @param dir absolute output folder
 * @returns `baseUrl` of `<dir>/site.json` (written by every docgen build: titles, navbar and the base URL) when
 *   it is a string starting and ending with '/'; '/' when the file is missing, unreadable or holds no such value
 *   (a folder not built by docgen, served as a plain static folder)
 */
export async function detectBase(dir: string): Promise<string> {
  try {
    const site = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8')) as { baseUrl?: unknown };
    const base = site?.baseUrl;
    if (typeof base === 'string' && base.startsWith('/') && base.endsWith('/')) return normalizeBase(base);
  } catch {
    // no site.json: not a docgen build, or an older one
  }
  return '/';
}
