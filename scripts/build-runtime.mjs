// Compiles what `docgen build` and `docgen dev` bundle at a site's build time (the React theme in templates/, the
// browser runtime in src/client/, the shared code in src/shared/ and the server entry's modules of src/node/) into
// lib/, one module per source module, so that the package ships no TypeScript sources:
//
//   templates/** -> lib/theme/**   src/client/** -> lib/client/**   src/shared/** -> lib/shared/**
//   src/node/**  -> lib/server/**  (only the modules the server entry imports)
//
// Types are stripped and JSX is kept (TypeScript's transpileModule, `jsx: preserve`, comments kept): a `.tsx`
// becomes a readable `.jsx` that esbuild bundles as it bundled the source, that a reader can open as the original of
// a theme component, and whose module structure the theme overrides (src/node/bundle/theme-plugin.ts) still match
// file by file. Relative imports that cross the renamed folders are rewritten to the new file names.
// lib/runtime-files.json maps each source path to its compiled one (src/node/bundle/runtime-files.ts reads it).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Source folder -> compiled folder (relative to the package root, '/'-separated). */
const FOLDERS = [
  ['templates/', 'lib/theme/'],
  ['src/client/', 'lib/client/'],
  ['src/shared/', 'lib/shared/'],
  ['src/node/', 'lib/server/'],
];

/**
 * The modules bundled at a site's build time; every file they import is compiled. src/client/react.ts is imported
 * through a plugin (src/node/bundle/client.ts esmReact), not by a specifier; src/client/island-start.ts by the
 * generated module of a site's content components (src/node/bundle/theme-plugin.ts).
 */
const ENTRIES = [
  'src/client/entry.tsx',
  'src/client/dev/index.ts',
  'src/client/react.ts',
  'src/client/island-start.ts',
  'src/node/render/server-entry.tsx',
];

/** A source path's compiled path, or undefined for a file outside FOLDERS (a package). */
function compiledPath(source) {
  const folder = FOLDERS.find(([from]) => source.startsWith(from));
  if (!folder) return undefined;
  return (
    folder[1] +
    source
      .slice(folder[0].length)
      .replace(/\.tsx$/, '.jsx')
      .replace(/\.ts$/, '.js')
  );
}

/** Every local file the entries and the theme import: esbuild's metafile of a bundle that writes nothing. */
async function runtimeInputs() {
  const themeFiles = listFiles('templates').filter((file) => /\.(tsx?|css)$/.test(file) && !file.endsWith('.d.ts'));
  const result = await build({
    absWorkingDir: root,
    entryPoints: [...ENTRIES, ...themeFiles],
    outdir: path.join(root, 'lib', '.runtime-walk'), // nothing is written
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    packages: 'external',
    logLevel: 'warning',
  });
  return result.metafile.inputs;
}

function listFiles(dir) {
  const out = [];
  for (const entry of ts.sys.readDirectory(path.join(root, dir)))
    out.push(path.relative(root, entry).split(path.sep).join('/'));
  return out;
}

/** Strips a module's types, keeping its JSX, comments and import specifiers. */
function transpile(source, file) {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    fileName: file,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      jsx: ts.JsxEmit.Preserve,
      isolatedModules: true,
      verbatimModuleSyntax: false,
      useDefineForClassFields: true,
      removeComments: false,
      newLine: ts.NewLineKind.LineFeed,
    },
  });
  if (diagnostics?.length)
    throw new Error(`build-runtime: ${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
  return outputText;
}

/** Rewrites the import specifiers of `code` (compiled from `source`) to the compiled files they name. */
function rewriteImports(code, source, imports) {
  const target = compiledPath(source);
  let out = code;
  const done = new Set();
  for (const imp of imports) {
    if (imp.external || !imp.original?.startsWith('.') || done.has(imp.original)) continue;
    done.add(imp.original);
    const resolved = compiledPath(imp.path);
    if (!resolved) throw new Error(`build-runtime: ${source} imports ${imp.path}, outside the compiled folders`);
    let spec = path.posix.relative(path.posix.dirname(target), resolved);
    if (!spec.startsWith('.')) spec = `./${spec}`;
    if (spec === imp.original) continue;
    const quoted = new RegExp(`((?:from|import)\\s*\\(?\\s*)(['"])${escape(imp.original)}\\2`, 'g');
    const replaced = out.replace(quoted, `$1$2${spec}$2`);
    if (replaced === out)
      throw new Error(`build-runtime: the import '${imp.original}' of ${source} not found in its compiled code`);
    out = replaced;
  }
  return out;
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Compiles the runtime into lib/ (removing the previous one).
 * @returns the number of files written
 */
export async function buildRuntime() {
  for (const [, to] of FOLDERS) rmSync(path.join(root, to), { recursive: true, force: true });
  const inputs = await runtimeInputs();
  const files = {};
  for (const [source, input] of Object.entries(inputs)) {
    const target = compiledPath(source);
    if (!target) continue;
    files[source] = target;
    mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
    if (/\.tsx?$/.test(source)) {
      const code = transpile(readFileSync(path.join(root, source), 'utf8'), source);
      writeFileSync(path.join(root, target), rewriteImports(code, source, input.imports));
    } else {
      // Stylesheets import only their neighbours in templates/styles/, which keep their names.
      copyFileSync(path.join(root, source), path.join(root, target));
    }
  }
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(root, 'lib', 'runtime-files.json'), `${JSON.stringify(sorted, null, 2)}\n`);
  return Object.keys(sorted).length;
}
