/**
 * Renders a VitePress site's own Vue single-file components to static HTML at migrate time, with Vue's own
 * compiler (`vue/compiler-sfc`: `<script setup>`, `<script>`, TypeScript, templates compiled for SSR) and server
 * renderer (`vue/server-renderer`), as VitePress renders them on its server when it builds. The components and the
 * theme's `index.*` are bundled with esbuild into one CommonJS module run in Node: `vue` is docgen's copy, `vitepress`
 * a static shim (`useData()` gives the page's front matter and the site's data; `withBase`; `inBrowser` false;
 * `vitepress/theme`'s VPButton, VPTeamMembers, VPTeamPage*, VPBadge as plain markup), every other package an inert
 * stub, CSS imports nothing; an imported asset is its URL in the migrated site (Vite's `resolve.alias` applied), or
 * left out of the output and reported when it is no file of the site folder; a VitePress data loader (`x.data.ts`)
 * is run and its `data` exported, as VitePress does when it builds; the components' `<style>` blocks are compiled into the site's CSS. This is the site's own code, run at migrate time with the rights of the user (SECURITY.md,
 * "Who is trusted"). Vue runs `setup()` but not `onMounted` on the server, so what a component does in the browser
 * only (event handlers, effects after mount) is not carried: the caller reports it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, transform, transformSync, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import { parse as parseYaml } from 'yaml';
import { docgenRoot } from '../paths.js';
import { checkRead } from '../read-policy.js';
import { loadStaticModule, stubbedPackageOf } from './load-static.js';
import { type ContentSite, vitepressLoaderPackage } from './vitepress-content-loader.js';
import { componentOutputHtml } from './vue-output.js';

const docgenRequire = createRequire(path.join(docgenRoot(), 'package.json'));

/** What `useData()` gives a component while one page renders (VitePress `client/app/data.ts`, static values). */
export interface VuePageData {
  frontmatter: Record<string, unknown>;
  /** The page's path relative to the source folder, e.g. `guide/index.md`. */
  relativePath: string;
  title: string;
  description: string;
}

/** The site's data for the `vitepress` shim: the config's `title`, `description`, `lang`, `base`, `themeConfig`. */
export interface VueSiteData {
  title: string;
  description: string;
  lang: string;
  base: string;
  themeConfig: Record<string, unknown>;
}

/** The site's components, compiled and run. */
export interface VueComponentSet {
  /** Name -> component, for the registered ones (`app.component()`) and those of the components folders. */
  byName: Map<string, unknown>;
  /**
   * The components the theme's `Layout` puts in the default theme's home page slots (`home-features-after`), by
   * their name in `byName`, in the order the home page shows them (homeSlotsOf).
   */
  homeSlots: string[];
  /**
   * Runs a page's `<script setup>` (its imports bundled like the components) and gives its bindings.
   * @param script the block's content; `file` the page (resolves its relative imports)
   * @throws esbuild's error when the script does not bundle, or what the script throws when it runs
   */
  pageScope(file: string, script: string, page: VuePageData): Promise<Record<string, unknown>>;
  /**
   * Renders a piece of a page that is a Vue template (`<VPTeamMembers :members="teamMembers" />`, a whole block of
   * nested components and `<template #slot>`s) to static HTML, Vue's hydration markers removed: the page's
   * bindings and the site's components are in scope, and `$frontmatter`, `$site`, `$params` as in VitePress.
   * @param slot the text to put where the template holds {@link SLOT_MARK} (a use's Markdown content)
   * @returns the HTML, the packages whose components it used but that are not here (rendered as nothing), and the
   *   asset imports that could not be resolved whose attribute or style declaration was left out of the HTML
   * @throws Vue's compile error, or what a component throws in `setup()` or while rendering (`window is not defined`)
   */
  render(
    template: string,
    scope: Record<string, unknown>,
    page: VuePageData,
    slot?: string,
  ): Promise<{ html: string; missing: string[]; unresolved: UnresolvedAsset[] }>;
  /**
   * The asset files the components import that the migrated site must publish: path in the migrated content folder
   * (`vue-assets/vitepress/theme/logo.svg`, no leading `/`) -> absolute file, a file of the site folder.
   */
  assets(): Map<string, string>;
  /**
   * The components' `<style>` blocks compiled to plain CSS (scoped ones with the scope id their templates were
   * compiled with), in file order, and those that could not be (a preprocessor language, a compile error), for the
   * report.
   */
  styles(): ComponentStyles;
}

/** An asset import of a component that names no file of the site folder (a package that is not installed here). */
export interface UnresolvedAsset {
  /** The importing file (a `.vue` component, absolute) and the 1-based line of the import or attribute. */
  file: string;
  line: number | undefined;
  /** The import as written (`@assets/logo.svg`). */
  spec: string;
  why: string;
}

/** What running the site's code at migrate time could not do (a data loader that threw), for the report. */
export type VueProblem = (file: string, message: string, line?: number) => void;

/** The CSS of the site's single-file components (vue-render.ts compileSfcStyles). */
export interface ComponentStyles {
  css: string;
  /** One line per `<style>` block not carried: `file:line: why`. */
  skipped: { file: string; line: number; why: string }[];
}

/**
 * What Vite's `import.meta.env` holds while `vitepress build` renders pages on the server: a production build
 * (`MODE`, `PROD`, `DEV`), server side (`SSR`), and the site's `base` (Vite "Env Variables and Modes",
 * packages/vite/src/node/plugins/define.ts). Without it esbuild's CommonJS output leaves `import.meta` empty, and
 * one `import.meta.env.PROD` at a module's top level stopped every component of the site from loading.
 * @param base the VitePress `base` (`/`, `/docs/`)
 */
