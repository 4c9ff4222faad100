/**
 * The esbuild plugin that lets a migrated Docusaurus site's own components bundle without Docusaurus: the modules
 * they import from Docusaurus resolve to docgen's equivalents (templates/docusaurus/), as Docusaurus' webpack
 * aliases do (`@docusaurus/core/src/webpack/aliases`): `@theme/X` is the site's swizzled `src/theme/X` when there is
 * one, else docgen's shim (`@theme-original/X` always the shim); `@site/...` is the site's root; `@docusaurus/X` is
 * a shim. A Docusaurus module docgen has no shim for renders its children (and its hooks return nothing), so a
 * component that merely decorates still shows its content. The components' CSS modules get the same class names in
 * every bundle (css-modules.ts). Used by the build-time render of page components
 * (markdown/site-components.ts) and by the theme bundles (bundle/theme-plugin.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { docgenRoot } from '../paths.js';
import { cssModulesSetup } from './css-modules.js';
import { siteModuleLoaders } from './site-module-loaders.js';
import { runtimeFile } from './runtime-files.js';

/** Docusaurus module -> docgen's shim file (under templates/docusaurus/). */
const SHIM_FILES: Record<string, string> = {
  '@theme/Tabs': 'Tabs.tsx',
  '@theme/TabItem': 'TabItem.tsx',
  '@theme/ThemedImage': 'ThemedImage.tsx',
  '@theme/CodeBlock': 'CodeBlock.tsx',
  '@theme/Admonition': 'Admonition.tsx',
  '@theme/Details': 'Details.tsx',
  '@theme/IdealImage': 'IdealImage.tsx',
  '@docusaurus/Link': 'Link.tsx',
  '@docusaurus/useBaseUrl': 'useBaseUrl.ts',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext.ts',
  '@docusaurus/BrowserOnly': 'BrowserOnly.tsx',
  '@docusaurus/plugin-content-docs/client': 'docs-client.ts',
  '@docusaurus/theme-common': 'theme-common.ts',
  '@docusaurus/Translate': 'Translate.tsx',
  '@docusaurus/Interpolate': 'Interpolate.ts',
  // Docusaurus 2's name of the same hooks
  '@theme/hooks/useDocs': 'docs-client.ts',
};

/**
 * react-router 5's hooks as Docusaurus re-exports them (`@docusaurus/router`): the browser's location once in the
 * browser; on the server, a location with no query or hash (what the static page is before its script runs).
 */
const REACT_ROUTER_5 = `const location = () => typeof window === 'undefined'
  ? { pathname: '/', search: '', hash: '', state: undefined, key: 'default' }
  : { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: window.history.state, key: 'default' };
const target = (to) => (typeof to === 'string' ? to : (to?.pathname ?? '') + (to?.search ?? '') + (to?.hash ?? ''));
export function useLocation() { return location(); }
export function useHistory() {
  return { get location() { return location(); }, push: (to) => window.location.assign(target(to)), replace: (to) => window.location.replace(target(to)), goBack: () => window.history.back(), listen: () => () => {} };
}
export function useParams() { return {}; }
export function useRouteMatch() { return null; }
export function matchPath() { return null; }
export function withRouter(Component) { return Component; }
export function Redirect() { return null; }`;

/**
 * Small Docusaurus modules, written out here: what their server render gives, and in the browser (an island,
 * bundle/islands.ts) what Docusaurus' client gives: `useIsBrowser` true once hydrated, ExecutionEnvironment by
 * feature detection (`@docusaurus/core/lib/client/exports/ExecutionEnvironment`).
 */
