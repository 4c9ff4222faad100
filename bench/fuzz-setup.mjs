/**
 * What the fuzz benches share (bench/fuzz.mjs, bench/dev-fuzz.mjs): their flags, and a fuzz core of tests/fuzz
 * bundled from the TypeScript sources with esbuild, so that a bench measures the current src/, not lib/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The repository's root folder (absolute, with a trailing separator). */
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * A flag of this process's command line, written `--name=value` or `--name value`.
 * @returns its value, or `fallback` when it is not given
 */
export function flag(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i === -1) return fallback;
  return args[i] === `--${name}` ? (args[i + 1] ?? fallback) : args[i].slice(name.length + 3);
}

/**
 * Bundles a module of tests/fuzz into docgen's cache folder: inside docgen's node_modules, so that its bare
 * imports (external) resolve to docgen's packages; `import.meta.url` is the source's, so it finds the repository.
 * @param entry repository-relative path of the module, e.g. 'tests/fuzz/fuzz-core.ts'
 * @param name the bundle's file name, e.g. 'core.mjs'
 * @returns the bundle's absolute path
 */
export async function bundleFuzzModule(entry, name) {
  const outDir = path.join(root, 'node_modules/.cache/docgen-fuzz');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, name);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'error',
    define: { 'import.meta.url': JSON.stringify(new URL(entry, `file://${root}`).href) },
  });
  return outfile;
}
