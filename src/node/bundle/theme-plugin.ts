/**
 * The esbuild plugin that puts a site's theme (site.config.ts `theme`) into docgen's theme, used by the
 * server bundle (render/ssr.ts) and the client bundle (bundle/client.ts) alike, so both render the same components.
 *
 * - An overridden component (src/shared/theme.ts THEME_COMPONENTS): when theme code imports the module that defines
 *   it, it gets a proxy module instead, which re-exports the original module (`export * from`) and exports the
 *   site's component under the component's name (or as `default` for pages). `docgen/theme/<Name>` always resolves
 *   to the original, so an override can wrap it (Docusaurus `@theme-original/*`).
 * - templates/components/mdx-components.ts (the components content may use by tag name) becomes a module of the
 *   site's `theme.mdxComponents`; templates/styles/user.css (empty) becomes `@import`s of the site's `theme.css`.
 * - `react`, `react-dom` and their subpaths imported by the site's files resolve to docgen's copy (one React);
 *   other packages resolve from the site (bundled into the server module too, found with Node's require resolution).
 *
 * Without a site theme no plugin is added at all (themePlugins returns []), so such a site bundles as before.
 */
import { existsSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { THEME_COMPONENT_NAMES, THEME_COMPONENTS, type ThemeComponentName } from '../../shared/theme.js';
import { hasUserTheme, type ThemeConfig } from '../config/theme.js';
import { docgenRoot } from '../paths.js';
import { docusaurusShimsPlugin } from './docusaurus-shims.js';
import { isInteractiveComponent } from './islands.js';
import { isRuntimeModule, runtimeFile } from './runtime-files.js';
import { assetLoaders } from './site-module-loaders.js';

/** esbuild namespace of the generated modules; a page override's chunk has `docgen-theme:<Name>` as entry point. */
export const THEME_NAMESPACE = 'docgen-theme';

const MDX_COMPONENTS = 'templates/components/mdx-components.ts';
const ISLAND_REGISTRY = 'src/client/island-registry.ts';
const ISLAND_START = 'src/client/island-start.ts';
const USER_CSS = 'templates/styles/user.css';

/**
 * The plugins a bundle needs for a site's theme.
 * @param theme the resolved config's `theme` (absolute paths), or undefined
 * @param platform 'node': React stays external (the server module resolves it from docgen's folder); 'browser':
 *   React is bundled from docgen's folder
 * @returns [] when the site has no theme of its own
 */
export function themePlugins(theme: ThemeConfig | undefined, platform: 'node' | 'browser'): Plugin[] {
  if (!theme || !hasUserTheme(theme)) return [];
  // A migrated Docusaurus site's components import `@theme/…`, `@docusaurus/…` and `@site/…` (docusaurus-shims.ts).
  const shims = Object.keys(theme.mdxComponents).length > 0 ? [docusaurusShimsPlugin(siteRootOf, isSiteCode)] : [];
  return [...shims, themePlugin(theme, platform)];
}

/** A file of the site's own (not docgen's code, not a package). */
function isSiteCode(file: string): boolean {
  const root = docgenRoot();
  if (file.split(path.sep).includes('node_modules')) return false;
  return (
    !isRuntimeModule(file) &&
    !['templates', 'src', 'lib'].some((dir) => !path.relative(path.join(root, dir), file).startsWith('..'))
  );
}

/** The site root of a site file: the nearest folder above it holding site.config.* (else the file's folder). */
export function siteRootOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (
      ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'].some((name) =>
        existsSync(path.join(dir, name)),
      )
    )
      return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

