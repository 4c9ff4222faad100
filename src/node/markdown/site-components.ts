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
import { build, type Plugin } from 'esbuild';
import { docusaurusShimsPlugin } from '../bundle/docusaurus-shims.js';
import { docgenRoot } from '../paths.js';

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
}

/** The element the rendered HTML holds where the use's children go. */
export const CHILDREN_TAG = 'dg-children';

/** A page's module, run: per use its component and a function computing its props; per expression its value. */
export interface PageModule {
  components: unknown[];
  props: (() => Record<string, unknown>)[];
  values: (() => unknown)[];
  /**
   * Renders a component to static HTML (react-dom/server renderToStaticMarkup).
   * @param withChildren pass a `<dg-children>` element as `children`
   * @throws whatever the component throws
   */
  render: (component: unknown, props: Record<string, unknown>, withChildren: boolean) => string;
  /** Renders what an expression gave (React elements, arrays of them) to static HTML. */
  renderNode: (node: unknown) => string;
}

/**
 * Bundles and runs a page's module (CommonJS, React from docgen's own copy so that hooks share one React).
 * @param options.siteRoot what `@site/` names
 * @throws esbuild's error when it does not bundle, or what the page's module throws when it runs
 */
export async function loadPageModule(
  page: PageModuleSource,
  options: { siteRoot: string; site: SiteComponentsSite },
): Promise<PageModule> {
  const fileImports = new Map<string, string>();
  for (const file of [
    ...page.uses.flatMap((use) => (use.from.kind === 'file' ? [use.from.file] : [])),
    ...Object.values(page.scope),
  ])
    if (!fileImports.has(file)) fileImports.set(file, `__dgFile${fileImports.size}`);
  const componentOf = (use: SiteComponentUse) =>
    use.from.kind === 'binding'
      ? use.name
      : use.from.kind === 'file'
        ? `__dgPick(${fileImports.get(use.from.file)}, ${JSON.stringify(use.name)})`
        : 'null';
  const source = [
    ...page.esm,
    `import { createElement as __dgH, Fragment as __dgFragment } from 'react';`,
    `import { renderToStaticMarkup as __dgRender } from 'react-dom/server';`,
    `import { setDocusaurusSite as __dgSetSite } from ${JSON.stringify(path.join(docgenRoot(), 'templates/docusaurus/site.ts'))};`,
    ...[...fileImports].map(([file, local]) => `import * as ${local} from ${JSON.stringify(file)};`),
    `__dgSetSite(${JSON.stringify(options.site)});`,
    `const __dgPick = (mod, name) => mod.default ?? mod[name];`,
    // Registered components are in every page's scope, as Docusaurus' MDXComponents are.
    ...Object.entries(page.scope).map(
      ([name, file]) => `const ${name} = __dgPick(${fileImports.get(file)}, ${JSON.stringify(name)});`,
    ),
    `export const components = [${page.uses.map(componentOf).join(', ')}];`,
    `export const props = [${page.uses.map((use) => `() => (${use.props})`).join(',\n')}];`,
    `export const values = [${page.expressions.map((expression) => `() => (${expression})`).join(',\n')}];`,
    `export const renderNode = (node) => __dgRender(__dgH(__dgFragment, null, node));`,
    `export const render = (component, props, withChildren) => __dgRender(__dgH(component, withChildren ? { ...props, children: __dgH(${JSON.stringify(CHILDREN_TAG)}) } : props));`,
  ].join('\n');
  const result = await build({
    stdin: { contents: source, resolveDir: path.dirname(page.file), sourcefile: page.file, loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    jsx: 'automatic',
    logLevel: 'silent',
    outdir: path.join(path.dirname(page.file), '.docgen-components'), // nothing is written
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    loader: { '.png': 'empty', '.jpg': 'empty', '.jpeg': 'empty', '.gif': 'empty', '.webp': 'empty', '.svg': 'empty' },
    plugins: [docusaurusShimsPlugin(options.siteRoot), contentImports],
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
  const module = { exports: {} as PageModule };
  const require = createRequire(path.join(docgenRoot(), 'package.json'));
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
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