const SHIM_SOURCES: Record<string, string> = {
  '@docusaurus/Head': 'export default function Head() { return null; }',
  '@docusaurus/useIsBrowser':
    "import { useEffect, useState } from 'react';\nexport default function useIsBrowser() { const [browser, setBrowser] = useState(false); useEffect(() => setBrowser(true), []); return browser; }",
  '@docusaurus/ExecutionEnvironment':
    "const canUseDOM = typeof window !== 'undefined' && 'document' in window && 'createElement' in window.document;\nexport default { canUseDOM, canUseEventListeners: canUseDOM && 'addEventListener' in window, canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window, canUseViewport: canUseDOM && 'screen' in window };",
  '@theme/Layout': 'export default function Layout({ children }) { return children ?? null; }',
  '@docusaurus/router': REACT_ROUTER_5,
  // A Docusaurus site has react-router(-dom) 5 (a dependency of @docusaurus/core) and its components import the hooks
  // from it directly as often as through @docusaurus/router; docgen's copy stands in when the site has not installed
  // it (react-router-dom's: shimSource).
  'react-router': REACT_ROUTER_5,
  // What `clsx` (which Docusaurus sites import for class names) does, for a site that has not installed it.
  clsx: `export function clsx(...args) {
  const out = [];
  const add = (value) => {
    if (!value) return;
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    else if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'object') for (const key in value) if (value[key]) out.push(key);
  };
  args.forEach(add);
  return out.join(' ');
}
export default clsx;`,
  // What React 19 does with `propTypes` (it no longer checks them): validators that accept anything, for a site
  // component that imports `prop-types`, which React 17 brought along as its own dependency.
  'prop-types': `const validator = () => null;
validator.isRequired = validator;
const creator = () => validator;
export const any = validator, array = validator, bigint = validator, bool = validator, func = validator,
  number = validator, object = validator, string = validator, symbol = validator, node = validator,
  element = validator, elementType = validator;
export const arrayOf = creator, objectOf = creator, instanceOf = creator, oneOf = creator, oneOfType = creator,
  shape = creator, exact = creator;
export function checkPropTypes() {}
export function resetWarningCache() {}
const PropTypes = { any, array, bigint, bool, func, number, object, string, symbol, node, element, elementType,
  arrayOf, objectOf, instanceOf, oneOf, oneOfType, shape, exact, checkPropTypes, resetWarningCache };
PropTypes.PropTypes = PropTypes;
export default PropTypes;`,
  '@theme/Heading':
    "import { createElement } from 'react';\nexport default function Heading({ as = 'h2', ...props }) { return createElement(as, props); }",
};

/**
 * The source of a module written out here (SHIM_SOURCES), or the unknown module's. react-router-dom's is react-router
 * 5's hooks with its `Link` and `NavLink` as docgen's `@docusaurus/Link` (an `<a>` whose `to` gets the base URL, as
 * Docusaurus' router, whose basename is the base URL, gives it).
 */
function shimSource(request: string): string {
  if (request === 'react-router-dom')
    return `${REACT_ROUTER_5}\nexport { default as Link, default as NavLink } from ${JSON.stringify(docusaurusShimFile('@docusaurus/Link'))};`;
  return SHIM_SOURCES[request] ?? UNKNOWN_SHIM;
}

const UNKNOWN_SHIM =
  'export default function DocusaurusModule(props) { return props?.children ?? null; }\nexport function useDocsVersion() { return {}; }';

/**
 * What a name a Docusaurus module does not have in docgen stands for: a hook (`useX`) returns an empty object, a
 * component (a capitalised name) renders its children, anything else is a function that returns nothing.
 */
const STAND_IN = `const __dgStandIn = (name) =>
  /^use[A-Z0-9]/.test(name) ? () => ({}) : /^[A-Z]/.test(name) ? (props) => props?.children ?? null : () => undefined;`;

const NAMESPACE = 'docgen-docusaurus';
const RESOLVING = Symbol('resolving');
const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/**
 * Whether docgen stands in for a Docusaurus module an MDX page imports (`@docusaurus/Link`, `@docusaurus/useBaseUrl`,
 * `@theme/ThemedImage`, …): a page that imports one runs as code (migrate sets `markdown.pageCode`), and gets it.
 */
