/**
 * The browser's search engine over a built site read from disk: the same code the dialog runs (manifest, term
 * partitions, field lengths, document chunks), with `fetch` replaced by reading files under the output folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSearchEngine, type SearchEngine } from '../../src/client/search/engine.js';

/**
 * @param outDir the built site
 * @param baseUrl the site's base URL ('/' unless built with --base-url)
 * @returns the engine, and every URL it fetched so far (in order)
 */
export function builtSearchEngine(outDir: string, baseUrl = '/'): { engine: SearchEngine; fetched: string[] } {
  const dir = path.join(outDir, 'assets/search');
  const manifest = readdirSync(dir).find((f) => /^manifest\.[0-9a-f]+\.json$/.test(f));
  if (!manifest) throw new Error(`no search manifest in ${dir}`);
  const fetched: string[] = [];
  const fetchText = async (url: string) => {
    fetched.push(url);
    if (!url.startsWith(baseUrl)) throw new Error(`${url} is outside the base URL ${baseUrl}`);
    return readFileSync(path.join(outDir, url.slice(baseUrl.length)), 'utf8');
  };
  return { engine: createSearchEngine(`${baseUrl}assets/search/${manifest}`, { fetchText }), fetched };
}
