/**
 * elkjs, the layout engine beautiful-mermaid draws flowchart, state, class and ER diagrams with, loaded through a
 * V8 code cache (a cold build at most 10 % slower with diagrams than without). ELK is 1.6 MB of
 * GWT-compiled JavaScript: V8 compiles each of its functions the first time a layout calls it, about 0.15 s of a
 * cold build's CPU for this site's diagrams. `npm install` (scripts/build-cli.mjs, after compiling lib/) lays out a
 * few diagrams and stores the bytecode V8 then holds for the script (`vm.Script#createCachedData`); a build starts
 * from that bytecode instead. V8 refuses a cache of another V8 version, other V8 flags or another source
 * (`cachedDataRejected`), and then compiles as before; a cache of another elkjs is not even offered (its SHA-256 of
 * the source is checked first). Without a cache file everything works as without this module.
 *
 * build-cli.mjs points beautiful-mermaid's `import ELK from "elkjs/lib/elk.bundled.js"` at this module's default
 * export, which also defers loading ELK to the first diagram: a thread that draws none never loads it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { docgenRoot } from '../paths.js';

type ElkConstructor = new (options?: unknown) => object;

/** Where `npm install` leaves the code cache: beside the compiled CLI, outside the engine fingerprint's files. */
function elkCacheFile(): string {
  return path.join(docgenRoot(), 'lib', 'node', 'elk.code-cache');
}

let loaded: { ELK: ElkConstructor; script: vm.Script; source: string; cacheUsed: boolean } | undefined;

/**
 * Loads elkjs's bundled build once per thread, as `require` would, through the code cache when one fits.
 * @param cacheFile the code cache to use (default elkCacheFile()); a missing, foreign or refused one is ignored
 * @returns the ELK class, and whether V8 took the cache
 */
export function loadElk(cacheFile = elkCacheFile()): { ELK: ElkConstructor; cacheUsed: boolean } {
  if (loaded) return loaded;
  // Resolved from beautiful-mermaid's folder: the elkjs it depends on, wherever npm put it
  const file = createRequire(fileURLToPath(import.meta.resolve('beautiful-mermaid'))).resolve(
    'elkjs/lib/elk.bundled.js',
  );
  const source = readFileSync(file, 'utf8');
  const cachedData = readCache(cacheFile, sourceKey(source));
  // The CommonJS module wrapper, so that the script sees `module`, `exports` and `require` as under require()
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(file),
    module,
    file,
    path.dirname(file),
  );
  loaded = {
    ELK: module.exports as ElkConstructor,
    script,
    source,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
  };
  return loaded;
}

/**
 * Writes the code cache of the ELK this thread loaded, with what it has compiled so far: call it after laying
 * out a few diagrams (scripts/build-cli.mjs does, through lib/node/elk-code-cache.js).
 * @param cacheFile where to write it (default elkCacheFile())
 * @returns its size in bytes
 * @throws Error when ELK was not loaded on this thread
 */
export function writeElkCodeCache(cacheFile = elkCacheFile()): number {
  if (!loaded)
    throw new Error('Internal error (this is a docgen bug): ELK was not loaded before writing its code cache');
  const data = Buffer.concat([Buffer.from(`${sourceKey(loaded.source)}\n`), loaded.script.createCachedData()]);
  writeFileSync(cacheFile, data);
  return data.length;
}

/** The first line of a cache file: the V8 version and the SHA-256 of the source it was made from. */
function sourceKey(source: string): string {
  return `elk ${process.versions.v8} ${createHash('sha256').update(source).digest('hex')}`;
}

/** The cache bytes when the file exists and was made from this source by this V8. */
function readCache(cacheFile: string, key: string): Buffer | undefined {
  if (!existsSync(cacheFile)) return undefined;
  const data = readFileSync(cacheFile);
  const end = data.indexOf(10);
  return end > 0 && data.subarray(0, end).toString() === key ? data.subarray(end + 1) : undefined;
}

/**
 * What beautiful-mermaid gets as elkjs's default export: a constructor that loads ELK on first use and returns
 * ELK's own instance (`new` returns the object a constructor returns). Without options (beautiful-mermaid 1.1 passes
 * none) ELK registers only `layered`, the one algorithm beautiful-mermaid's graphs name (`elk.algorithm`), instead
 * of all nine (elkjs's elk-api.js default): less to set up before the first layout.
 */
export default function LazyElk(options?: unknown): object {
  return new (loadElk().ELK)(options ?? { algorithms: ['layered'] });
}
