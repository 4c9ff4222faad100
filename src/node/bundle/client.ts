/**
 * Bundles the browser runtime and the theme with esbuild: code splitting, content-hashed files under
 * `assets/`, and an assets manifest read from the metafile (STYLE.md Pipeline; Remix assets.ts).
 */
import path from 'node:path';
import { build, type BuildOptions, type Message, type Metafile, type Plugin } from 'esbuild';
import type { ThemeComponentName } from '../../shared/theme.js';
import type { RouteKind } from '../../shared/types.js';
import type { ThemeConfig } from '../config/theme.js';
import { type DiagnosticInit, DocgenError } from '../diagnostics/error.js';
import { docgenRoot } from '../paths.js';
import { isRuntimeModule, runtimeFile } from './runtime-files.js';
import { assetLoaders } from './site-module-loaders.js';
import { THEME_NAMESPACE, themePlugins } from './theme-plugin.js';

/** URLs (with base) of what a route's HTML must load. */
export interface AssetsManifest {
  entry: string;
  /** The site's stylesheet, linked by every page. */
  css: string[];
  /**
   * Stylesheets of each kind of route besides `css` (the API reference's, about 40% of the CSS: doc pages do
   * without it, for a smaller first load). The route's HTML links them, its route data names them for navigation.
   */
  routeCss: Record<RouteKind, string[]>;
  /** Static imports of the entry, for modulepreload. */
  entryImports: string[];
  /** Page chunk of each kind plus its static imports, for modulepreload. */
  pages: Record<RouteKind, string[]>;
  /** Every emitted file: output-relative path -> bytes, for the build report. */
  files: { file: string; bytes: number }[];
  /** What the site's modules lost while bundling (a Sass file left out): warnings, kept with a cached bundle. */
  warnings?: DiagnosticInit[];
}

const PAGE_FILES: Record<RouteKind, string> = {
  home: 'templates/pages/HomePage.tsx',
  doc: 'templates/pages/DocPage.tsx',
  api: 'templates/pages/ApiPage.tsx',
  notFound: 'templates/pages/NotFoundPage.tsx',
};

/** The entry of the browser runtime (a source path: runtimeFile gives the module bundled). */
const CLIENT_ENTRY = 'src/client/entry.tsx';

/** The component of each page kind: an overridden page's chunk has its proxy module as entry (theme-plugin.ts). */
const PAGE_COMPONENTS: Record<RouteKind, ThemeComponentName> = {
  home: 'HomePage',
  doc: 'DocPage',
  api: 'ApiPage',
  notFound: 'NotFoundPage',
};

/**
 * Stylesheets bundled as entries of their own, by route kind. esbuild puts the CSS that lazily loaded chunks import
 * into the entry's stylesheet, so a kind's CSS is kept out of it only as a separate entry.
 */
const ROUTE_CSS: Partial<Record<RouteKind, string>> = { api: 'templates/styles/api.css' };

/** Fails the client build on a Node built-in import instead of trusting a convention (Remix getExternals). */
const noNodeBuiltins: Plugin = {
  name: 'docgen-no-node-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => ({
      errors: [
        {
          text: `Browser code imports the Node module '${args.path}' (from ${args.importer}). Move that code to src/node/.`,
        },
      ],
    }));
  },
};

/**
 * The esbuild options of the client bundle, shared by `docgen build` and the dev server's incremental context.
 * @param options.outDir absolute output folder; files go to `<outDir>/assets/`
 * @param options.theme the site's `theme` (resolved config; absolute paths), if any
 * @returns options for esbuild `build()` or `context()`
 */
export function clientBuildOptions(options: { outDir: string; minify?: boolean; theme?: ThemeConfig }): BuildOptions {
  return {
    absWorkingDir: docgenRoot(),
    entryPoints: {
      main: runtimeFile(CLIENT_ENTRY),
      ...Object.fromEntries(Object.entries(ROUTE_CSS).map(([kind, file]) => [kind, runtimeFile(file)])),
    },
    outdir: path.join(options.outDir, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
    minify: options.minify ?? true,
    jsx: 'automatic',
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    // Fonts and images a stylesheet names with url() (the site's theme.css, or a package's such as KaTeX's):
    // copied as hashed files under assets/media/.
    loader: assetLoaders('browser'),
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [noNodeBuiltins, esmReact, ...themePlugins(options.theme, 'browser')],
  };
}

/**
 * Resolves `react` and `react/jsx-runtime` (which JSX compiles to), imported by docgen's own modules (src/,
 * templates/), to src/client/react.ts: ES module bindings of React's CommonJS builds, so that each hook call and
 * element is a plain identifier rather than a property of esbuild's interop object, `(0,x.jsx)(…)` (0.38 KiB gzip
 * less first-load JavaScript on a doc page). React's own files, a site's theme and the Docusaurus shims
 * (templates/docusaurus/, which a migrated site's components use, with more of React: `Children`,
 * `isValidElement`) import React itself.
 */
const esmReact: Plugin = {
  name: 'docgen-esm-react',
  setup(build) {
    const shim = path.join(docgenRoot(), runtimeFile('src/client/react.ts'));
    const docusaurusShims = path.dirname(path.join(docgenRoot(), runtimeFile('templates/docusaurus/Tabs.tsx')));
    const ours = (file: string) =>
      file !== shim && isRuntimeModule(file) && path.relative(docusaurusShims, file).startsWith('..');
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      ours(args.importer) ? { path: shim } : undefined,
    );
  },
};

