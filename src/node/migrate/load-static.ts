/**
 * Reads another tool's configuration file (docusaurus.config.js, sidebars.ts, .vitepress/config.mts) without
 * installing or importing that tool: the file and the site's own local modules are bundled with esbuild, and every
 * package it imports (Docusaurus, Prism themes, remark plugins, the theme of a VitePress site) is replaced by a
 * stub. The config's own code runs (it is the site author's code, like site.config.ts for docgen), so computed
 * values (`new Date().getFullYear()`, spread arrays, helper functions) come out right; what a stub returns is
 * meaningless and the migration reports the plugins and presets it names instead of using them.
 *
 * Why not a static object-literal reader: real configs build their values with code (functions that return the
 * sidebar, `module.exports = config` after edits, `defineConfig(...)` wrappers), which only running it resolves.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import * as childProcess from 'node:child_process';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, transformSync, type Message, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import * as jsYaml from 'js-yaml';
import * as yaml from 'yaml';
import { DocgenError } from '../diagnostics/error.js';
import type { MigrationReport } from './report.js';

const STUB_NAMESPACE = 'docgen-migrate-stub';
const NODE_MODULE_NAMESPACE = 'docgen-migrate-node-module';
/** The global through which the bundled config reaches `requireLike` (set only while the config runs). */
const REQUIRE_GLOBAL = '__docgenMigrateRequire';
const RESOLVE_GLOBAL = '__docgenMigrateRequireResolve';
const PACKAGES_GLOBAL = '__docgenMigratePackages';
const REAL_NAMESPACE = 'docgen-migrate-real-package';

/**
 * Packages a config imports that docgen carries itself (bundled into its CLI), given to the config as they are
 * instead of a stub: file listing and YAML reading, with which configs compute their sidebars from the pages
 * (`glob.sync('reference/array/*')` then one item per file), so the sidebar comes out as the site's.
 */
const REAL_PACKAGES: Record<string, object> = {
  'fast-glob': fg,
  yaml,
  'js-yaml': jsYaml,
  child_process: quietChildProcess(),
};

/**
 * Node's child_process with `execSync` and `execFileSync` capturing the child's stderr when the config does not
 * say where it goes (Node's default inherits it, so `execSync('git rev-parse HEAD')` outside a checkout would print
 * "fatal: not a git repository" into migrate's output). On failure Node puts that stderr in the error's message
 * ("Command failed: …"), which the report line then shows; on success it is dropped, as `npm run build` output
 * would scroll it by.
 */
function quietChildProcess(): object {
  type Options = childProcess.ExecSyncOptions | undefined;
  const quiet = (options: Options): childProcess.ExecSyncOptions =>
    options?.stdio !== undefined ? options : { ...options, stdio: 'pipe' };
  const execSync = (command: string, options?: Options) => childProcess.execSync(command, quiet(options));
  const execFileSync = (file: string, args?: unknown, options?: Options) =>
    Array.isArray(args)
      ? childProcess.execFileSync(file, args as string[], quiet(options))
      : childProcess.execFileSync(file, quiet((args as Options) ?? options));
  const module = { ...childProcess, execSync, execFileSync };
  return { ...module, default: module };
}

/** An ES module re-exporting a real package (REAL_PACKAGES, LoadOptions.packages): its default export and each named one. */
function realPackageSource(name: string, packages: Record<string, object>): string {
  const value = packages[name]! as Record<string, unknown>;
  const names = Object.keys(value).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
  const m = `globalThis.${PACKAGES_GLOBAL}[${JSON.stringify(name)}]`;
  return [
    `const m = ${m};`,
    'export default m.default ?? m;',
    ...names.map((key) => `export const ${key} = m[${JSON.stringify(key)}];`),
  ].join('\n');
}

