/**
 * What webpack gives a migrated Docusaurus site's own modules, for every bundle that holds them (the build-time
 * render of pages, markdown/site-components.ts; the server theme, render/ssr.ts; the client bundle with its islands,
 * bundle/client.ts): each is a part of docusaurusShimsPlugin, applied to the site's files only.
 *
 * - `import.meta.url` is the module's own `file://` URL (webpack 5's `module.parser.javascript.importMeta`, on by
 *   default, replaces it with the module's file URL at build time). The client bundle gets the same string, as
 *   webpack's browser output does, so the server render and the hydrated island agree.
 * - A request starting with `/` (`require('/static/img/x.svg')`) names a file of the site folder when one is there:
 *   webpack's `resolve.roots` defaults to the context, the site folder in Docusaurus.
 * - An SVG imported by a script is a React component, as `@docusaurus/plugin-svgr` (on in preset-classic) makes it
 *   with SVGR: the default export and CRA's `ReactComponent` export render the SVG inline, props spread on `<svg>`,
 *   `title`/`titleId` a `<title>` (`titleProp: true` in plugin-svgr's options). `x.svg?url` and an SVG named by CSS
 *   `url()` stay files. The SVG must be in the site folder (its own or its packages').
 * - An image of the site's `static/` folder imported by a script (`require('@site/static/img/a.png').default`, the
 *   classic template's HomepageFeatures) is its URL with the base URL, `useBaseUrl('/img/a.png')`: the file is
 *   published there (migrate copies `static/` into the content folder), where webpack would give a hashed copy.
 *   The string is the same in every bundle, so the build-time render and a hydrated island agree.
 * - `.scss`/`.sass` (docusaurus-plugin-sass): compiled with the site's own `sass` package in the browser bundle; the
 *   server render needs no styles. Without `sass` the file's styles are left out with one warning.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Loader, type OnResolveArgs, type PluginBuild, transform } from 'esbuild';
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { docgenRoot } from '../paths.js';
import { runtimeFile } from './runtime-files.js';

/**
 * The files a stylesheet names with `url()` (fonts, images), and images a script imports: hashed files under
 * `assets/media/` in the browser bundle; nothing in a server bundle, whose render needs no file.
 */
export const ASSET_EXTENSIONS = [
  '.woff2',
  '.woff',
  '.ttf',
  '.otf',
  '.eot',
  '.svg',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.ico',
  '.bmp',
];

/** esbuild's `loader` option for ASSET_EXTENSIONS: `file` in the browser, `empty` on the server. */
export function assetLoaders(platform: 'node' | 'browser'): Record<string, Loader> {
  return Object.fromEntries(ASSET_EXTENSIONS.map((ext) => [ext, platform === 'browser' ? 'file' : 'empty']));
}

const SVGR_NAMESPACE = 'docgen-svgr';
const STATIC_URL_NAMESPACE = 'docgen-static-url';
/** Images a script may import from the static folder (SVGs are components, above). */
const STATIC_IMAGE = /\.(?:png|jpe?g|gif|webp|avif|ico|bmp)$/i;

/**
 * The site file behind an esbuild metafile input of these loaders (`docgen-svgr:/site/static/img/x.svg`), so that
 * an SVG drawn as a component is an input of the bundle like any file; null for any other input.
 */
export function siteModuleInput(input: string): string | null {
  return input.startsWith(`${SVGR_NAMESPACE}:`) ? input.slice(SVGR_NAMESPACE.length + 1) : null;
}
const RESOLVING = Symbol('site-module-resolving');
const SCRIPT_KINDS = new Set(['import-statement', 'require-call', 'dynamic-import', 'require-resolve']);
const SCRIPT_FILE = /\.[cm]?[jt]sx?$/;

/**
 * Adds the loaders to a bundle (see the module comment).
 * @param siteRootOf the site folder of an importing file; @param applies whether a file is the site's own code
 */