/**
 * Bundles `src/client/entry.tsx` into `<outDir>/assets/`.
 * @param options.outDir absolute output folder (the temporary one during a build)
 * @param options.base base URL, prefixed to every asset URL
 * @param options.theme the site's `theme`, bundled in (bundle/theme-plugin.ts)
 * @throws DocgenError ClientBundleFailed with the file and line esbuild reports
 */
export async function bundleClient(options: {
  outDir: string;
  base: string;
  minify?: boolean;
  theme?: ThemeConfig;
}): Promise<AssetsManifest> {
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build(clientBuildOptions(options));
  } catch (error) {
    throw clientBundleError(error);
  }
  const manifest = manifestFrom(result.metafile!, docgenRoot(), options.outDir, options.base);
  const warnings = siteModuleWarnings(result.warnings);
  return warnings.length > 0 ? { ...manifest, warnings } : manifest;
}

/** The warnings docgen's own plugins raise about a site's module (site-module-loaders.ts), one per file. */
function siteModuleWarnings(messages: Message[]): DiagnosticInit[] {
  const byFile = new Map<string, DiagnosticInit>();
  for (const message of messages) {
    const file = message.location?.file;
    if (!message.pluginName.startsWith('docgen') || !file || byFile.has(file)) continue;
    byFile.set(file, {
      code: 'StylesheetSkipped',
      severity: 'warning',
      message: message.text,
      file: path.resolve(docgenRoot(), file),
    });
  }
  return [...byFile.values()];
}

/** Turns an esbuild failure into ClientBundleFailed with the first error's file, line and column. */
export function clientBundleError(error: unknown): DocgenError {
  const root = docgenRoot();
  const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
    .errors?.[0];
  return new DocgenError({
    code: 'ClientBundleFailed',
    message: `The theme or client runtime could not be bundled: ${first?.text ?? String(error)}.`,
    file: first?.location ? path.resolve(root, first.location.file) : undefined,
    line: first?.location?.line,
    column: first?.location ? first.location.column + 1 : undefined,
  });
}

/**
 * Reads the assets manifest from an esbuild metafile.
 * @param root esbuild's absWorkingDir; @param outDir the folder holding `assets/`; @param base base URL
 * @throws Error (a docgen bug) when the metafile has no client entry
 */
export function manifestFrom(metafile: Metafile, root: string, outDir: string, base: string): AssetsManifest {
  const url = (output: string) => base + path.relative(outDir, path.resolve(root, output)).split(path.sep).join('/');
  const outputs = Object.entries(metafile.outputs);
  const staticImports = (output: string): string[] => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      for (const imp of metafile.outputs[file]?.imports ?? []) {
        if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
          seen.add(imp.path);
          visit(imp.path);
        }
      }
    };
    visit(output);
    return [...seen];
  };
  const entryPoint = runtimeFile(CLIENT_ENTRY);
  const entry = outputs.find(([file, o]) => o.entryPoint === entryPoint && file.endsWith('.js'));
  if (!entry) throw new Error('Internal error (this is a docgen bug): no client entry in the esbuild metafile');
  const [entryFile, entryOutput] = entry;
  const entryImports = staticImports(entryFile);
  const pages = {} as Record<RouteKind, string[]>;
  for (const [kind, pageFile] of Object.entries(PAGE_FILES) as [RouteKind, string][]) {
    const source = runtimeFile(pageFile);
    const proxy = `${THEME_NAMESPACE}:${PAGE_COMPONENTS[kind]}`;
    const chunk = outputs.find(
      ([file, o]) => (o.entryPoint === source || o.entryPoint === proxy) && file.endsWith('.js'),
    );
    pages[kind] = chunk
      ? [chunk[0], ...staticImports(chunk[0])].filter((f) => f !== entryFile && !entryImports.includes(f)).map(url)
      : [];
  }
  const routeCss = {} as Record<RouteKind, string[]>;
  for (const kind of Object.keys(PAGE_FILES) as RouteKind[]) {
    const source = ROUTE_CSS[kind] && runtimeFile(ROUTE_CSS[kind]);
    // Only kinds with a stylesheet of their own: the site's CSS bundle has no entryPoint, so an undefined source
    // would match it.
    const output =
      source === undefined ? undefined : outputs.find(([file, o]) => o.entryPoint === source && file.endsWith('.css'));
    routeCss[kind] = output ? [url(output[0])] : [];
  }
  return {
    entry: url(entryFile),
    css: entryOutput.cssBundle ? [url(entryOutput.cssBundle)] : [],
    routeCss,
    entryImports: entryImports.map(url),
    pages,
    files: outputs.map(([file, o]) => ({
      file: path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/'),
      bytes: o.bytes,
    })),
  };
}
