/**
 * Compiles the server renderer (server-entry.tsx + templates/) with esbuild into an ES module inside docgen's own
 * folder, so that `react` resolves to docgen's copy, then imports it (Vite's SSR build, in small). `docgen dev`
 * writes a temporary module per start (loadServerRenderer); builds keep one per engine
 * (incremental/theme-module.ts).
 */
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { RootContent } from 'hast';
import type { PageData, RouteRecord, SiteData } from '../../shared/types.js';
import type { ApiReferenceProps } from '../../../templates/api/types.js';
import type { renderSplitApiReference } from './api-split.js';
import { themePlugins } from '../bundle/theme-plugin.js';
import { assetLoaders, siteModuleInput } from '../bundle/site-module-loaders.js';
import type { ThemeConfig } from '../config/theme.js';
import { DocgenError } from '../diagnostics/error.js';
import { isAlive } from '../output/atomic.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import { cacheRoot, docgenRoot, moduleFolder } from '../paths.js';

/**
 * Content to render in place of a page's own, between two `<dg-cut data-token="{token}">` marks: one piece of a
 * page rendered a piece at a time (route-html.ts renderRouteHtmlInPieces).
 */
export interface ContentCut {
  token: string;
  children: RootContent[];
}

export type RenderApp = (props: {
  site: SiteData;
  page: PageData;
  route: RouteRecord | null;
  cut?: ContentCut;
}) => Promise<string>;
export type RenderApiReference = (props: ApiReferenceProps) => string;
export type RenderSplitApiReference = typeof renderSplitApiReference;

/** The compiled server renderer. */
export interface ServerRenderer {
  renderApp: RenderApp;
  /** A small document's reference: one fragment. */
  renderApiReference: RenderApiReference;
  /** A large document's reference: page body plus lazily loaded parts (src/node/openapi/split.ts). */
  renderSplitApiReference: RenderSplitApiReference;
  /** The theme's source files (to watch in dev). */
  inputs: string[];
}

/**
 * Bundles and loads the server renderer (docgen dev, which also watches the returned inputs).
 * @param theme the site's `theme` (resolved config; absolute paths), if any
 * @returns the render functions plus the theme's source files (to watch in dev)
 * @throws DocgenError TemplateRenderFailed when the theme does not compile (file:line from esbuild)
 */
export async function loadServerRenderer(theme?: ThemeConfig): Promise<ServerRenderer> {
  const { code, inputs } = await bundleServerRenderer(theme);
  const file = await writeServerModule(code);
  try {
    return { ...(await importServerRenderer(file)), inputs };
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Bundles server-entry.tsx and the theme, with the site's overrides (bundle/theme-plugin.ts), into one ES module.
 * @param theme the site's `theme` (resolved config; absolute paths), if any
 * @returns its code and its source files (absolute; generated modules are left out)
 * @throws DocgenError TemplateRenderFailed when the theme or a site's theme file does not compile (file:line from esbuild)
 */
export async function bundleServerRenderer(theme?: ThemeConfig): Promise<{ code: string; inputs: string[] }> {
  const root = docgenRoot();
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [runtimeFile('src/node/render/server-entry.tsx')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      packages: 'external',
      loader: { ...assetLoaders('node'), '.css': 'empty' },
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      // A CommonJS package of the site's bundled in (lucide-react, react-on-screen) calls `require('react')`, which
      // esbuild's ES module output cannot do without a `require` in scope ("Dynamic require of \"react\" is not
      // supported"): Node's, from the module's own place, where `react` is docgen's copy (writeServerModule).
      banner: {
        js: "import { createRequire as __docgenCreateRequire } from 'node:module';\nconst require = __docgenCreateRequire(import.meta.url);",
      },
      plugins: themePlugins(theme, 'node'),
    });
    return { code: result.outputFiles[0]!.text, inputs: metafileFiles(result.metafile, root) };
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] })
      .errors?.[0];
    throw new DocgenError({
      code: 'TemplateRenderFailed',
      message: `The theme could not be compiled: ${first?.text ?? String(error)}.`,
      file: first?.location ? path.resolve(root, first.location.file) : undefined,
      line: first?.location?.line,
      column: first?.location ? first.location.column + 1 : undefined,
    });
  }
}

/**
 * The source files of an esbuild metafile.
 * @param root esbuild's absWorkingDir
 * @returns absolute paths; the theme plugin's generated modules (`docgen-theme:...`) are left out, an SVG drawn as a
 *   component (`docgen-svgr:...`, site-module-loaders.ts) is its file
 */
export function metafileFiles(metafile: { inputs: Record<string, unknown> }, root: string): string[] {
  return Object.keys(metafile.inputs).flatMap((input) => {
    const svg = siteModuleInput(input);
    if (svg) return [svg];
    return /^[a-z][\w-]+:/.test(input) ? [] : [path.resolve(root, input)];
  });
}

/**
 * Writes the bundled renderer to a uniquely named module inside docgen's own folder (so `react` resolves to
 * docgen's copy). The caller removes it when done (removeStaleServerModules cleans up after killed builds).
 * @returns its absolute path
 */
export async function writeServerModule(code: string): Promise<string> {
  const dir = moduleFolder();
  const file = path.join(dir, `ssr-${process.pid}-${Date.now()}-${Math.random().toString(16).slice(2)}.mjs`);
  await writeFile(file, code);
  return file;
}

/**
 * Removes what processes which are no longer running left behind in docgen's cache folder (killed with -9): their
 * temporary renderer modules, and the half-written `<file>.<pid>.tmp` of a cache file replaced by rename.
 */
export async function removeStaleServerModules(): Promise<void> {
  const dir = cacheRoot();
  if (!existsSync(dir)) return;
  // A cache folder this user cannot read or change (another owner, read only) keeps its leftovers: they harm nothing.
  for (const name of await readdir(dir).catch(() => [])) {
    const pid = Number((/^ssr-(\d+)-.*\.mjs$/.exec(name) ?? /\.(\d+)\.tmp$/.exec(name))?.[1]);
    if (pid && !isAlive(pid)) await rm(path.join(dir, name), { force: true }).catch(() => {});
  }
}

/**
 * Imports a renderer module (writeServerModule's or incremental/theme-module.ts's), once per thread.
 * @param file absolute path
 */
export async function importServerRenderer(file: string): Promise<Omit<ServerRenderer, 'inputs'>> {
  const mod = (await import(pathToFileURL(file).href)) as Omit<ServerRenderer, 'inputs'>;
  return {
    renderApp: mod.renderApp,
    renderApiReference: mod.renderApiReference,
    renderSplitApiReference: mod.renderSplitApiReference,
  };
}