export function siteModuleLoaders(
  b: PluginBuild,
  siteRootOf: (importer: string) => string,
  applies: (file: string) => boolean,
): void {
  const browser = b.initialOptions.platform === 'browser';
  const own = (file: string) => !file.includes(`${path.sep}node_modules${path.sep}`) && applies(file);

  // Docusaurus compiles the site's .js files with Babel's React preset, so they may hold JSX
  // (src/components/HomepageFeatures.js of the classic template's older versions): read as JSX.
  b.onLoad({ filter: SCRIPT_FILE }, async (args) => {
    if (args.namespace !== 'file' || !own(args.path)) return undefined;
    const ext = path.extname(args.path);
    const loader: Loader = /^\.[cm]?ts$/.test(ext) ? 'ts' : /^\.tsx$/.test(ext) ? 'tsx' : 'jsx';
    const text = await readFile(args.path, 'utf8');
    if (!text.includes('import.meta')) return ext === '.js' ? { contents: text, loader } : undefined;
    const { code } = await transform(text, {
      loader,
      jsx: 'preserve',
      sourcefile: args.path,
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(args.path).href) },
      logLevel: 'silent',
    });
    return { contents: code, loader: loader === 'ts' ? 'js' : 'jsx' };
  });

  const fromSiteRoot = (args: { path: string; importer: string }) => {
    const root = siteRootOf(args.importer);
    const file = path.join(root, args.path);
    return path.relative(root, file).startsWith('..') ? null : { root, request: `./${args.path.slice(1)}` };
  };

  /**
   * A file a site script imports, resolved as webpack would (a `/…` request against the site folder), or null when
   * the import is not a site script's or is being resolved already.
   */
  const resolveFromScript = async (args: OnResolveArgs) => {
    if (!SCRIPT_KINDS.has(args.kind) || !SCRIPT_FILE.test(args.importer) || !applies(args.importer)) return null;
    if (args.pluginData === RESOLVING) return null;
    const target = args.path.startsWith('/') ? fromSiteRoot(args) : null;
    return b.resolve(target?.request ?? args.path, {
      kind: args.kind,
      resolveDir: target?.root ?? args.resolveDir,
      importer: args.importer,
      pluginData: RESOLVING,
    });
  };

  b.onResolve({ filter: STATIC_IMAGE }, async (args) => {
    const found = await resolveFromScript(args);
    if (!found || found.errors.length > 0 || found.external) return undefined;
    const inStatic = path.relative(path.join(siteRootOf(args.importer), 'static'), found.path);
    if (inStatic.startsWith('..') || path.isAbsolute(inStatic)) return found;
    return { path: found.path, namespace: STATIC_URL_NAMESPACE, pluginData: `/${inStatic.split(path.sep).join('/')}` };
  });
  b.onLoad({ filter: /.*/, namespace: STATIC_URL_NAMESPACE }, (args) => ({
    contents: [
      `import useBaseUrl from ${JSON.stringify(path.join(docgenRoot(), runtimeFile('templates/docusaurus/useBaseUrl.ts')))};`,
      `export default useBaseUrl(${JSON.stringify(args.pluginData)});`,
    ].join('\n'),
    loader: 'js',
    resolveDir: docgenRoot(),
  }));

  b.onResolve({ filter: /\.svg$/i }, async (args) => {
    const found = await resolveFromScript(args);
    if (!found) return undefined;
    const root = siteRootOf(args.importer);
    if (found.errors.length > 0 || found.external) return found.errors.length > 0 ? { errors: found.errors } : found;
    if (path.relative(root, found.path).startsWith('..'))
      return {
        errors: [{ text: `'${args.path}' names an SVG outside the site folder (${root}); it is not read.` }],
      };
    return { path: found.path, namespace: SVGR_NAMESPACE };
  });
  b.onLoad({ filter: /.*/, namespace: SVGR_NAMESPACE }, async (args) => ({
    contents: svgComponentModule(await readFile(args.path, 'utf8')),
    loader: 'js',
    resolveDir: docgenRoot(),
    watchFiles: [args.path],
  }));

  b.onResolve({ filter: /^\/[^/]/ }, async (args) => {
    if (!SCRIPT_KINDS.has(args.kind) || !applies(args.importer) || args.pluginData === RESOLVING) return undefined;
    const target = fromSiteRoot(args);
    if (!target) return undefined;
    const found = await b.resolve(target.request, { kind: args.kind, resolveDir: target.root, pluginData: RESOLVING });
    return found.errors.length > 0 ? undefined : found;
  });

  b.onLoad({ filter: /\.s[ac]ss$/ }, async (args) => {
    if (args.namespace !== 'file') return undefined;
    if (!browser) return { contents: '', loader: 'empty' };
    const sass = await siteSass(siteRootOf(args.path));
    if (!sass)
      return {
        contents: '',
        loader: 'css',
        warnings: [
          {
            text: "This Sass stylesheet's styles are left out: the site has no 'sass' package to compile it. Run 'npm install sass' in the site folder.",
            location: { file: args.path },
          },
        ],
      };
    const compiled = sass.compile(args.path, { loadPaths: [path.join(siteRootOf(args.path), 'node_modules')] });
    return {
      contents: compiled.css,
      loader: 'css',
      watchFiles: compiled.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => url.pathname),
    };
  });
}