function viteEnv(base: string): Record<string, string | boolean> {
  return { MODE: 'production', PROD: true, DEV: false, SSR: true, BASE_URL: base };
}

/**
 * A VitePress config's `vite.define` as esbuild's `define`: a string is the expression the name stands for, any
 * other value is written as its JSON (Vite "Shared Options: define", packages/vite/src/node/plugins/define.ts).
 * An expression esbuild cannot substitute (a call, an operator: only JSON, names and `a.b` are) is left out, so
 * that the name stays undefined as it would without the config, instead of failing every component.
 * @param define the config's `vite.define`, as written; anything but an object gives `{}`
 * @returns name -> replacement, each one esbuild accepts
 */
export function viteDefines(define: unknown): Record<string, string> {
  if (define === null || typeof define !== 'object' || Array.isArray(define)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(define)) {
    const replacement = typeof value === 'string' ? value : JSON.stringify(value);
    if (replacement === undefined) continue;
    try {
      transformSync('', { define: { [name]: replacement }, logLevel: 'silent' });
      out[name] = replacement;
    } catch {
      // Not a replacement esbuild can make: see above.
    }
  }
  return out;
}

/** The default theme's home page slots around its hero and features, in page order (VPHome.vue, VPHero.vue). */
const HOME_SLOTS = [
  'home-hero-before',
  'home-hero-info-before',
  'home-hero-info-after',
  'home-hero-actions-after',
  'home-hero-after',
  'home-features-before',
  'home-features-after',
];

/**
 * The components a theme puts in the default theme's home slots, read from its `Layout` written as VitePress'
 * "Extending the Default Theme" shows it: `Layout: () => h(DefaultTheme.Layout, null, { 'home-features-after': () =>
 * h(Badges) })`. A slot that gives no component, or a `Layout` of another form (an SFC), gives nothing. A component
 * not registered yet is registered under its own name (`name`, or the SFC's file name as Vue's devtools show it).
 * @param layout the theme's `Layout`; `defaultLayout` the default theme's, as the shims give it
 * @returns the components' names in `byName`, in page order
 */
function homeSlotsOf(layout: unknown, defaultLayout: unknown, byName: Map<string, unknown>): string[] {
  if (typeof layout !== 'function' || layout === defaultLayout) return [];
  let vnode: { type?: unknown; children?: unknown } | undefined;
  try {
    vnode = (layout as () => typeof vnode)();
  } catch {
    return [];
  }
  if (!vnode || vnode.type !== defaultLayout || vnode.children === null || typeof vnode.children !== 'object')
    return [];
  const slots = vnode.children as Record<string, unknown>;
  const names: string[] = [];
  for (const slot of HOME_SLOTS) {
    const fill = slots[slot];
    let child: { type?: unknown } | undefined;
    try {
      child = typeof fill === 'function' ? (fill as () => typeof child)() : undefined;
    } catch {
      continue;
    }
    const component = child?.type;
    if (component === null || typeof component !== 'object') continue;
    let name = [...byName].find(([, known]) => known === component)?.[0];
    if (name === undefined) {
      const { name: given, __name, __file } = component as { name?: unknown; __name?: unknown; __file?: unknown };
      const own = given ?? __name ?? (typeof __file === 'string' ? path.basename(__file, '.vue') : undefined);
      if (typeof own !== 'string' || !/^[A-Z][\w-]*$/.test(own) || byName.has(own)) continue;
      byName.set(own, component);
      name = own;
    }
    names.push(name);
  }
  return names;
}

/**
 * Compiles and runs the site's single-file components and the theme's `index.*` (for its `app.component()` calls).
 * @param files absolute `.vue` files to compile (the components folders')
 * @param theme the theme's `index.*`, or undefined
 * @throws esbuild's error when the bundle does not build (the caller reports it and renders nothing)
 */