export function isShimmedDocusaurusModule(id: string): boolean {
  const request = id.replace(/^@theme-original\//, '@theme/');
  return (
    (request.startsWith('@docusaurus/') || request.startsWith('@theme/')) &&
    (request in SHIM_FILES || request in SHIM_SOURCES)
  );
}

/** The file a Docusaurus module stands for in docgen, or null when it has none (shimsPlugin renders its children). */
export function docusaurusShimFile(id: string): string | null {
  const file = SHIM_FILES[id.replace(/^@theme-original\//, '@theme/')];
  return file ? path.join(docgenRoot(), runtimeFile(`templates/docusaurus/${file}`)) : null;
}

/**
 * @param root the folder `@site/` names (the docgen site's root, where migrate copies the old site's `src/`),
 *   or a function giving it for an importing file
 * @param applies whether an import from this file is rewritten (default: every file)
 */
export function docusaurusShimsPlugin(
  root: string | ((importer: string) => string),
  applies: (importer: string) => boolean = () => true,
): Plugin {
  const siteRootOf = (importer: string) => (typeof root === 'string' ? root : root(importer));
  return {
    name: 'docgen-docusaurus-shims',
    setup(b) {
      cssModulesSetup(b, siteRootOf, applies);
      // import.meta.url, `/…` requests, SVGs as components, Sass: as webpack gives them (site-module-loaders.ts).
      siteModuleLoaders(b, siteRootOf, applies);
      b.onResolve({ filter: /^@site\// }, (args) =>
        applies(args.importer)
          ? b.resolve(`./${args.path.slice('@site/'.length)}`, {
              kind: args.kind,
              resolveDir: siteRootOf(args.importer),
            })
          : undefined,
      );
      // `clsx`, `prop-types` and react-router from the site's packages when installed, else docgen's copy of what
      // they do (the names of one it lacks get stand-ins, as a Docusaurus module's do).
      b.onResolve({ filter: /^(?:clsx|prop-types|react-router|react-router-dom)$/ }, async (args) => {
        if (!applies(args.importer) || args.pluginData === RESOLVING) return undefined;
        const { kind, resolveDir, importer } = args;
        const found = await b.resolve(args.path, { kind, resolveDir, importer, pluginData: RESOLVING });
        if (found.errors.length === 0 && !found.external) return found;
        const missing = await missingNames(importer, args.path, null);
        return {
          path: args.path,
          namespace: NAMESPACE,
          ...(missing.length > 0 ? { suffix: `?with=${missing.join(',')}` } : {}),
          pluginData: { file: null, missing },
        };
      });
      b.onResolve({ filter: /^@(theme|theme-original|docusaurus)\// }, async (args) => {
        if (!applies(args.importer)) return undefined;
        const swizzled = args.path.startsWith('@theme/') ? swizzledFile(siteRootOf(args.importer), args.path) : null;
        if (swizzled && path.resolve(swizzled) !== path.resolve(args.importer)) return { path: swizzled };
        const file = docusaurusShimFile(args.path);
        const missing = await missingNames(args.importer, args.path, file);
        if (file && missing.length === 0) return { path: file };
        // The names the importer asks for that the shim lacks get stand-ins: a module of its own per such set.
        return {
          path: args.path,
          namespace: NAMESPACE,
          ...(missing.length > 0 ? { suffix: `?with=${missing.join(',')}` } : {}),
          pluginData: { file, missing },
        };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const { file, missing = [] } = (args.pluginData ?? {}) as { file?: string | null; missing?: string[] };
        const standIns = missing.map((name) => `export const ${name} = __dgStandIn(${JSON.stringify(name)});`);
        const base = file
          ? [
              `export * from ${JSON.stringify(file)};`,
              ...((await exportsOf(file)).includes('default')
                ? [`export { default } from ${JSON.stringify(file)};`]
                : []),
            ]
          : [shimSource(args.path)];
        return {
          contents: [...base, ...(standIns.length > 0 ? [STAND_IN, ...standIns] : [])].join('\n'),
          loader: 'jsx',
          resolveDir: docgenRoot(),
        };
      });
    },
  };
}

/**
 * The names `importer` imports (or re-exports) from `request` that the module standing for it does not export: the
 * shim file's or source's, else the unknown module's (a default export and `useDocsVersion`). [] when the importer
 * cannot be read or imports a namespace (`* as X`), whose names are unknown.
 * @param file the shim file standing for the request, or null (a SHIM_SOURCES source or the unknown module)
 */
async function missingNames(importer: string, request: string, file: string | null): Promise<string[]> {
  let source: string;
  try {
    source = readFileSync(importer, 'utf8');
  } catch {
    return [];
  }
  const quoted = request.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?:import|export)\\s+(?:type\\s+)?(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`,
    'g',
  );
  const requested = new Set<string>();
  for (const match of source.matchAll(pattern))
    for (const part of match[1]!.split(',')) {
      const name = /^\s*(?:type\s+)?([\w$]+)/.exec(part)?.[1];
      if (name && name !== 'default' && !/^\s*type\s/.test(part)) requested.add(name);
    }
  if (requested.size === 0) return [];
  const known = await exportsOf(file ?? shimSource(request));
  return [...requested].filter((name) => !known.includes(name)).sort();
}

const exportsCache = new Map<string, Promise<string[]>>();

/**
 * The export names of a shim file (an absolute path) or a shim's source text, as esbuild reads them (its metafile,
 * one build without bundling); cached for the process.
 */
function exportsOf(fileOrSource: string): Promise<string[]> {
  let names = exportsCache.get(fileOrSource);
  if (!names) {
    const isFile = path.isAbsolute(fileOrSource) && !fileOrSource.includes('\n');
    names = build({
      ...(isFile
        ? { entryPoints: [fileOrSource] }
        : { stdin: { contents: fileOrSource, loader: 'jsx', resolveDir: docgenRoot() } }),
      bundle: false,
      write: false,
      metafile: true,
      format: 'esm',
      jsx: 'automatic',
      logLevel: 'silent',
      outdir: 'out',
    }).then((result) => Object.values(result.metafile.outputs).flatMap((output) => output.exports));
    exportsCache.set(fileOrSource, names);
  }
  return names;
}

/** The site's swizzled component `src/theme/<Name>` (Docusaurus' theme aliases), or null. */
function swizzledFile(siteRoot: string, id: string): string | null {
  const base = path.join(siteRoot, 'src', 'theme', id.slice('@theme/'.length));
  for (const extension of SCRIPT_EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}