interface Sass {
  compile(file: string, options: { loadPaths: string[] }): { css: string; loadedUrls: URL[] };
}

/**
 * The entry file of the site's own `sass` package, or null when it is not installed. It is an input of the site's
 * theme (bundle/theme-inputs.ts siteThemeFiles): installing, removing or updating `sass` rebuilds the bundles that
 * compile its `.scss`.
 */
export function siteSassFile(siteRoot: string): string | null {
  try {
    return createRequire(path.join(siteRoot, 'package.json')).resolve('sass');
  } catch {
    return null;
  }
}

/** The site's own `sass` package (Dart Sass' JavaScript API), or null when it is not installed. */
async function siteSass(siteRoot: string): Promise<Sass | null> {
  const resolved = siteSassFile(siteRoot);
  if (!resolved) return null;
  const mod = (await import(pathToFileURL(resolved).href)) as Sass & { default?: Sass };
  return typeof mod.compile === 'function' ? mod : (mod.default ?? null);
}

/** A node of the SVG as React elements, recorded by hast-util-to-jsx-runtime's `jsx` to be printed as code. */
interface Recorded {
  type: string;
  props: Record<string, unknown>;
  children: (Recorded | string)[];
}

/**
 * The module SVGR would give for an SVG file: `export default` a component rendering it inline, also exported as
 * `ReactComponent`. The SVG is parsed as HTML parses inline SVG (hast-util-from-html, foreign content: `viewBox`
 * keeps its case) and turned into React props by hast-util-to-jsx-runtime, the one hast -> React conversion docgen
 * uses; comments and whitespace between elements are dropped, as SVGR does.
 * @param text the SVG file's text
 * @returns ES module source importing `react`
 */
export function svgComponentModule(text: string): string {
  const tree = fromHtml(text, { fragment: true, space: 'svg' });
  const svg = findSvg(tree);
  const record = (type: unknown, props: Record<string, unknown>): Recorded => {
    const { children, ...rest } = props;
    const list = (Array.isArray(children) ? children : children === undefined ? [] : [children]) as (
      | Recorded
      | string
    )[];
    return { type: String(type), props: rest, children: list.filter((c) => typeof c !== 'string' || c.trim()) };
  };
  const root = svg
    ? (toJsxRuntime(svg, {
        Fragment: 'fragment',
        jsx: record as never,
        jsxs: record as never,
        elementAttributeNameCase: 'react',
        stylePropertyNameCase: 'dom',
        space: 'svg',
      }) as unknown as Recorded)
    : { type: 'svg', props: {}, children: [] };
  const print = (node: Recorded | string): string =>
    typeof node === 'string'
      ? JSON.stringify(node)
      : `createElement(${JSON.stringify(node.type)}, ${JSON.stringify(node.props)}${node.children.map((c) => `, ${print(c)}`).join('')})`;
  return [
    `import { createElement } from 'react';`,
    `const children = [${root.children.map(print).join(', ')}];`,
    `export default function SvgComponent({ title, titleId, ...props }) {`,
    `  const titled = title ? { 'aria-labelledby': titleId } : {};`,
    `  return createElement('svg', { ...${JSON.stringify(root.props)}, ...titled, ...props }, title ? createElement('title', { id: titleId }, title) : null, ...children);`,
    `}`,
    `export { SvgComponent as ReactComponent };`,
  ].join('\n');
}

function findSvg(node: Root | RootContent): Element | null {
  if (node.type === 'element' && node.tagName === 'svg') return node;
  if ('children' in node)
    for (const child of node.children)
      if (child) {
        const found = findSvg(child);
        if (found) return found;
      }
  return null;
}