export async function loadVueComponents(options: {
  /** The source folder: an imported asset's URL is its path there. */
  root: string;
  /** The folder holding `.vitepress/`: no asset or data-loader file outside it is read. Default: `root`. */
  siteRoot?: string;
  files: string[];
  folderComponents: Map<string, string>;
  theme: string | undefined;
  site: VueSiteData;
  /** The VitePress config's `vite.resolve.alias`, as written (object or array form). */
  alias?: unknown;
  /** The VitePress config's `vite.define`, as written (`{ __VERSION__: JSON.stringify(version) }`). */
  define?: unknown;
  /** Told of a data loader that could not run. */
  onProblem?: VueProblem;
  /** VitePress `cleanUrls` (the URLs createContentLoader gives). */
  cleanUrls?: boolean;
}): Promise<VueComponentSet> {
  const context: { page: VuePageData; missing: Set<string> } = {
    missing: new Set(),
    page: { frontmatter: {}, relativePath: '', title: options.site.title, description: options.site.description },
  };
  const vue = docgenRequire('vue') as typeof import('vue');
  const styles = new Map<string, ComponentStyles>();
  const inlineStyles = new Map<string, string>();
  const shims = vitepressShims(vue, options.site, context);
  const assets: AssetContext = {
    srcDir: options.root,
    siteRoot: options.siteRoot ?? options.root,
    aliases: aliasEntries(options.alias),
    published: new Map(),
    unresolved: new Map(),
    onProblem: options.onProblem ?? (() => {}),
    cleanUrls: options.cleanUrls ?? false,
    loaders: new Map(),
  };
  const requireOf = (spec: string): unknown => {
    if (spec === 'vue' || spec.startsWith('vue/') || spec.startsWith('@vue/')) return docgenRequire(spec);
    if (spec === 'vitepress') return shims.vitepress;
    if (spec === 'vitepress/theme' || spec === 'vitepress/theme-without-fonts') return shims.theme;
    return inertModule(spec, vue, context.missing, shims.theme);
  };
  const run = async <T>(contents: string, resolveDir: string, sourcefile: string): Promise<T> => {
    const result = await build({
      stdin: { contents, resolveDir, sourcefile, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      logLevel: 'silent',
      define: { ...viteDefines(options.define), 'import.meta.env': JSON.stringify(viteEnv(options.site.base)) },
      plugins: [vueSfcPlugin(assets, styles)],
    });
    const module = { exports: {} as T };
    new Function('module', 'exports', 'require', result.outputFiles[0]!.text)(module, module.exports, requireOf);
    return module.exports;
  };
  const site = await run<{ files: unknown[]; theme: { enhanceApp?: (ctx: unknown) => unknown } }>(
    [
      ...options.files.map((file, i) => `import __c${i} from ${JSON.stringify(file)};`),
      options.theme ? `import * as __theme from ${JSON.stringify(options.theme)};` : 'const __theme = {};',
      `export const files = [${options.files.map((_, i) => `__c${i}`).join(', ')}];`,
      'export const theme = __theme.default ?? {};',
    ].join('\n'),
    docgenRoot(),
    'dg-vue-entry.js',
  );
  const byFile = new Map(options.files.map((file, i) => [file, site.files[i]]));
  const byName = new Map<string, unknown>();
  for (const [name, file] of options.folderComponents) byName.set(name, byFile.get(file));
  const app = {
    component(name: string, component?: unknown) {
      if (component !== undefined) byName.set(name, component);
      return app;
    },
    use: () => app,
    provide: () => app,
    directive: () => app,
    mixin: () => app,
    config: { globalProperties: {} },
  };
  // The components registered before a call into a package that is not here stay registered.
  await (async () => site.theme.enhanceApp?.({ app, router: {}, siteData: { value: options.site } }))().catch(() => {});
  // VitePress registers <ClientOnly> for every page (client/app/index.ts), unless the theme registers its own.
  if (!byName.has('ClientOnly')) byName.set('ClientOnly', shims.clientOnly);
  const { renderToString } = docgenRequire('vue/server-renderer') as typeof import('vue/server-renderer');
  const sfc = docgenRequire('vue/compiler-sfc') as typeof import('vue/compiler-sfc');
  return {
    byName,
    homeSlots: homeSlotsOf((site.theme as { Layout?: unknown }).Layout, shims.theme.default.Layout, byName),
    assets: () => new Map(assets.published),
    styles: () => {
      const files = [...styles.keys()].sort();
      return {
        css:
          files.map((file) => styles.get(file)!.css).join('') +
          (inlineStyles.size > 0
            ? `/* inline styles */\n${[...inlineStyles.keys()]
                .sort()
                .map((name) => inlineStyles.get(name))
                .join('\n')}\n`
            : ''),
        skipped: files.flatMap((file) => styles.get(file)!.skipped),
      };
    },
    async pageScope(file, script, page) {
      context.page = page;
      const compiled = compileSfcSource(`<script setup>\n${script}\n</script>\n`, file, { inline: false });
      const module = await run<{ default: { setup: (props: unknown, ctx: unknown) => Record<string, unknown> } }>(
        compiled,
        path.dirname(file),
        file,
      );
      const ctx = { expose: () => {}, attrs: {}, slots: {}, emit: () => {} };
      // A plain copy, refs unwrapped: script setup's own bindings object is marked `__isScriptSetup`, which a
      // template compiled without binding metadata (`_ctx.x`) does not read.
      // A script with a top-level `await` compiles to an async setup: its bindings, or its failure, come later.
      return { ...vue.proxyRefs((await module.default.setup({}, ctx)) ?? {}) };
    },
    async render(template, scope, page, slot) {
      context.page = page;
      context.missing = new Set();
      const compiled = sfc.compileTemplate({
        source: template,
        filename: page.relativePath,
        id: 'page',
        ssr: true,
        ssrCssVars: [],
      });
      if (compiled.errors.length > 0) throw new Error(String(compiled.errors[0]));
      const { code } = await transform(compiled.code, { format: 'cjs', loader: 'js' });
      const module = { exports: {} as { ssrRender: unknown } };
      new Function('module', 'exports', 'require', code)(module, module.exports, docgenRequire);
      const components = Object.fromEntries(Object.entries(scope).filter(([name]) => /^[A-Z]/.test(name)));
      const root = { components, setup: () => scope, ssrRender: module.exports.ssrRender };
      const app = vue.createSSRApp(root as never);
      // VitePress' default theme registers Badge globally (client/theme-default/index.ts).
      app.component('Badge', shims.badge);
      for (const [name, value] of byName) app.component(name, value as never);
      Object.assign(app.config.globalProperties, {
        $frontmatter: page.frontmatter,
        $site: options.site,
        $params: {},
      });
      app.config.warnHandler = () => {};
      let thrown: unknown;
      app.config.errorHandler = (error) => {
        thrown ??= error;
      };
      const html = await renderToString(app);
      if (thrown !== undefined) throw thrown;
      const unresolved = [...new Set(html.match(UNRESOLVED_TOKEN))].flatMap((token) => {
        const found = [...assets.unresolved.values()].find((entry) => entry.token === token);
        return found ? [found.asset] : [];
      });
      return {
        html: componentOutputHtml(html.replace(/<!--[[\]]?-->/g, ''), inlineStyles, UNRESOLVED_TOKEN)
          .replace(UNRESOLVED_TOKEN, '')
          .replaceAll(SLOT_MARK, () => slot ?? ''),
        missing: [...context.missing],
        unresolved,
      };
    },
  };
}

/** The text a template holds where a use's Markdown content goes; replaced by that content. */
export const SLOT_MARK = 'DGVUESLOT0d6f2b';

const RESOLVING = Symbol('resolving');

// Not .json: Vite imports a JSON file as its parsed data (esbuild's json loader does the same).
const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|woff2?|ttf|otf|riv|json5|txt)$/;