/** The key under which a stub tells the package it stands for (stubbedPackageOf). */
const PACKAGE_KEY = 'docgen.stubbedPackage';
/** The key under which a stub tells the properties read from the package to reach it (stubbedPathOf). */
const PATH_KEY = 'docgen.stubbedPath';
/** The key under which a function exported by one of the site's own modules tells which (moduleExportOf). */
const EXPORT_KEY = Symbol.for('docgen.moduleExport');
const TAG_GLOBAL = '__docgenMigrateTag';

/**
 * A CommonJS module exporting a stub: any property is another stub, calling one returns its first argument when
 * that is an object (so `defineConfig({...})`, `extendConfig(config)` and `withMermaid(config)` keep the config),
 * made iterable as empty when it is not (so `plugins: [...llmstxt(options)]` spreads nothing), and a stub
 * otherwise; it converts to '' in template strings and is never a thenable. Its prototype is a stub too, so that
 * esbuild's ESM interop (`__toESM`) finds any named import through the prototype chain. Every stub of a package,
 * its properties included, tells that package's name (stubbedPackageOf).
 * @param id the import it stands for (`remark-math`, `./missing.js`)
 */
function stubSource(id: string): string {
  return `
const name = ${JSON.stringify(id)};
function make(at = []) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (key === Symbol.for(${JSON.stringify(PACKAGE_KEY)})) return name;
      if (key === Symbol.for(${JSON.stringify(PATH_KEY)})) return at;
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'toString' || key === 'valueOf' || key === 'toJSON') return () => '';
      if (key === 'then' || key === '__esModule') return undefined;
      if (key === Symbol.iterator) return function* () {};
      if (typeof key === 'symbol') return undefined;
      return make([...at, key]);
    },
    getPrototypeOf() { return make(); },
    apply(_, __, args) {
      const first = args[0];
      if (first === null || typeof first !== 'object') return make();
      // A plugin factory's result is often spread into an array (\`plugins: [...llms(options)]\`): the object
      // given back then spreads as nothing (non-enumerable, so the config's keys stay what they were).
      if (!(Symbol.iterator in first) && Object.isExtensible(first))
        Object.defineProperty(first, Symbol.iterator, { value: function* () {}, configurable: true });
      return first;
    },
    construct() { return make(); },
  });
}
module.exports = make();
`;
}

/**
 * The import a value of a migrated config stands for when it is a stub of one (`remark-math` for the `math` of
 * `const math = require('remark-math')`, or of `import math from 'remark-math'`), else undefined.
 */
export function stubbedPackageOf(value: unknown): string | undefined {
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) return undefined;
  const name = (value as Record<symbol, unknown>)[Symbol.for(PACKAGE_KEY)];
  return typeof name === 'string' ? name : undefined;
}

/**
 * The properties read from a stubbed package to reach `value`: `[]` for the package itself (`import x from 'p'`,
 * `require('p')`), `['remarkFoo']` for `import { remarkFoo } from 'p'`; undefined when it is not a stub.
 */
export function stubbedPathOf(value: unknown): string[] | undefined {
  if (stubbedPackageOf(value) === undefined) return undefined;
  const at = (value as Record<symbol, unknown>)[Symbol.for(PATH_KEY)];
  return Array.isArray(at) ? (at as string[]) : [];
}

/** Where a function of a loaded config comes from when one of the site's own modules exports it. */
export interface ModuleExport {
  /** The module's absolute path. */
  file: string;
  /** The export's name: 'default' for `export default` and for `module.exports = fn`. */
  name: string;
}

/** The site module and export a function of a loaded config comes from (loadStaticModule marks them), else undefined. */
export function moduleExportOf(value: unknown): ModuleExport | undefined {
  if (typeof value !== 'function') return undefined;
  return Object.hasOwn(value, EXPORT_KEY) ? (value as unknown as Record<symbol, ModuleExport>)[EXPORT_KEY] : undefined;
}

