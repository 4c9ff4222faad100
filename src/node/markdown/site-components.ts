/**
 * The site's own components used in MDX pages, rendered at build time as Docusaurus renders them on its server:
 * the page's `import`s and `export`s and each use's props (literal or JavaScript, e.g.
 * `sources={{ light: useBaseUrl('/img/a.png'), dark: … }}`, `values={constants.oses}`) are bundled with esbuild
 * into one module per page (or partial), run in Node, and each use is rendered with react-dom/server to static
 * HTML; the use's Markdown children are put where the component renders `children`. Nothing of it ships to the
 * browser. Only for sites that register components (config `theme.mdxComponents`): that code is the site's, as
 * trusted as its config and theme (SECURITY.md, "Who is trusted").
 *
 * Failures never stop the build: a page module that does not bundle or run, props that throw, or a component that
 * throws while rendering is one warning (TemplateRenderFailed) at the use's file:line, and the use shows its children.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';
import type { ElementContent } from 'hast';
import type { DocsVersion } from '../../shared/types.js';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { docusaurusShimsPlugin } from '../bundle/docusaurus-shims.js';
import { assetLoaders, siteModuleInput } from '../bundle/site-module-loaders.js';
import { runtimeFile } from '../bundle/runtime-files.js';
import { docgenRoot } from '../paths.js';
import { failedLookupFiles, packageFilesOf } from './resolution-inputs.js';

/** What one page gives its module: its ESM source, its component uses and its other expressions. */
export interface PageModuleSource {
  /** The file the ESM and the uses come from (resolves its relative imports). */
  file: string;
  /** The source of each `import`/`export` block, in order. */
  esm: string[];
  uses: SiteComponentUse[];
  /** The source of each `{expression}` of the page to evaluate. */
  expressions: string[];
  /** The registered components (`theme.mdxComponents`, absolute files) the page's own imports do not bind. */
  scope: Record<string, string>;
  /**
   * The text of each raw import by its specifier (`!!raw-loader!./x.js`, `./x.js?raw`), as the page's compile read it
   * under the read policy (remark-mdx-content.ts): the module gets that text instead of bundling the specifier.
   */
  rawImports?: ReadonlyMap<string, string>;
}

/** One use of a component: `<Name …props>children</Name>`. */
export interface SiteComponentUse {
  name: string;
  /** A JavaScript object expression of the props, e.g. `{"title": "A", "sources": ({ light: … })}`. */
  props: string;
  /** Where the component comes from: a binding of the page's own imports, a registered file, or none (props only). */
  from: { kind: 'binding' } | { kind: 'file'; file: string } | { kind: 'none' };
}

/** What the components' hooks read about the site (templates/docusaurus/site.ts). */
export interface SiteComponentsSite {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  /** Docusaurus' `customFields` (site config `customFields`). */
  customFields: Record<string, unknown>;
  /** The docs versions the docs plugin's hooks list (SiteData.versions.items); [] on a site with one version. */
  versions: DocsVersion[];
}

/** The element an island's rendered HTML holds where the use's children go (src/client/islands.ts). */
export const CHILDREN_TAG = 'dg-children';

/**
 * The attribute each element of a use's children carries while the component renders (`data-dg-child="3"`): the
 * rendered HTML's element that has it is put back as docgen compiled it (rehype-site-components.ts).
 */
export const CHILD_MARK = 'data-dg-child';

/** A page's module, run: per use its component and a function computing its props; per expression its value. */
export interface PageModule {
  components: unknown[];
  props: (() => Record<string, unknown>)[];
  values: (() => unknown)[];
  /**
   * Renders a component to static HTML (react-dom/server renderToStaticMarkup), or, for an island, to HTML that
   * hydrates (renderToString).
   * @param children the use's compiled children (hast, elements marked with CHILD_MARK), null for none. The
   *   component gets them as MDX gives them in Docusaurus: one text is a string, several children an array, an
   *   element a React element with its own children, so it can read their text (`onlyText`) or map over them. An
   *   island gets a `<dg-children data-island>` instead, which stays in the page around the children
   *   (src/client/islands.ts hands it back to the component).
   * @throws whatever the component throws
   */
  render: (
    component: unknown,
    props: Record<string, unknown>,
    children: ElementContent[] | null,
    island?: boolean,
  ) => string;
  /** Renders what an expression gave (React elements, arrays of them) to static HTML. */
  renderNode: (node: unknown) => string;
}