/** An import of an asset, a query (`?url`) or fragment allowed. */
const ASSET_IMPORT =
  /\.(svg|png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|woff2?|ttf|otf|riv|json5|txt)([?#].*)?$/;

/**
 * What an unresolved asset import evaluates to instead of its URL: a mark that survives Vue's escaping and a URL
 * context, by which vue-output.ts leaves out the attribute or style declaration that holds it.
 */
const UNRESOLVED_TOKEN = /DGVUEASSET\d+X/g;

/** Where the components' assets go and what could not be resolved, for one set of components. */
interface AssetContext {
  srcDir: string;
  siteRoot: string;
  aliases: AliasEntry[];
  /** Path in the migrated content folder -> absolute file. */
  published: Map<string, string>;
  /** `importer\0spec` -> its mark and what to report. */
  unresolved: Map<string, { token: string; asset: UnresolvedAsset }>;
  onProblem: VueProblem;
  /** VitePress `cleanUrls`: the URLs createContentLoader gives have no `.html`. */
  cleanUrls: boolean;
  /** Data loader file -> its module (dataLoaderModule), run once however many pages import it. */
  loaders: Map<string, Promise<string>>;
}

/** An entry of Vite's `resolve.alias`, as @rollup/plugin-alias reads it. */
export interface AliasEntry {
  find: string | RegExp;
  replacement: string;
}

/**
 * Vite's `resolve.alias` as a list of entries: the object form (`{ '@assets': '/abs/assets' }`) in key order, the
 * array form (`[{ find: /^@\//, replacement: '/abs/' }]`) as written. An entry whose replacement is not a string (a
 * stub of a package the config imported) is left out; anything else than an object or an array gives none.
 */
export function aliasEntries(alias: unknown): AliasEntry[] {
  if (alias === null || typeof alias !== 'object' || stubbedPackageOf(alias) !== undefined) return [];
  const entries = Array.isArray(alias)
    ? alias.map((entry) => entry as { find?: unknown; replacement?: unknown })
    : Object.entries(alias).map(
        ([find, replacement]) => ({ find, replacement }) as { find: unknown; replacement: unknown },
      );
  return entries.filter(
    (entry): entry is AliasEntry =>
      entry !== null &&
      typeof entry === 'object' &&
      (typeof entry.find === 'string' || entry.find instanceof RegExp) &&
      typeof entry.replacement === 'string',
  );
}

/**
 * An import with Vite's aliases applied, as @rollup/plugin-alias does: the first entry whose `find` is a RegExp that
 * matches the import, or a string that is the import or is followed in it by `/`, replaces that part
 * (`String.replace`); a relative replacement stays relative (to the importer), as in Vite.
 * @returns the new import, or undefined when no entry matches
 */
export function applyAlias(spec: string, entries: readonly AliasEntry[]): string | undefined {
  const entry = entries.find(({ find }) =>
    typeof find === 'string' ? spec === find || spec.startsWith(`${find}/`) : new RegExp(find).test(spec),
  );
  return entry ? spec.replace(entry.find, entry.replacement) : undefined;
}

/**
 * The URL an asset file of the site gets in the migrated site, recording the file to publish there: its path in
 * the source folder when the copy of that folder carries it (no `.`, `_` or `node_modules` folder on the way, not
 * in `public/`), else `vue-assets/` and its path in the site folder (leading dots and underscores dropped: a dot
 * folder is not published).
 * @returns undefined for a file outside the site folder (symbolic links followed): it is not read
 */
function assetUrl(file: string, ctx: AssetContext): string | undefined {
  if (!existsSync(file) || checkRead(file, { roots: [ctx.siteRoot] }).outside) return undefined;
  const inSource = path.relative(ctx.srcDir, file).split(path.sep);
  const copied =
    inSource[0] !== '..' &&
    inSource[0] !== 'public' &&
    !path.isAbsolute(inSource[0]!) &&
    inSource.every((part) => !/^[._]/.test(part) && part !== 'node_modules');
  const published = copied
    ? inSource.join('/')
    : [
        'vue-assets',
        ...path
          .relative(ctx.siteRoot, file)
          .split(path.sep)
          .map((part) => part.replace(/^[._]+/, '') || 'x'),
      ].join('/');
  ctx.published.set(published, file);
  return `/${published}`;
}

/** The 1-based line of `file` where `needle` first occurs, or undefined. */
function lineOf(file: string, needle: string): number | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(needle);
    return at < 0 ? undefined : text.slice(0, at).split('\n').length;
  } catch {
    return undefined;
  }
}

