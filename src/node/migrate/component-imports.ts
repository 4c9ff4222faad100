/**
 * The files a carried component imports, carried with it: a page's component (`./getting-started/Installation`)
 * imports `./shared`, `./Playground.module.css`, `../../package.json`, `@site/data/users.js`, and those import
 * further files. Each file reached is copied to the place its importer's copy names, so every import of the copies
 * resolves as it did in the Docusaurus site (webpack resolves a relative request against the importing file's folder,
 * `@site/` against the site folder: Docusaurus' webpack `resolve.alias`). Imports are what esbuild finds in the file
 * (moduleRequests): `import`, `export … from`, `import()` and `require()` in scripts, `@import` and `url()` in
 * stylesheets. Nothing outside the site folder (symbolic links resolved) or in
 * `node_modules` is read, and nothing is written outside the new site or over a file the migration already wrote.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { buildSync, type Metafile } from 'esbuild';
import fg from 'fast-glob';
import { checkRead } from '../read-policy.js';
import type { MigrationReport } from './report.js';

/**
 * The extensions an extensionless request may leave out, in esbuild's order (the bundler that loads the copies at
 * build time), with the module formats Node adds; then `index.*` in a folder (Node's LOAD_AS_DIRECTORY).
 */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.json', '.css'];
const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const STYLESHEET = /\.css$/;
/** Requests of the site's code: relative, or `@site/` (Docusaurus' alias of the site folder). */
const SITE_REQUEST = /^(?:\.\.?(?:\/|$)|@site\/)/;

/** One file to carry: where it is in the Docusaurus site, and where its copy goes in the new site. */
export interface CarriedFile {
  source: string;
  target: string;
}

/**
 * Copies files and, transitively, the site's files they import (see the module's comment).
 * @param files absolute paths; a target that exists is not overwritten, but what its source imports is still carried
 * @param options.site the Docusaurus site folder; options.out the new site's folder
 * @param options.report when given, each import naming no file, or a file outside the site, is reported at the
 *   importing file's line (the site's path of it); without it they are skipped silently
 * @param options.seen `source\0target` pairs already carried, shared between calls so each is walked once
 */
export function carryWithImports(
  files: readonly CarriedFile[],
  options: { site: string; out: string; report?: MigrationReport; seen: Set<string> },
): void {
  const site = path.resolve(options.site);
  const out = path.resolve(options.out);
  const policy = { roots: [site] };
  const stack = [...files].reverse();
  while (stack.length > 0) {
    const { source, target } = stack.pop()!;
    const key = `${source}\0${target}`;
    if (options.seen.has(key)) continue;
    options.seen.add(key);
    if (!existsSync(target)) {
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(source, target);
    }
    if (checkRead(source, policy).outside) continue; // a page's own component outside the site: copied alone
    for (const { request, line } of moduleRequests(source)) {
      const matches = globRequest(request, { source, target });
      if (matches) {
        stack.push(
          ...matches.filter(
            (file) => !checkRead(file.source, policy).outside && !path.relative(out, file.target).startsWith('..'),
          ),
        );
        if (matches.length > 0) continue;
      }
      const found = resolveRequest(request, { source, target, site, out });
      if ('file' in found && !checkRead(found.file, policy).outside) {
        stack.push({ source: found.file, target: found.target });
        continue;
      }
      const why = 'file' in found ? 'outside' : found.why; // a symbolic link out of the site is outside it
      if (options.report && why !== 'skip') options.report.add(source, NOT_CARRIED[why](request), line);
    }
  }
}

/** What the report says of an import that is not carried. */
const NOT_CARRIED = {
  missing: (request: string) =>
    `import '${request}' names no file of the site (one a build step writes?): not carried over, and the component fails to load until the file exists`,
  outside: (request: string) =>
    `import '${request}' names a file outside the site folder: not carried over; copy it into the new site and change the import`,
  misplaced: (request: string) =>
    `import '${request}': its copy would be outside the new site, so it is not carried over; copy it into the new site and change the import`,
};

/**
 * The file a request names (exactly, then with each of EXTENSIONS added, then `index` with each in the folder it
 * names, as Node's require.resolve and webpack's `resolve.extensions` try them), or null.
 * @param base absolute path the request names
 */