function themePlugin(theme: ThemeConfig, platform: 'node' | 'browser'): Plugin {
  const root = docgenRoot();
  const inDocgen = (file: string) => !path.relative(root, file).startsWith('..');
  // Only docgen's own theme and runtime are redirected: a site kept inside docgen's folder (this repository's)
  // imports the originals through docgen/theme/<Name>, never through a proxy of itself.
  const inDocgenCode = isRuntimeModule;
  const original = (name: ThemeComponentName) => path.join(root, runtimeFile(THEME_COMPONENTS[name].file));
  const overridden = new Map<string, ThemeComponentName>();
  for (const name of Object.keys(theme.components) as ThemeComponentName[])
    overridden.set(withoutExtension(original(name)), name);
  const generated = new Map<string, string>();
  if (Object.keys(theme.mdxComponents).length > 0) {
    generated.set(withoutExtension(path.join(root, runtimeFile(MDX_COMPONENTS))), 'mdx-components');
    generated.set(withoutExtension(path.join(root, runtimeFile(ISLAND_REGISTRY))), 'islands');
  }
  if (theme.css.length > 0) generated.set(withoutExtension(path.join(root, runtimeFile(USER_CSS))), 'user.css');
  return {
    name: 'docgen-theme',
    setup(b) {
      b.onResolve({ filter: /^docgen\/theme\// }, (args) => {
        const name = args.path.slice('docgen/theme/'.length);
        if (!(name in THEME_COMPONENTS)) {
          return {
            errors: [
              {
                text: `'${args.path}' is not a theme component. The components are: ${THEME_COMPONENT_NAMES.join(', ')}.`,
              },
            ],
          };
        }
        return { path: original(name as ThemeComponentName) };
      });
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.namespace !== 'file' || !inDocgenCode(args.importer)) return undefined;
        const target = withoutExtension(path.resolve(args.resolveDir, args.path));
        const name = overridden.get(target) ?? generated.get(target);
        return name ? { path: name, namespace: THEME_NAMESPACE } : undefined;
      });
      b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
        if (!args.importer || args.namespace !== 'file' || inDocgen(args.importer)) return undefined;
        if (platform === 'node') return { path: args.path, external: true };
        return b.resolve(args.path, { kind: args.kind, resolveDir: root });
      });
      if (platform === 'node') {
        // The server module lives in docgen's folder, where the site's own packages do not resolve: bundle them.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (!args.importer || args.namespace !== 'file' || inDocgen(args.importer) || isBuiltin(args.path))
            return undefined;
          try {
            return { path: createRequire(args.importer).resolve(args.path) };
          } catch {
            return undefined; // esbuild's own resolution reports it, or leaves it external
          }
        });
      }
      b.onLoad({ filter: /.*/, namespace: THEME_NAMESPACE }, async (args) => ({
        ...(args.path === 'islands'
          ? await islandRegistry(theme)
          : generatedModule(
              theme,
              args.path,
              args.path === 'mdx-components' ? await unbundledComponents(theme, platform) : new Set(),
              platform === 'browser' ? await interactiveComponents(theme) : new Set(),
            )),
        resolveDir: root,
      }));
    },
  };
}

/** The registered components that need the browser (bundle/islands.ts), by file. */
async function interactiveComponents(theme: ThemeConfig): Promise<Set<string>> {
  const files = Object.values(theme.mdxComponents);
  const answers = await Promise.all(files.map((file) => isInteractiveComponent(file, siteRootOf(file))));
  return new Set(files.filter((_, i) => answers[i]));
}

/**
 * src/client/island-registry.ts of a site with its own components: a loader per interactive component, each a
 * dynamic import, so that each is a chunk of its own, loaded only by a page that uses it (src/client/islands.ts).
 */
async function islandRegistry(theme: ThemeConfig): Promise<{ contents: string; loader: 'js' }> {
  const interactive = await interactiveComponents(theme);
  const fields = Object.entries(theme.mdxComponents)
    .filter(([, file]) => interactive.has(file))
    .map(
      ([name, file]) =>
        `${JSON.stringify(name)}: () => import(${JSON.stringify(file)}).then((mod) => pick(mod, ${JSON.stringify(name)}, ${JSON.stringify(file)}))`,
    );
  return { contents: [PICK, `export const islands = { ${fields.join(', ')} };`].join('\n'), loader: 'js' };
}

/**
 * The source of a generated module: a component proxy, the content components, or the site's stylesheets.
 * @param lazy content components that need the browser: loaded when first rendered (client-side navigation of a
 *   page that names one by tag), so that they stay out of the first load; their MDX uses are islands.
 */