/**
 * `.vue` files compiled for the server (their `<style>` blocks compiled into `styles`, by file); CSS imports dropped;
 * an asset import is its URL (Vite's `resolve.alias` applied, the file published: assetUrl) or, when it names no file
 * of the site folder, a mark (UNRESOLVED_TOKEN) the output leaves out; a data loader is run (dataLoaderModule);
 * other packages left to the runtime `require`.
 */
function vueSfcPlugin(ctx: AssetContext, styles: Map<string, ComponentStyles>): Plugin {
  const root = ctx.srcDir;
  return {
    name: 'docgen-vue-sfc',
    setup(build) {
      build.onResolve({ filter: ASSET_IMPORT }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === RESOLVING) return undefined;
        const spec = args.path.replace(/[?#].*$/, '');
        const target = applyAlias(spec, ctx.aliases) ?? spec;
        let file: string | undefined;
        if (path.isAbsolute(target)) file = target;
        else {
          const { kind, resolveDir, importer } = args;
          const found = await build.resolve(target, { kind, resolveDir, importer, pluginData: RESOLVING });
          if (found.errors.length === 0 && !found.external && found.namespace === 'file') file = found.path;
        }
        const url = file === undefined ? undefined : assetUrl(file, ctx);
        if (url !== undefined) return { path: file, namespace: 'dg-asset', pluginData: url };
        const key = `${args.importer}\0${args.path}`;
        if (!ctx.unresolved.has(key))
          ctx.unresolved.set(key, {
            token: `DGVUEASSET${ctx.unresolved.size}X`,
            asset: {
              file: args.importer,
              line: lineOf(args.importer, args.path),
              spec: args.path,
              why:
                file !== undefined && existsSync(file)
                  ? 'is outside the site folder'
                  : /^[./]/.test(target)
                    ? 'is not a file here'
                    : 'names a package (or an alias) that is not here',
            },
          });
        return { path: key, namespace: 'dg-asset', pluginData: ctx.unresolved.get(key)!.token };
      });
      build.onLoad({ filter: /.*/, namespace: 'dg-asset' }, (args) => ({
        contents: `export default ${JSON.stringify(args.pluginData)};`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^[^./]|^\.[^./]/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === RESOLVING || path.isAbsolute(args.path))
          return undefined;
        // A Vite alias into the site folder (`@theme/Card.vue`) is followed; a package stays the runtime's.
        const aliased = applyAlias(args.path, ctx.aliases);
        if (aliased !== undefined) {
          const { kind, resolveDir, importer } = args;
          const found = await build.resolve(aliased, { kind, resolveDir, importer, pluginData: RESOLVING });
          if (found.errors.length === 0 && !checkRead(found.path, { roots: [ctx.siteRoot] }).outside) return found;
        }
        return { path: args.path, external: true };
      });
      build.onResolve({ filter: /\.(css|scss|sass|less|styl)(\?.*)?$/ }, () => ({
        path: 'css',
        namespace: 'dg-empty',
      }));
      // A site file that is not there (written by a prebuild step, left out of a copy) is inert as a package is, so
      // that one missing file fails only what uses it.
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        const { kind, resolveDir, importer } = args;
        const found = await build.resolve(args.path, { kind, resolveDir, importer, pluginData: RESOLVING });
        return found.errors.length > 0 ? { path: args.path, external: true } : found;
      });
      // An asset imported by an absolute path (not seen above: no import names it so) is its URL too.
      build.onLoad({ filter: ASSET }, (args) => ({
        contents: `export default ${JSON.stringify(assetUrl(args.path, ctx) ?? '')};`,
        loader: 'js',
      }));
      build.onLoad({ filter: /.*/, namespace: 'dg-empty' }, () => ({ contents: '', loader: 'js' }));
      // A VitePress data loader (`x.data.ts`): its `data` as VitePress computes it at build.
      build.onLoad({ filter: /\.data\.[cm]?[jt]s$/ }, async (args) => {
        if (!ctx.loaders.has(args.path))
          ctx.loaders.set(
            args.path,
            dataLoaderModule(args.path, ctx.siteRoot, ctx.onProblem, { srcDir: ctx.srcDir, cleanUrls: ctx.cleanUrls }),
          );
        return { contents: await ctx.loaders.get(args.path)!, loader: 'js' };
      });
      build.onLoad({ filter: /\.vue$/ }, (args) => {
        let contents: string;
        try {
          contents = compileSfc(args.path);
          styles.set(args.path, compileSfcStyles(args.path, root, ctx));
        } catch (error) {
          // One component that does not compile fails its own uses, not the others.
          const message = JSON.stringify(error instanceof Error ? error.message : String(error));
          contents = `export default { setup() { throw new Error(${message}); } };`;
        }
        return { contents, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
      // YAML is data to a component as JSON is (a site reads it through a Vite plugin: @rollup/plugin-yaml,
      // @modyfi/vite-plugin-yaml, its own `load` hook): its parsed value is the default export.
      build.onLoad({ filter: /\.ya?ml$/ }, (args) => {
        try {
          return {
            contents: `export default ${JSON.stringify(parseYaml(readFileSync(args.path, 'utf8')) ?? null)};`,
            loader: 'js',
          };
        } catch (error) {
          return inertImport(
            args.path,
            `is YAML that does not parse (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
            ctx,
          );
        }
      });
      // A file of a type esbuild reads with no loader (`.toml`, `.graphql`, `.md`): what a site's Vite plugin made
      // of it is unknown here, so it is inert (undefined) and reported, and only what uses it fails, not every
      // component of the site with it.
      build.onLoad({ filter: /\.[^./\\]+$/ }, (args) =>
        ESBUILD_LOADS.test(args.path) ? undefined : inertImport(args.path, 'is of a type docgen does not read', ctx),
      );
    },
  };
}

/** The files esbuild loads by itself (its default loaders) or that vueSfcPlugin loads. */
const ESBUILD_LOADS = /\.(?:[cm]?[jt]sx?|json|css|txt|vue)$/;

/** An imported file that cannot be read: reported once by `onProblem`, imported as undefined. */
function inertImport(file: string, why: string, ctx: AssetContext): { contents: string; loader: 'js' } {
  ctx.onProblem(
    file,
    `imported by the site's Vue components, ${why}: it is undefined to them, and what they render from it is missing`,
  );
  return { contents: 'export default undefined;', loader: 'js' };
}

/** How long a data loader's `load()` may take at migrate time. */
const LOAD_TIMEOUT_MS = 20_000;

/**
 * A VitePress data loader (`x.data.ts`, `export default { watch?, load(watchedFiles) }`, VitePress guide "Build-Time
 * Data Loading") as the module VitePress makes of it when it builds (vitepress src/node/plugins/staticDataPlugin.ts):
 * the loader module is run with its packages stubbed (load-static.ts loadStaticModule), its `load()` called with the
 * absolute, sorted files its `watch` globs match (relative to the loader's folder; only those of the site folder)
 * or `[]` without `watch`, and awaited, and the result, through JSON, is the named export `data`. A loader that
 * does not compile, throws, uses the network (`fetch` throws while it runs), takes longer than LOAD_TIMEOUT_MS or
 * comes from a package that is not here gives `data` undefined, and `onProblem` names the loader file, its line and
 * the error. VitePress' own `createContentLoader` is migrate's (vitepress-content-loader.ts), over the pages of
 * `site.srcDir`.
 */
export async function dataLoaderModule(
  file: string,
  siteRoot: string,
  onProblem: VueProblem,
  site: ContentSite = { srcDir: siteRoot, cleanUrls: false },
): Promise<string> {
  const fallback = 'export const data = undefined;';
  const line = lineOf(file, 'load') ?? 1;
  const fail = (why: string) => {
    onProblem(
      file,
      `VitePress data loader could not run at migrate time (${why}): its \`data\` is undefined, and what the pages render from it is missing`,
      line,
    );
    return fallback;
  };
  const realFetch = globalThis.fetch;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { value } = await loadStaticModule(file, { packages: { vitepress: vitepressLoaderPackage(site) } });
    const loader = value as { watch?: unknown; load?: unknown } | null;
    const stub = stubbedPackageOf(loader) ?? stubbedPackageOf(loader?.load);
    if (stub !== undefined) return fail(`it is made with '${stub}', which is not run at migrate time`);
    if (typeof loader?.load !== 'function') return fail('its default export has no load() function');
    const globs = typeof loader.watch === 'string' ? [loader.watch] : Array.isArray(loader.watch) ? loader.watch : [];
    const watched = fg
      .sync(
        globs.filter((glob): glob is string => typeof glob === 'string').map((glob) => glob.replace(/^\.\//, '')),
        { cwd: path.dirname(file), absolute: true, onlyFiles: true, ignore: ['**/node_modules/**', '**/dist/**'] },
      )
      .map((found) => path.normalize(found))
      .filter((found) => !checkRead(found, { roots: [siteRoot] }).outside)
      .sort();
    globalThis.fetch = () => Promise.reject(new Error('fetch() is not available: migrate does not use the network'));
    const data = await Promise.race([
      Promise.resolve((loader.load as (files: string[]) => unknown)(watched)),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`load() took longer than ${LOAD_TIMEOUT_MS / 1000} s`)),
          LOAD_TIMEOUT_MS,
        );
      }),
    ]);
    const json = JSON.stringify(data);
    return json === undefined ? fallback : `export const data = JSON.parse(${JSON.stringify(json)});`;
  } catch (error) {
    return fail((error instanceof Error ? error.message : String(error)).split('\n')[0]!);
  } finally {
    globalThis.fetch = realFetch;
    clearTimeout(timer);
  }
}

/**
 * One single-file component as an ES module for Vue's server renderer (what `@vitejs/plugin-vue` does for an SSR
 * build): the script (setup or not) with the template compiled to `ssrRender`, and the scope id of scoped styles.
 * @throws Vue's first parse or compile error, naming the file
 */
export function compileSfc(file: string): string {
  return compileSfcSource(readFileSync(file, 'utf8'), file, { inline: true });
}

/**
 * The scope id of a component's scoped styles: `data-v-` and 8 hex digits of the SHA-256 of its file name and source.
 * `@vitejs/plugin-vue` hashes the path relative to the project root, plus the source in production builds; the
 * absolute path (what this hashed before) made the ids, and so the migrated pages and CSS, differ between checkouts.
 */
function scopeIdOf(file: string, source: string): string {
  return `data-v-${createHash('sha256')
    .update(`${path.basename(file)}\0${source}`)
    .digest('hex')
    .slice(0, 8)}`;
}

/**
 * A single-file component's `<style>` blocks as plain CSS, as `@vitejs/plugin-vue` compiles them: `compileStyle` of
 * `vue/compiler-sfc`, a `scoped` block with the scope id {@link compileSfc} gave its template (so `.a` becomes
 * `.a[data-v-…]` and `:deep()` works), the others as written. A block in another language (`lang="scss"`), a
 * `module` or `src` block, or one that does not compile is skipped and named in `skipped`.
 * @param options.aliases Vite's `resolve.alias` (aliasEntries), applied to `url()`s as Vite does; `siteRoot` the
 *   folder an aliased file must be in (default `root`)
 */
export function compileSfcStyles(
  file: string,
  root: string,
  options: { aliases?: readonly AliasEntry[]; siteRoot?: string } = {},
): ComponentStyles {
  const sfc = docgenRequire('vue/compiler-sfc') as typeof import('vue/compiler-sfc');
  const source = readFileSync(file, 'utf8');
  const { descriptor } = sfc.parse(source, { filename: file });
  const result: ComponentStyles = { css: '', skipped: [] };
  for (const style of descriptor.styles) {
    const line = style.loc.start.line;
    const why =
      style.lang && style.lang !== 'css'
        ? `<style lang="${style.lang}"> is not compiled (plain CSS only)`
        : style.module
          ? '<style module> is not carried'
          : style.src
            ? `<style src="${style.src}"> is not carried`
            : undefined;
    if (why) {
      result.skipped.push({ file, line, why });
      continue;
    }
    const compiled = sfc.compileStyle({
      source: style.content,
      filename: file,
      id: scopeIdOf(file, source),
      scoped: style.scoped,
    });
    if (compiled.errors.length > 0) {
      result.skipped.push({
        file,
        line,
        why: `<style> does not compile: ${String(compiled.errors[0]).split('\n')[0]}`,
      });
      continue;
    }
    const css = compiled.code.replace(CSS_URL, (whole, quote: string, url: string) => {
      const found = styleAsset(url, file, root, options);
      if (found !== undefined) return found === url ? whole : `url(${JSON.stringify(found)})`;
      result.skipped.push({ file, line, why: `url(${url}) is not a file of the site: replaced by none` });
      return 'none';
    });
    result.css += `/* ${path.basename(file)} */\n${css.trim()}\n`;
  }
  return result;
}

/** A `url(…)` of a stylesheet, quoted or not. */
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/g;

/**
 * What a component stylesheet's `url()` becomes in the migrated site's CSS, which docgen's client bundle copies
 * with its files: an absolute, `data:` or fragment URL as written; a relative one, the file it names (absolute
 * path); a root-relative one, the file of the source folder's `public/` (as Vite serves it); one Vite's
 * `resolve.alias` rewrites (`@assets/…`), the file it names when that is in the site folder. Undefined for a file
 * that is not there.
 */
function styleAsset(
  url: string,
  file: string,
  root: string,
  options: { aliases?: readonly AliasEntry[]; siteRoot?: string },
): string | undefined {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) return url;
  const aliased = applyAlias(url.split(/[?#]/)[0]!, options.aliases ?? []);
  if (aliased !== undefined) {
    const candidate = path.resolve(path.dirname(file), aliased);
    return existsSync(candidate) && !checkRead(candidate, { roots: [options.siteRoot ?? root] }).outside
      ? candidate
      : undefined;
  }
  const candidate = url.startsWith('/')
    ? path.join(root, 'public', url.split(/[?#]/)[0]!)
    : path.resolve(path.dirname(file), url.split(/[?#]/)[0]!);
  return (url.startsWith('.') || url.startsWith('/')) && existsSync(candidate) ? candidate : undefined;
}

/**
 * {@link compileSfc} of a source; `inline: false` keeps `setup()` returning its bindings (what a page's
 * `<script setup>` gives the templates of the page).
 */
function compileSfcSource(source: string, file: string, options: { inline: boolean }): string {
  const sfc = docgenRequire('vue/compiler-sfc') as typeof import('vue/compiler-sfc');
  const { descriptor, errors } = sfc.parse(source, { filename: file });
  if (errors.length > 0) throw new Error(`${file}: ${String(errors[0])}`);
  const id = scopeIdOf(file, source).slice('data-v-'.length);
  const scopeId = descriptor.styles.some((style) => style.scoped) ? scopeIdOf(file, source) : undefined;
  const templateOptions = { ssr: true, ssrCssVars: [], compilerOptions: { scopeId } };
  let code = 'const _sfc_main = {};';
  if (descriptor.script || descriptor.scriptSetup) {
    code = sfc.compileScript(descriptor, {
      id,
      genDefaultAs: '_sfc_main',
      inlineTemplate: options.inline,
      templateOptions,
    }).content;
  }
  if (!descriptor.scriptSetup && descriptor.template) {
    const template = sfc.compileTemplate({
      source: descriptor.template.content,
      filename: file,
      id,
      scoped: scopeId !== undefined,
      ...templateOptions,
    });
    if (template.errors.length > 0) throw new Error(`${file}: ${String(template.errors[0])}`);
    code += `\n${template.code}\n_sfc_main.ssrRender = ssrRender;`;
  }
  if (scopeId) code += `\n_sfc_main.__scopeId = ${JSON.stringify(scopeId)};`;
  code += `\n_sfc_main.__file = ${JSON.stringify(file)};`;
  return `${code}\nexport default _sfc_main;`;
}

/**
 * A package that is not here (the theme's npm packages, `@components/...` aliases of another theme): any property
 * is a no-op function that returns another stub, except its default export and capitalised exports, which are
 * components that render nothing and note the package in `missing`, so that a component using them still renders
 * what is its own and the caller reports what was left out.
 */
function inertModule(
  spec: string,
  vue: typeof import('vue'),
  missing: Set<string>,
  theme: Record<string, unknown>,
): unknown {
  const stub: unknown = new Proxy(() => {}, {
    get: (_, key) => (key === '__esModule' ? true : key === Symbol.toPrimitive ? () => '' : stub),
    apply: () => stub,
    construct: () => ({}) as object,
  });
  const absent = vue.defineComponent({
    name: 'Missing',
    setup: () => () => {
      missing.add(spec);
      return null;
    },
  });
  return new Proxy(
    {},
    {
      get: (_, key) =>
        key === '__esModule'
          ? true
          : typeof key === 'string' && /^VP[A-Z]/.test(key) && theme[key]
            ? theme[key] // a theme that re-exports VitePress' own components (VPTeamMembers…)
            : key === 'default' || (typeof key === 'string' && /^[A-Z]/.test(key))
              ? absent
              : (stub as Record<string | symbol, unknown>)[key],
    },
  );
}

/** The parts of `vitepress` and `vitepress/theme` components use, static (VitePress `client/app/index.ts`). */
function vitepressShims(vue: typeof import('vue'), site: VueSiteData, context: { page: VuePageData }) {
  const base = site.base.endsWith('/') ? site.base : `${site.base}/`;
  const withBase = (link: string) => (/^(?:[a-z]+:|\/\/|#)/i.test(link) ? link : `${base}${link.replace(/^\//, '')}`);
  const useData = () => {
    const { page } = context;
    return {
      site: vue.ref(site),
      theme: vue.ref(site.themeConfig),
      page: vue.ref({ ...page, headers: [], params: {} }),
      frontmatter: vue.ref(page.frontmatter),
      params: vue.ref({}),
      title: vue.ref(page.title),
      description: vue.ref(page.description),
      lang: vue.ref(site.lang),
      localeIndex: vue.ref('root'),
      isDark: vue.ref(false),
      dir: vue.ref('ltr'),
      hash: vue.ref(''),
    };
  };
  const route = () => ({
    path: `${base}${context.page.relativePath.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`,
  });
  const h = vue.h;
  const VPButton = vue.defineComponent({
    props: ['tag', 'size', 'theme', 'text', 'href', 'target', 'rel'],
    setup: (props) => () => h('a', { href: props.href ? withBase(props.href) : undefined }, props.text),
  });
  const badge = vue.defineComponent({
    props: ['type', 'text'],
    setup:
      (props, { slots }) =>
      () =>
        h('Badge', { type: props.type ?? 'tip', text: props.text }, slots.default?.()),
  });
  type Member = {
    avatar?: string;
    name?: string;
    title?: string;
    org?: string;
    desc?: string;
    links?: { link: string }[];
  };
  const VPTeamMembers = vue.defineComponent({
    props: ['size', 'members'],
    setup: (props) => () =>
      h(
        'ul',
        ((props.members ?? []) as Member[]).map((member) =>
          h('li', [
            member.avatar ? h('img', { src: member.avatar, alt: member.name, width: 64, height: 64 }) : null,
            h('strong', member.name),
            member.title || member.org
              ? h('span', [' ', [member.title, member.org].filter(Boolean).join(' @ ')])
              : null,
            member.desc ? h('p', member.desc) : null,
            (member.links ?? []).length > 0
              ? h(
                  'p',
                  (member.links ?? []).map((link) => h('a', { href: link.link }, [new URL(link.link).hostname, ' '])),
                )
              : null,
          ]),
        ),
      ),
  });
  // VitePress' team page parts (client/theme-default/components/VPTeamPage*.vue): title and lead as heading and text.
  const section = (heading: 'h1' | 'h2') =>
    vue.defineComponent({
      setup:
        (_, { slots }) =>
        () =>
          h('section', [
            slots.title ? h(heading, slots.title()) : null,
            slots.lead ? h('p', slots.lead()) : null,
            slots.members?.(),
            slots.default?.(),
          ]),
    });
  const Layout = vue.defineComponent({
    setup:
      (_, { slots }) =>
      () =>
        h('div', slots.default?.()),
  });
  // VitePress' <ClientOnly> (client/app/components/ClientOnly.ts) renders its slot, no element of its own, once
  // mounted: a static page shows what the browser shows then.
  const clientOnly = vue.defineComponent({
    setup:
      (_, { slots }) =>
      () =>
        slots.default?.(),
  });
  return {
    badge,
    clientOnly,
    vitepress: {
      __esModule: true,
      useData,
      useRoute: route,
      useRouter: () => ({ route: route(), go: () => {} }),
      withBase,
      inBrowser: false,
      onContentUpdated: () => {},
      defineConfig: (config: unknown) => config,
      Content: Layout,
      ClientOnly: clientOnly,
    },
    theme: {
      __esModule: true,
      default: { Layout, enhanceApp: () => {} },
      // In an ES module package (`"type": "module"`) esbuild gives `import DefaultTheme from 'vitepress/theme'` the
      // whole module, as Node does: `DefaultTheme.Layout` must be found there too.
      Layout,
      enhanceApp: () => {},
      VPButton,
      VPBadge: badge,
      VPTeamMembers,
      VPTeamPage: Layout,
      VPTeamPageTitle: section('h1'),
      VPTeamPageSection: section('h2'),
      VPHomeHero: Layout,
      VPHomeFeatures: Layout,
    },
  };
}