/**
 * Runs a page's module: its code is compiled alone (esbuild transform, JSX with React's automatic runtime) and each
 * module it imports is bundled once per thread and shared by the pages (importedModule), so a page costs a
 * transform, not a bundle. React resolves to docgen's own copy, so that hooks and react-dom/server share one React.
 * @param options.siteRoot what `@site/` names
 * @throws esbuild's error when the page or an import does not compile, or what the page's module throws when it runs
 */
export async function loadPageModule(
  page: PageModuleSource,
  options: {
    siteRoot: string;
    site: SiteComponentsSite;
    /**
     * Told each file the resolution of the page's imports depends on (resolution-inputs.ts): the `package.json` of
     * the packages they bundled, the places an import that failed would have been found. The page is up to date
     * only while these files are as they were.
     */
    read?: (file: string) => void;
  },
): Promise<PageModule> {
  const registered = new Map<string, string>();
  for (const file of [
    ...page.uses.flatMap((use) => (use.from.kind === 'file' ? [use.from.file] : [])),
    ...Object.values(page.scope),
  ])
    if (!registered.has(file)) registered.set(file, `__dgFile${registered.size}`);
  const componentOf = (use: SiteComponentUse) =>
    use.from.kind === 'binding'
      ? use.name
      : use.from.kind === 'file'
        ? `__dgPick(${registered.get(use.from.file)}, ${JSON.stringify(use.name)})`
        : 'null';
  const source = [
    ...page.esm,
    ...[...registered].map(([file, local]) => `import * as ${local} from ${JSON.stringify(file)};`),
    `const __dgPick = (mod, name) => mod.default ?? mod[name];`,
    // Registered components are in every page's scope, as Docusaurus' MDXComponents are.
    ...Object.entries(page.scope).map(
      ([name, file]) => `const ${name} = __dgPick(${registered.get(file)}, ${JSON.stringify(name)});`,
    ),
    `export const components = [${page.uses.map(componentOf).join(', ')}];`,
    `export const props = [${page.uses.map((use) => `() => (${use.props})`).join(',\n')}];`,
    `export const values = [${page.expressions.map((expression) => `() => (${expression})`).join(',\n')}];`,
  ].join('\n');
  const { code } = await transform(source, {
    loader: 'tsx',
    format: 'cjs',
    jsx: 'automatic',
    sourcefile: page.file,
    logLevel: 'silent',
    // The page's own file URL, as webpack gives every module (site-module-loaders.ts).
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(page.file).href) },
  });
  const site = await siteState();
  site.setDocusaurusSite(options.site);
  const dir = path.dirname(page.file);
  const specs = [...code.matchAll(/\brequire\("((?:[^"\\]|\\.)*)"\)/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  const modules = new Map<string, unknown>();
  for (const spec of new Set(specs)) {
    const text = page.rawImports?.get(spec);
    if (text !== undefined) {
      modules.set(spec, { __esModule: true, default: text });
      continue;
    }
    const loaded = await importedModule(spec, dir, options.siteRoot).catch((error: unknown) => {
      for (const file of failedLookupFiles(error, dir)) options.read?.(file);
      return { exports: failedModule(spec, error), resolution: [] };
    });
    for (const file of loaded.resolution) options.read?.(file);
    modules.set(spec, loaded.exports);
  }
  const module = { exports: {} as Pick<PageModule, 'components' | 'props' | 'values'> };
  new Function('module', 'exports', 'require', code)(module, module.exports, (spec: string) => modules.get(spec));
  const { createElement, Fragment } = docgenRequire('react') as typeof import('react');
  const { renderToStaticMarkup, renderToString } = docgenRequire(
    'react-dom/server',
  ) as typeof import('react-dom/server');
  return {
    ...module.exports,
    renderNode: (node) => renderToStaticMarkup(createElement(Fragment, null, node as never)),
    render: (component, props, children, island = false) => {
      const element = createElement(
        component as never,
        children === null
          ? props
          : {
              ...props,
              children: island ? createElement(CHILDREN_TAG, { 'data-island': '' }) : reactChildren(children),
            },
      );
      return island ? renderToString(element) : renderToStaticMarkup(element);
    },
  };
}