function generatedModule(
  theme: ThemeConfig,
  id: string,
  unbundled: ReadonlySet<string>,
  lazy: ReadonlySet<string> = new Set(),
): { contents: string; loader: 'js' | 'css' } {
  if (id === 'user.css')
    return { contents: theme.css.map((file) => `@import ${JSON.stringify(file)};`).join('\n'), loader: 'css' };
  if (id === 'mdx-components') {
    const entries = Object.entries(theme.mdxComponents);
    // A component that does not bundle renders its children here; its uses in pages are reported (mdx-evaluate.ts).
    const imports = entries.map(([name, file], i) =>
      unbundled.has(file)
        ? `const c${i} = { default: (props) => props.children ?? null };`
        : lazy.has(file)
          ? `const c${i} = { default: lazyComponent(() => import(${JSON.stringify(file)}).then((mod) => ({ default: pick(mod, ${JSON.stringify(name)}, ${JSON.stringify(file)}) }))) };`
          : `import * as c${i} from ${JSON.stringify(file)};`,
    );
    const fields = entries.map(
      ([name], i) => `${JSON.stringify(name)}: pick(c${i}, ${JSON.stringify(name)}, ${JSON.stringify(entries[i]![1])})`,
    );
    if (lazy.size > 0)
      imports.unshift(
        LAZY_COMPONENT,
        `import { startIslands } from ${JSON.stringify(path.join(docgenRoot(), runtimeFile(ISLAND_START)))};`,
        'startIslands();',
      );
    return {
      // ThemedImage's colour-mode rule rides along: a page's own `@theme/ThemedImage` is rendered at build time.
      contents: [
        `import ${JSON.stringify(path.join(docgenRoot(), runtimeFile('templates/docusaurus/themed.css')))};`,
        ...imports,
        PICK,
        `export const mdxComponents = { ${fields.join(', ')} };`,
      ].join('\n'),
      loader: 'js',
    };
  }
  const name = id as ThemeComponentName;
  const { export: exported } = THEME_COMPONENTS[name];
  const file = theme.components[name]!;
  return {
    contents: [
      `export * from ${JSON.stringify(`docgen/theme/${name}`)};`,
      `import * as site from ${JSON.stringify(file)};`,
      PICK,
      `const Override = pick(site, ${JSON.stringify(name)}, ${JSON.stringify(file)});`,
      exported === 'default' ? 'export default Override;' : `export { Override as ${exported} };`,
    ].join('\n'),
    loader: 'js',
  };
}

/**
 * The content components (`theme.mdxComponents`) that do not bundle for this platform: a migrated site's component
 * may import a file a prebuild step writes or a package that is not installed. They are rendered into pages at
 * build time and reported there (markdown/mdx-evaluate.ts), so the theme goes on without them instead of failing.
 */
async function unbundledComponents(theme: ThemeConfig, platform: 'node' | 'browser'): Promise<Set<string>> {
  const failed = new Set<string>();
  await Promise.all(
    Object.values(theme.mdxComponents).map(async (file) => {
      try {
        await build({
          entryPoints: [file],
          bundle: true,
          write: false,
          // Nothing is written; the server theme is bundled without an output folder (render/ssr.ts), the client's with one.
          ...(platform === 'browser' ? { outdir: path.join(path.dirname(file), '.docgen-check') } : {}),
          format: 'esm',
          platform,
          jsx: 'automatic',
          logLevel: 'silent',
          external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
          // as render/ssr.ts and bundle/client.ts bundle the theme
          loader: platform === 'node' ? { ...assetLoaders('node'), '.css': 'empty' } : assetLoaders('browser'),
          plugins: [docusaurusShimsPlugin(siteRootOf, isSiteCode)],
        });
      } catch {
        failed.add(file);
      }
    }),
  );
  return failed;
}

/**
 * Takes a site module's component: its default export, else the export named like the component. A module with
 * neither gets a component that throws when rendered, so the mistake is reported like any render error (with the
 * route, in the build's error list and the dev overlay) instead of failing the import of the whole theme.
 */
const PICK = `function pick(mod, name, file) {
  const component = mod.default ?? mod[name];
  if (component !== undefined) return component;
  return function MissingComponent() {
    throw new Error(file + " exports no component " + name + ": add 'export default function " + name + "' (or 'export function " + name + "')");
  };
}`;

/** A component loaded when first rendered, showing nothing meanwhile (React.lazy inside its own Suspense). */
const LAZY_COMPONENT = `import { createElement, lazy, Suspense } from 'react';
function lazyComponent(load) {
  const Lazy = lazy(load);
  return (props) => createElement(Suspense, { fallback: null }, createElement(Lazy, props));
}`;

function withoutExtension(file: string): string {
  return file.replace(/\.(js|jsx|ts|tsx|css)$/, '');
}
