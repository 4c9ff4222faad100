/**
 * Renders a VitePress site's own Vue single-file components to static HTML at migrate time, with Vue's own
 * compiler (`vue/compiler-sfc`: `<script setup>`, `<script>`, TypeScript, templates compiled for SSR) and server
 * renderer (`vue/server-renderer`), as VitePress renders them on its server when it builds. The components and the
 * theme's `index.*` are bundled with esbuild into one CommonJS module run in Node: `vue` is docgen's copy, `vitepress`
 * a static shim (`useData()` gives the page's front matter and the site's data; `withBase`; `inBrowser` false;
 * `vitepress/theme`'s VPButton, VPTeamMembers, VPTeamPage*, VPBadge as plain markup), every other package an inert
 * stub, CSS imports nothing; the components' `<style>` blocks are compiled into the site's CSS. This is the site's own code, run at migrate time with the rights of the user (SECURITY.md,
 * "Who is trusted"). Vue runs `setup()` but not `onMounted` on the server, so what a component does in the browser
 * only (event handlers, effects after mount) is not carried: the caller reports it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, transform, type Plugin } from 'esbuild';
import { docgenRoot } from '../paths.js';
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
   * @returns the HTML, and the packages whose components it used but that are not here (rendered as nothing)
   * @throws Vue's compile error, or what a component throws in `setup()` or while rendering (`window is not defined`)
   */
  render(
    template: string,
    scope: Record<string, unknown>,
    page: VuePageData,
    slot?: string,
  ): Promise<{ html: string; missing: string[] }>;
  /**
   * The components' `<style>` blocks compiled to plain CSS (scoped ones with the scope id their templates were
   * compiled with), in file order, and those that could not be (a preprocessor language, a compile error), for the
   * report.
   */
  styles(): ComponentStyles;
}

/** The CSS of the site's single-file components (vue-render.ts compileSfcStyles). */
export interface ComponentStyles {
  css: string;
  /** One line per `<style>` block not carried: `file:line: why`. */
  skipped: { file: string; line: number; why: string }[];
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
  files: string[];
  folderComponents: Map<string, string>;
  theme: string | undefined;
  site: VueSiteData;
}): Promise<VueComponentSet> {
  const context: { page: VuePageData; missing: Set<string> } = {
    missing: new Set(),
    page: { frontmatter: {}, relativePath: '', title: options.site.title, description: options.site.description },
  };
  const vue = docgenRequire('vue') as typeof import('vue');
  const styles = new Map<string, ComponentStyles>();
  const inlineStyles = new Map<string, string>();
  const shims = vitepressShims(vue, options.site, context);
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
      plugins: [vueSfcPlugin(options.root, styles)],
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
  const { renderToString } = docgenRequire('vue/server-renderer') as typeof import('vue/server-renderer');
  const sfc = docgenRequire('vue/compiler-sfc') as typeof import('vue/compiler-sfc');
  return {
    byName,
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
      return {
        html: componentOutputHtml(html.replace(/<!--[[\]]?-->/g, ''), inlineStyles).replaceAll(
          SLOT_MARK,
          () => slot ?? '',
        ),
        missing: [...context.missing],
      };
    },
  };
}

/** The text a template holds where a use's Markdown content goes; replaced by that content. */
export const SLOT_MARK = 'DGVUESLOT0d6f2b';

const RESOLVING = Symbol('resolving');

// Not .json: Vite imports a JSON file as its parsed data (esbuild's json loader does the same).
const ASSET = /\.(svg|png|jpe?g|gif|webp|avif|ico|bmp|mp4|webm|ogg|mp3|wav|woff2?|ttf|otf|riv|json5|txt)$/;

/**
 * `.vue` files compiled for the server (their `<style>` blocks compiled into `styles`, by file); CSS imports dropped;
 * packages left to the runtime `require`.
 */
function vueSfcPlugin(root: string, styles: Map<string, ComponentStyles>): Plugin {
  return {
    name: 'docgen-vue-sfc',
    setup(build) {
      build.onResolve({ filter: /^[^./]|^\.[^./]/ }, (args) =>
        args.kind === 'entry-point' || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
      );
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
      // An imported image or other asset is its URL in the migrated site, where the source folder's files keep their
      // paths (an asset outside it has none: empty).
      build.onLoad({ filter: ASSET }, (args) => {
        const relative = path.relative(root, args.path).split(path.sep).join('/');
        const url = relative.startsWith('..') ? '' : `/${relative}`;
        return { contents: `export default ${JSON.stringify(url)};`, loader: 'js' };
      });
      build.onLoad({ filter: /.*/, namespace: 'dg-empty' }, () => ({ contents: '', loader: 'js' }));
      // A VitePress data loader (`x.data.ts`, `export { data }` computed by VitePress at build) is not run: a
      // component reading its data fails at render and is reported.
      build.onLoad({ filter: /\.data\.[cm]?[jt]s$/ }, () => ({
        contents: 'export const data = undefined;',
        loader: 'js',
      }));
      build.onLoad({ filter: /\.vue$/ }, (args) => {
        let contents: string;
        try {
          contents = compileSfc(args.path);
          styles.set(args.path, compileSfcStyles(args.path, root));
        } catch (error) {
          // One component that does not compile fails its own uses, not the others.
          const message = JSON.stringify(error instanceof Error ? error.message : String(error));
          contents = `export default { setup() { throw new Error(${message}); } };`;
        }
        return { contents, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
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
 */
export function compileSfcStyles(file: string, root: string): ComponentStyles {
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
      const found = styleAsset(url, file, root);
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
 * path); a root-relative one, the file of the source folder's `public/` (as Vite serves it). Undefined for an
 * alias (`@assets/…`, Vite's `resolve.alias`) or a file that is not there.
 */
function styleAsset(url: string, file: string, root: string): string | undefined {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) return url;
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
  return {
    badge,
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
      ClientOnly: Layout,
    },
    theme: {
      __esModule: true,
      default: { Layout, enhanceApp: () => {} },
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