/** Marks each function `exports` (a module namespace, or a CommonJS `module.exports`) gives with moduleExportOf's answer; the first mark stays. */
function markExports(exports: unknown, file: string): void {
  const mark = (value: unknown, name: string) => {
    if (typeof value !== 'function' || Object.hasOwn(value, EXPORT_KEY) || stubbedPackageOf(value) !== undefined)
      return;
    try {
      Object.defineProperty(value, EXPORT_KEY, { value: { file, name } satisfies ModuleExport });
    } catch {
      // A frozen function: it is reported as a function the config defines.
    }
  };
  if (typeof exports === 'function') mark(exports, 'default');
  if (exports === null || (typeof exports !== 'object' && typeof exports !== 'function')) return;
  const record = exports as Record<string, unknown>;
  if ('default' in record) mark(record.default, 'default');
  for (const key of Object.keys(record)) if (/^[A-Za-z_$][\w$]*$/.test(key)) mark(record[key], key);
}

/** The imports esbuild sees as packages (not relative, not absolute, not Node built-ins). */
function isPackage(specifier: string): boolean {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return false;
  const name = specifier.replace(/^node:/, '').split('/')[0]!;
  return !(specifier.startsWith('node:') || builtinModules.includes(name));
}

/** esbuild plugin: packages, missing local files and non-JS assets (css, vue, images) become stubs. */
function stubPlugin(file: string, stubbed: Set<string>, packages: Record<string, object>): Plugin {
  return {
    name: 'docgen-migrate-stubs',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'inner' || args.path === file) return undefined;
        // `createRequire(import.meta.url)` then `require()` of plugins and local files, as Node runs it: the
        // require it makes comes back to requireLike below, which stubs packages and compiles local files.
        if (/^(node:)?module$/.test(args.path)) {
          return args.namespace === NODE_MODULE_NAMESPACE
            ? { path: 'node:module', external: true }
            : { path: 'module', namespace: NODE_MODULE_NAMESPACE };
        }
        const real = args.path.replace(/^node:(?=child_process$)/, '');
        if (Object.hasOwn(packages, real)) return { path: real, namespace: REAL_NAMESPACE };
        const stub = { path: args.path, namespace: STUB_NAMESPACE };
        if (isPackage(args.path)) return (stubbed.add(args.path), stub);
        if (!/^\./.test(args.path) && !path.isAbsolute(args.path)) return { path: args.path, external: true }; // node built-ins
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'inner',
        });
        // A local file that is missing, or not code (CSS, .vue, images), is stubbed like a package.
        if (resolved.errors.length > 0 || !/\.(c|m)?(j|t)sx?$|\.json$/.test(resolved.path))
          return (stubbed.add(args.path), stub);
        return resolved;
      });
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/, namespace: 'file' }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return {
          contents: moduleLocation(args.path) + (await readFile(args.path, 'utf8')),
          loader: loaderOf(args.path),
        };
      });
      b.onLoad({ filter: /.*/, namespace: STUB_NAMESPACE }, (args) => ({
        contents: stubSource(args.path),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: REAL_NAMESPACE }, (args) => ({
        contents: realPackageSource(args.path, packages),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: NODE_MODULE_NAMESPACE }, () => ({
        contents: `import * as real from 'node:module';
export * from 'node:module';
export const createRequire = (from) => { const require = (id) => globalThis.${REQUIRE_GLOBAL}(id, String(from)); require.resolve = (id, options) => globalThis.${RESOLVE_GLOBAL}(id, String(from), options); return require; };
export default { ...real.default, createRequire };`,
        loader: 'js',
        resolveDir: path.dirname(file),
      }));
    },
  };
}

const CODE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.jsx', '.tsx'];

/** `__dirname`, `__filename` and `import.meta.{url,dirname,filename}` of a bundled module: its own (moduleLocation). */
const MODULE_LOCATION_DEFINES = {
  __dirname: '__docgen_dirname',
  __filename: '__docgen_filename',
  'import.meta.url': '__docgen_import_meta_url',
  'import.meta.dirname': '__docgen_dirname',
  'import.meta.filename': '__docgen_filename',
};