/**
 * A use's compiled children as React children, as MDX's compiled page passes them (hast-util-to-jsx-runtime, which
 * @mdx-js/mdx's output mirrors): one child alone, several as an array; `"\n"` between blocks kept as MDX keeps it.
 */
function reactChildren(children: ElementContent[]): unknown {
  const jsxRuntime = docgenRequire('react/jsx-runtime') as typeof import('react/jsx-runtime');
  const fragment = toJsxRuntime(
    { type: 'root', children },
    { Fragment: jsxRuntime.Fragment, jsx: jsxRuntime.jsx, jsxs: jsxRuntime.jsxs },
  ) as { props: { children?: unknown } };
  return fragment.props.children;
}

/**
 * What a page gets for an import that does not bundle or run (a file a prebuild step writes, a package not
 * installed): its default export and every named one (`import { Installation } from './Installation'`) are a
 * component that throws, so each use of it is one warning naming the import that failed, and the page's other
 * components still render. `then` stays undefined: the module is awaited, and a thenable would be called.
 */
function failedModule(spec: string, error: unknown): unknown {
  const message = `the import of '${spec}' failed: ${messageOf(error)}`;
  const Failed = () => {
    throw new Error(message);
  };
  return new Proxy(
    { __esModule: true, default: Failed },
    {
      get: (target, key) =>
        key in target
          ? target[key as keyof typeof target]
          : key === 'then' || typeof key === 'symbol'
            ? undefined
            : Failed,
    },
  );
}

const docgenRequire = createRequire(path.join(docgenRoot(), 'package.json'));
const SITE_STATE = path.join(docgenRoot(), runtimeFile('templates/docusaurus/site.ts'));

interface LoadedModule {
  exports: unknown;
  /** The files it was bundled from and their modification times: a change loads it again (`docgen dev`). */
  inputs: [string, number][];
  /** The `package.json` of each package it was bundled from (resolution-inputs.ts packageFilesOf), absolute. */
  resolution: string[];
}

/** Per thread: each imported module, by importing folder (relative paths) or site root, and path. */
const importedModules = new Map<string, Promise<LoadedModule>>();

/** The one copy of templates/docusaurus/site.ts every bundle's shims share (what useBaseUrl reads). */
async function siteState(): Promise<typeof import('../../../templates/docusaurus/site.js')> {
  return (await loadModule(
    SITE_STATE,
    docgenRoot(),
    docgenRoot(),
  )) as typeof import('../../../templates/docusaurus/site.js');
}

/**
 * What `require(spec)` gives a page's code: React from docgen, anything else bundled (once) from the site, with
 * the files its resolution depends on (LoadedModule.resolution).
 * @throws esbuild's error when it does not bundle, or what it throws when it runs
 */
async function importedModule(
  spec: string,
  dir: string,
  siteRoot: string,
): Promise<Pick<LoadedModule, 'exports' | 'resolution'>> {
  if (/^react(-dom)?(\/|$)/.test(spec)) return { exports: docgenRequire(spec), resolution: [] };
  return loadedModule(spec, spec.startsWith('.') ? dir : siteRoot, dir);
}

async function loadModule(spec: string, scope: string, dir: string): Promise<unknown> {
  return (await loadedModule(spec, scope, dir)).exports;
}

/**
 * The files a registered component's module is bundled from (its file and everything it imports, docgen's shims
 * included), as the pages that use it load it: one bundle serves rendering and the island check (bundle/islands.ts).
 * @param file absolute path of the component's module
 * @param siteRoot what `@site/` names
 * @throws esbuild's error when the module does not bundle, or what it throws when it runs
 */