export function moduleFile(base: string): string | null {
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * The files a computed request names (``require(`./${n}.webp`)``, ``import(`./locale/${lang}.json`)``, which esbuild
 * lists as the glob `./**\/*.webp`, and webpack answers with a context module of every matching file), with their
 * copies' places; null for a request that is no relative glob. Matches in `node_modules` are left out.
 */
function globRequest(request: string, context: { source: string; target: string }): CarriedFile[] | null {
  const plain = request.replace(/^.*!/, '').replace(/[?#].*$/, '');
  if (!plain.includes('*') || !/^\.\.?\//.test(plain)) return null;
  const from = path.dirname(context.source);
  return fg
    .sync(plain.replace(/^\.\//, ''), { cwd: from, onlyFiles: true, ignore: ['**/node_modules/**'], dot: false })
    .sort()
    .map((match) => ({
      source: path.resolve(from, match),
      target: path.resolve(path.dirname(context.target), match),
    }));
}

/** Where a request of a carried file leads: the file and its copy's place, or why it is not carried. */
function resolveRequest(
  request: string,
  context: { source: string; target: string; site: string; out: string },
): { file: string; target: string } | { why: 'missing' | 'outside' | 'misplaced' | 'skip' } {
  // A loader prefix (`!!raw-loader!`) or a query (`?raw`) does not change the file.
  const plain = request.replace(/^.*!/, '').replace(/[?#].*$/, '');
  // A script's `/static/img/x.svg` names a file of the site folder: webpack's resolve.roots defaults to the context,
  // the site folder in Docusaurus (the build resolves it so too: bundle/site-module-loaders.ts). In a stylesheet it
  // is a URL path, served from a static folder.
  const fromRoot = /^\/[^/]/.test(plain) && SCRIPT.test(context.source);
  if ((!SITE_REQUEST.test(plain) && !fromRoot) || /\.mdx?$/.test(plain)) return { why: 'skip' }; // a package; a partial
  const inRoot = plain.startsWith('@site/') ? plain.slice('@site/'.length) : fromRoot ? plain.slice(1) : null;
  const base = inRoot !== null ? path.join(context.site, inRoot) : path.resolve(path.dirname(context.source), plain);
  const targetBase =
    inRoot !== null ? path.join(context.out, inRoot) : path.resolve(path.dirname(context.target), plain);
  const inSite = path.relative(context.site, base);
  if (inSite.startsWith('..') || path.isAbsolute(inSite)) return { why: 'outside' };
  if (inSite.split(path.sep).includes('node_modules')) return { why: 'skip' };
  const file = moduleFile(base);
  if (!file) return { why: fromRoot ? 'skip' : 'missing' }; // a root request naming no site file: webpack's own error
  const target = targetBase + file.slice(base.length);
  const inOut = path.relative(context.out, target);
  if (inOut.startsWith('..') || path.isAbsolute(inOut)) return { why: 'misplaced' };
  return { file, target };
}

/**
 * The requests a script or stylesheet makes, as written, with their 1-based lines (the first line naming the request;
 * undefined when none does); none for other files (JSON, images, `.d.ts`) and for a file esbuild cannot parse (the
 * build could not load it either). esbuild parses the file (`.js` as JSX, as Docusaurus' Babel reads it) with every
 * import external, and its metafile lists the imports: TypeScript's type-only imports and import-like text in strings
 * and comments are left out, as the build leaves them out.
 * @param file absolute path
 */
export function moduleRequests(file: string): { request: string; line?: number }[] {
  if (!(SCRIPT.test(file) && !file.endsWith('.d.ts')) && !STYLESHEET.test(file)) return [];
  let inputs: Metafile['inputs'];
  try {
    inputs = buildSync({
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      external: ['*'],
      format: 'esm',
      platform: 'neutral',
      loader: { '.js': 'jsx' },
      tsconfigRaw: '{}',
      outdir: path.join(path.dirname(file), '.docgen-imports'), // nothing is written
      logLevel: 'silent',
    }).metafile.inputs;
  } catch {
    return [];
  }
  const text = readFileSync(file, 'utf8');
  return Object.values(inputs).flatMap((input) =>
    input.imports.map(({ original, path: request }) => {
      const written = original ?? request;
      const at = text.indexOf(written);
      return { request: written, ...(at >= 0 ? { line: text.slice(0, at).split('\n').length } : {}) };
    }),
  );
}

/**
 * Packages docgen provides to a site's components itself (React from its own copy, Docusaurus' modules as shims:
 * bundle/docusaurus-shims.ts), never added to the new site's package.json.
 */
const PROVIDED = /^(?:react|react-dom|@docusaurus\/[^/]+|@theme|@theme-original|@site|@generated|@mdx-js\/react)$/;

/**
 * The npm package a bare request names (`@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`), or null for a
 * relative or absolute request, a Node built-in (`fs`, `node:path`) and what docgen provides itself (PROVIDED).
 */
export function packageOf(request: string): string | null {
  const plain = request.replace(/^.*!/, '').replace(/[?#].*$/, '');
  if (plain === '' || /^[./]/.test(plain) || plain.startsWith('node:')) return null;
  const name = plain.startsWith('@') ? plain.split('/').slice(0, 2).join('/') : plain.split('/')[0]!;
  if (PROVIDED.test(name) || PROVIDED.test(plain.split('/')[0]!) || isBuiltin(name)) return null;
  return name;
}