/** The constants MODULE_LOCATION_DEFINES names, for the module at `file`, put before its code. */
function moduleLocation(file: string): string {
  return [
    `const __docgen_dirname = ${JSON.stringify(path.dirname(file))};`,
    `const __docgen_filename = ${JSON.stringify(file)};`,
    `const __docgen_import_meta_url = ${JSON.stringify(pathToFileURL(file).href)};`,
    '',
  ].join(' ');
}

/** esbuild's loader for a code file by its extension. */
function loaderOf(file: string): 'ts' | 'tsx' | 'js' | 'jsx' {
  const ext = path.extname(file);
  return ext.includes('ts') ? (ext.endsWith('x') ? 'tsx' : 'ts') : ext.endsWith('x') ? 'jsx' : 'js';
}

/**
 * `require.resolve(id, options)` of the config's `createRequire(from)`: Node's answer where it has one, else (a
 * package that is not installed here, as a migrated site's are not: `require.resolve('vitepress')` to alias `vue`
 * in a Vite option) the path the package would have in `node_modules` beside the config, so the config's path
 * arithmetic on it runs instead of throwing.
 * @param from the module's file URL or path (what `createRequire` was given)
 * @returns an absolute path
 */
export function resolveLike(id: string, from: string, options?: { paths?: string[] }): string {
  try {
    return createRequire(from).resolve(id, options);
  } catch {
    const fromFile = from.startsWith('file:') ? fileURLToPath(from) : from;
    const dir = path.dirname(fromFile);
    return isPackage(id) ? path.join(dir, 'node_modules', id) : path.resolve(dir, id);
  }
}

/**
 * `require(id)` as the config's `createRequire(from)` would do it, for a site whose packages are not installed:
 * a Node built-in is Node's, a package is a stub (recorded in `stubbed`), a local JSON file is parsed, a local code
 * file (CommonJS or ESM, JavaScript or TypeScript) is compiled to CommonJS with esbuild and run with this same
 * require, and a missing local file is a stub.
 * @param from the module's file URL or path (what `createRequire` was given)
 */
function requireLike(
  id: string,
  from: string,
  stubbed: Set<string>,
  cache: Map<string, unknown>,
  packages: Record<string, object>,
): unknown {
  const name = id.replace(/^node:/, '').split('/')[0]!;
  if (name === 'child_process') return REAL_PACKAGES.child_process;
  if (id.startsWith('node:') || builtinModules.includes(name)) return createRequire(import.meta.url)(id);
  const stub = () => {
    stubbed.add(id);
    return new Function('module', `${stubSource(id)}; return module.exports;`)({}) as unknown;
  };
  if (Object.hasOwn(packages, id)) return packages[id];
  if (isPackage(id)) return stub();
  const fromFile = from.startsWith('file:') ? fileURLToPath(from) : from;
  const base = path.resolve(path.dirname(fromFile), id);
  const file = [
    base,
    ...CODE_EXTENSIONS.map((ext) => base + ext),
    base + '.json',
    ...CODE_EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!file) return stub();
  if (cache.has(file)) return cache.get(file);
  if (file.endsWith('.json')) {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    cache.set(file, value);
    return value;
  }
  if (!CODE_EXTENSIONS.includes(path.extname(file))) return stub();
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    loader: loaderOf(file),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(file).href),
      'import.meta.dirname': JSON.stringify(path.dirname(file)),
    },
  });
  const module = { exports: {} as unknown };
  cache.set(file, module.exports);
  const localRequire = Object.assign((inner: string) => requireLike(inner, file, stubbed, cache, packages), {
    resolve: (inner: string, options?: { paths?: string[] }) => resolveLike(inner, file, options),
  });
  new Function('module', 'exports', 'require', '__filename', '__dirname', code)(
    module,
    module.exports,
    localRequire,
    file,
    path.dirname(file),
  );
  cache.set(file, module.exports);
  markExports(module.exports, file);
  return module.exports;
}

/** What loading a configuration module gave. */
export interface StaticModule {
  /** Its default export (`module.exports` of a CommonJS file), awaited, called first when it is a function. */
  value: unknown;
  /** The package and file imports replaced by stubs, as written. */
  stubbed: string[];
}