export async function componentInputFiles(file: string, siteRoot: string): Promise<string[]> {
  return (await loadedModule(file, siteRoot, path.dirname(file))).inputs.map(([input]) => input);
}

async function loadedModule(spec: string, scope: string, dir: string): Promise<LoadedModule> {
  const key = `${scope}\0${spec}`;
  const cached = importedModules.get(key);
  if (cached) {
    const loaded = await cached.catch(() => null);
    if (loaded?.inputs.every(([file, time]) => mtimeOf(file) === time)) return loaded;
  }
  const loading = bundleModule(spec, dir, path.resolve(scope));
  importedModules.set(key, loading);
  return loading;
}

async function bundleModule(spec: string, dir: string, siteRoot: string): Promise<LoadedModule> {
  const site = spec === SITE_STATE ? null : await siteState();
  const result = await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(spec)});`, resolveDir: dir, loader: 'js' },
    bundle: true,
    write: false,
    metafile: true,
    format: 'cjs',
    platform: 'node',
    jsx: 'automatic',
    logLevel: 'silent',
    absWorkingDir: dir,
    outdir: path.join(dir, '.docgen-components'), // nothing is written
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    // The render needs no stylesheet, nor the fonts and images one names with url() (the client bundle has them).
    loader: { ...assetLoaders('node'), '.css': 'empty' },
    plugins: [sharedSiteState, docusaurusShimsPlugin(siteRoot), contentImports],
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', code)(module, module.exports, (id: string) =>
    id === SITE_STATE ? site : docgenRequire(id),
  );
  const inputs = Object.keys(result.metafile.inputs)
    .map((input) => siteModuleInput(input) ?? input)
    .filter((file) => !file.includes(':'))
    .map((file): [string, number] => {
      const absolute = path.resolve(dir, file);
      return [absolute, mtimeOf(absolute)];
    });
  return { exports: module.exports, inputs, resolution: packageFilesOf(inputs.map(([file]) => file)) };
}

/**
 * The shims' `./site.js` stays outside each bundle: every bundle reads the one copy siteState loads. The request
 * names `site.ts` in a checkout (templates/) and is the file itself in the package (lib/theme/, compiled).
 */
const sharedSiteState: Plugin = {
  name: 'docgen-docusaurus-site-state',
  setup(b) {
    b.onResolve({ filter: /^\.\/site\.js$/ }, (args) => {
      const requested = path.resolve(args.resolveDir, args.path);
      return [requested, requested.replace(/\.js$/, '.ts')].includes(SITE_STATE) && args.importer !== ''
        ? { path: SITE_STATE, external: true }
        : undefined;
    });
  },
};

/** A file's modification time (ms), or -1 when it cannot be read: a file that comes back counts as changed. */
export function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * What a page imports besides components: `.md`/`.mdx` partials (docgen inlines them itself: a component
 * rendering nothing here), `?raw` files (their text), and stylesheets (nothing: the theme bundle styles the page).
 */
const contentImports: Plugin = {
  name: 'docgen-content-imports',
  setup(b) {
    b.onResolve({ filter: /\.mdx?$/ }, (args) => ({ path: args.path, namespace: 'docgen-partial' }));
    b.onLoad({ filter: /.*/, namespace: 'docgen-partial' }, () => ({
      contents: 'export default function Partial() { return null; }',
      loader: 'js',
    }));
    b.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: 'docgen-raw',
    }));
    b.onLoad({ filter: /.*/, namespace: 'docgen-raw' }, async (args) => ({
      contents: await import('node:fs/promises').then((fs) => fs.readFile(args.path, 'utf8')),
      loader: 'text',
    }));
    b.onResolve({ filter: /\.(s[ac]ss|less|styl)$/ }, () => ({ path: 'style', namespace: 'docgen-style' }));
    b.onLoad({ filter: /.*/, namespace: 'docgen-style' }, () => ({ contents: '', loader: 'js' }));
  },
};

/** An error's message, with esbuild's first error and its file:line when it is a bundling error. */
export function messageOf(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
  if (errors?.length) {
    const [first] = errors;
    return `${first!.text}${first!.location ? ` (${first!.location.file}:${first!.location.line})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
