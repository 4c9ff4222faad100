/**
 * What a bundled import's resolution depends on, as files whose content hashes a warm build compares: installing,
 * upgrading or removing a package changes the result of `import x from 'pkg'` without changing the page. The files
 * are few per import, so a site with many pages stays cheap to check:
 * - an import that resolved: the `package.json` of each package its bundle took files from (npm, pnpm and yarn
 *   rewrite it on every install or upgrade, and removing the package removes it);
 * - an import that did not: the places Node's resolution (and esbuild's, which follows it) would have found it,
 *   `node_modules/<name>/package.json` in the importing folder and each folder above it for a package, the file
 *   with each extension esbuild tries for a relative path. Any of them appearing changes its hash from 'missing'.
 */
import path from 'node:path';

/** The extensions esbuild tries for an import without one (its default `resolveExtensions`), and folder indexes. */
const TRIED = ['', '.tsx', '.ts', '.jsx', '.js', '.css', '.json'];
const TRIED_INDEX = ['/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * The `package.json` of every package a bundle took files from.
 * @param inputs absolute paths of the bundle's input files (esbuild metafile inputs)
 * @returns absolute paths, sorted, each once: the nearest `node_modules/<name>` or `node_modules/@scope/name` folder
 *   of each input under `node_modules`
 */
export function packageFilesOf(inputs: readonly string[]): string[] {
  const files = new Set<string>();
  for (const input of inputs) {
    const parts = input.split(path.sep);
    const at = parts.lastIndexOf('node_modules');
    if (at < 0 || at + 1 >= parts.length - 1) continue;
    const length = parts[at + 1]!.startsWith('@') ? 3 : 2;
    if (at + length >= parts.length) continue;
    files.add([...parts.slice(0, at + length), 'package.json'].join(path.sep));
  }
  return [...files].sort();
}

/**
 * Where a failed import would have been found: for a package name (`pkg`, `pkg/sub`, `@scope/pkg/sub`),
 * `<folder>/node_modules/<package>/package.json` for the importing folder and every folder above it; for a relative
 * or absolute path, that path with each extension esbuild tries and as a folder's index.
 * @param spec the import's specifier as written
 * @param importerDir absolute folder of the importing file
 * @returns absolute paths; none for a specifier naming a URL or a Node built-in (`node:fs`)
 */
export function lookupFilesOf(spec: string, importerDir: string): string[] {
  if (/^[a-z][a-z\d+.-]*:/i.test(spec)) return [];
  if (spec.startsWith('.') || path.isAbsolute(spec)) {
    const target = path.resolve(importerDir, spec);
    return [...TRIED.map((ext) => target + ext), ...TRIED_INDEX.map((index) => target + index.replace('/', path.sep))];
  }
  const parts = spec.split('/');
  const name = (spec.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join(path.sep);
  const files: string[] = [];
  for (let dir = path.resolve(importerDir); ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') files.push(path.join(dir, 'node_modules', name, 'package.json'));
    if (path.dirname(dir) === dir) break;
  }
  return files;
}

/**
 * The lookups an esbuild build failed on, from its error: each `Could not resolve "spec"` message at its importer.
 * @param error what esbuild's `build` threw (a BuildFailure, with `errors`); anything else gives none
 * @param workingDir the build's `absWorkingDir`: message locations are relative to it, and `<stdin>` imports from it
 * @returns absolute paths (lookupFilesOf of each), each once
 */
export function failedLookupFiles(error: unknown, workingDir: string): string[] {
  const messages = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(messages)) return [];
  const files = new Set<string>();
  for (const message of messages as { text?: unknown; location?: { file?: unknown } | null }[]) {
    const spec = /^Could not resolve "((?:[^"\\]|\\.)*)"/.exec(String(message?.text ?? ''))?.[1];
    if (spec === undefined) continue;
    const importer = typeof message.location?.file === 'string' ? message.location.file : '<stdin>';
    const named = importer === '<stdin>' || (!path.isAbsolute(importer) && importer.includes(':')); // a plugin's namespace
    const dir = named ? workingDir : path.dirname(path.resolve(workingDir, importer));
    for (const file of lookupFilesOf(spec, dir)) files.add(file);
  }
  return [...files];
}
