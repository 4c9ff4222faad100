/**
 * Where the modules bundled at a site's build time are: the theme (templates/), the browser runtime (src/client/),
 * the shared code (src/shared/) and the server entry (src/node/render/server-entry.tsx).
 *
 * In this repository they are the sources, so that `docgen dev` reloads an edit of the theme. The installed package
 * ships no sources: scripts/build-runtime.mjs compiles them, one module per source module, into lib/theme,
 * lib/client, lib/shared and lib/server, and lib/runtime-files.json maps each source path to its compiled one.
 * Callers name a module by its source path (`templates/pages/DocPage.tsx`) and get the file to bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { docgenRoot } from '../paths.js';

/** The source path of the browser runtime's entry, the one module every installation has in one form or the other. */
const CLIENT_ENTRY = 'src/client/entry.tsx';

let compiled: Record<string, string> | null | undefined;

/** The compiled modules by source path, or null when docgen runs from its sources (this repository). */
function compiledFiles(): Record<string, string> | null {
  if (compiled !== undefined) return compiled;
  const root = docgenRoot();
  if (existsSync(path.join(root, CLIENT_ENTRY))) return (compiled = null);
  return (compiled = JSON.parse(readFileSync(path.join(root, 'lib', 'runtime-files.json'), 'utf8')) as Record<
    string,
    string
  >);
}

/**
 * The file to bundle for a module of the theme or the runtime.
 * @param source its path in this repository, relative to docgen's root, '/'-separated (`templates/App.tsx`)
 * @returns a path relative to docgen's root: `source` itself, or its compiled module (`lib/theme/App.jsx`)
 * @throws Error (a docgen bug) when the installed package has no compiled module for `source`
 */
export function runtimeFile(source: string): string {
  const files = compiledFiles();
  if (!files) return source;
  const file = files[source];
  if (!file) throw new Error(`Internal error (this is a docgen bug): ${source} is not in lib/runtime-files.json`);
  return file;
}

/**
 * True for a module of docgen's theme or runtime (what the site's theme overrides and the React shim apply to).
 * @param file absolute path
 */
export function isRuntimeModule(file: string): boolean {
  const root = docgenRoot();
  const dirs = compiledFiles() ? ['lib'] : ['templates', 'src'];
  return dirs.some((dir) => !path.relative(path.join(root, dir), file).startsWith('..'));
}

/** The folders that hold the theme and runtime modules, relative to docgen's root (watched by `docgen dev`). */
export function runtimeFolders(): string[] {
  return compiledFiles()
    ? ['lib/theme', 'lib/client', 'lib/shared', 'lib/server']
    : ['templates', 'src/client', 'src/shared', 'src/node/render/server-entry.tsx'];
}

/** docgen's own code never counts as the site's: the engine fingerprint covers it. */
const DOCGEN_DIRS = ['src', 'templates', 'lib', 'node_modules'];

/** True for a file that is neither docgen's own code nor a package. */
export function isSiteFile(file: string): boolean {
  const root = docgenRoot();
  if (file.split(path.sep).includes('node_modules')) return false;
  return !DOCGEN_DIRS.some((dir) => !path.relative(path.join(root, dir), file).startsWith('..'));
}