/** The end of the last config run that changed the working directory: runs wait for it (the cwd is process-wide). */
let cwdQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` with `cwd` as the process's working directory, restoring the previous one afterwards, also when it
 * throws. Runs queue behind each other, so that two configs read at once cannot see each other's folder.
 * Without `cwd` (or in a worker thread, where Node refuses `process.chdir`), `task` runs where the process is.
 */
async function inDirectory<T>(cwd: string | undefined, task: () => Promise<T>): Promise<T> {
  if (cwd === undefined) return task();
  const run = cwdQueue.then(async () => {
    const before = process.cwd();
    let moved = false;
    try {
      process.chdir(cwd);
      moved = true;
    } catch {
      // A worker thread, or a folder that is gone: the config runs where the process is.
    }
    try {
      return await task();
    } finally {
      if (moved) process.chdir(before);
    }
  });
  cwdQueue = run.catch(() => undefined);
  return run;
}

/** How loadStaticModule runs a module. */
export interface LoadOptions {
  /** What a default export that is a function is called with (VitePress: `{ mode, command }`, Vite's config env; Docusaurus calls it with nothing). */
  env?: object;
  /**
   * The working directory the module runs in: the site's folder, where `npm run build` runs Docusaurus and
   * VitePress, so that `readFileSync('title.txt')` and `execSync('git rev-parse HEAD')` read what they read there.
   * Unset: migrate's own.
   */
  cwd?: string;
  /**
   * Packages given to the module as they are, besides REAL_PACKAGES (a VitePress data loader's `vitepress`, whose
   * createContentLoader migrate implements: vitepress-content-loader.ts).
   */
  packages?: Record<string, object>;
}

/**
 * Loads a JavaScript or TypeScript configuration module with its packages stubbed (see the file comment).
 * @param file absolute path of the module (.js, .cjs, .mjs, .ts, .mts)
 * @returns its default export and the imports that were stubbed
 * @throws DocgenError MigrateConfigUnreadable when it does not compile or throws while running (its message on one
 *   line, a failed child process's stderr included)
 */
export async function loadStaticModule(file: string, options: LoadOptions = {}): Promise<StaticModule> {
  const { env, cwd } = options;
  const packages = { ...REAL_PACKAGES, ...options.packages };
  const stubbed = new Set<string>();
  const dir = path.dirname(file);
  let code: string;
  try {
    const bundleWith = (marked: string[]) =>
      build({
        // A wrapper entry, so that a CommonJS file (`module.exports = config`) goes through esbuild's interop too.
        // It then marks what the site's own modules export (`marked`), so that a plugin function the config lists
        // can be traced to its module (moduleExportOf).
        stdin: {
          contents: [
            `import * as m from ${JSON.stringify(file)};`,
            ...marked.map((module, i) => `import * as m${i} from ${JSON.stringify(module)};`),
            ...marked.map((module, i) => `globalThis.${TAG_GLOBAL}(m${i}, ${JSON.stringify(module)});`),
            "export default 'default' in m ? m.default : m;",
          ].join('\n'),
          resolveDir: dir,
          loader: 'js',
        },
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'silent',
        plugins: [stubPlugin(file, stubbed, packages)],
        // Each module's own location, as Vite's config loader injects it (vite/src/node/config.ts bundleConfigFile):
        // a config's local module that reads files beside itself (`new URL('.', import.meta.url)`) finds them.
        define: { ...MODULE_LOCATION_DEFINES, 'require.resolve': '__docgenMigrateResolve' },
        banner: {
          // esbuild's ESM output turns a CommonJS `require('path')` of a Node built-in, or a require it cannot follow
          // (`require(__dirname + '/tsconfig.json')`), into a call that throws ("Dynamic require of \"path\" is not
          // supported") unless a `require` is in scope: requireLike's, which gives Node's built-ins, local files and
          // stubs for packages and missing files.
          js: [
            `import { resolve as __docgenPathResolve } from 'node:path';`,
            `const require = (id) => globalThis.${REQUIRE_GLOBAL}(id, ${JSON.stringify(pathToFileURL(file).href)});`,
            `const __docgenMigrateResolve = (id) => __docgenPathResolve(${JSON.stringify(dir)}, id);`,
          ].join('\n'),
        },
        metafile: true,
      });
    const first = await bundleWith([]);
    // The site's own code modules the config imports (not the config, not packages, not stubs or JSON).
    const own = Object.keys(first.metafile.inputs)
      .filter((input) => !/^[\w-]+:/.test(input))
      .map((input) => path.resolve(input))
      .filter(
        (module) =>
          module !== path.resolve(file) &&
          !module.includes(`${path.sep}node_modules${path.sep}`) &&
          CODE_EXTENSIONS.includes(path.extname(module)),
      );
    code = (own.length > 0 ? await bundleWith(own) : first).outputFiles[0]!.text;
  } catch (error) {
    const message = (error as { errors?: Message[] }).errors?.[0];
    throw new DocgenError({
      code: 'MigrateConfigUnreadable',
      message: `${path.basename(file)} could not be compiled: ${message?.text ?? String(error)}. Fix its syntax, or write site.config.ts by hand.`,
      file: message?.location ? path.resolve(message.location.file) : file,
      line: message?.location?.line,
      column: message?.location ? message.location.column + 1 : undefined,
    });
  }
  const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-'));
  try {
    const bundle = path.join(temp, 'config.mjs');
    writeFileSync(bundle, code);
    const cache = new Map<string, unknown>();
    (globalThis as Record<string, unknown>)[REQUIRE_GLOBAL] = (id: string, from: string) =>
      requireLike(id, from, stubbed, cache, packages);
    (globalThis as Record<string, unknown>)[RESOLVE_GLOBAL] = resolveLike;
    (globalThis as Record<string, unknown>)[PACKAGES_GLOBAL] = packages;
    (globalThis as Record<string, unknown>)[TAG_GLOBAL] = markExports;
    const value = await inDirectory(cwd, async () => {
      const mod = (await import(pathToFileURL(bundle).href)) as { default?: unknown };
      const exported = mod.default;
      return typeof exported === 'function' ? await (exported as (env?: object) => unknown)(env) : await exported;
    });
    return { value, stubbed: [...stubbed] };
  } catch (error) {
    const reason = String((error as Error)?.message ?? error)
      .trim()
      .replace(/\s*\n\s*/g, ' ');
    throw new DocgenError({
      code: 'MigrateConfigUnreadable',
      message: `${path.basename(file)} threw while being read: ${reason}. Simplify the code that throws, or write site.config.ts by hand.`,
      file,
      cause: error,
    });
  } finally {
    delete (globalThis as Record<string, unknown>)[REQUIRE_GLOBAL];
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Loads a configuration module as loadStaticModule does, or, when it still cannot be read (a syntax error, code that
 * throws, a file a prebuild step writes), gives `fallback` and a report line naming the error's file:line and what
 * was lost: `docgen migrate` never stops on a config.
 * @param o.lost what the defaults leave out, for the report ("the navbar, the footer and the site's title")
 */
export async function loadOrDefault<T>(
  file: string,
  o: { report: MigrationReport; fallback: T; lost: string } & LoadOptions,
): Promise<T> {
  try {
    return (await loadStaticModule(file, { env: o.env, cwd: o.cwd })).value as T;
  } catch (error) {
    if (!(error instanceof DocgenError)) throw error;
    o.report.add(
      error.file ?? file,
      `${error.message} Migrated with defaults instead; not carried over: ${o.lost}.`,
      error.line,
    );
    return o.fallback;
  }
}

/**
 * The first of `names` that exists in `dir`.
 * @returns its absolute path, or undefined
 */
export function findFile(dir: string, names: string[]): string | undefined {
  return names.map((name) => path.join(dir, name)).find((file) => existsSync(file));
}
