/**
 * CSS modules of a migrated Docusaurus site's components (`import styles from './styles.module.css'`, as Docusaurus'
 * webpack config `css-loader` `modules` gives them), with the same class names in every bundle that imports them: the
 * build-time render of pages (markdown/site-components.ts), the server theme (render/ssr.ts) and the client bundle
 * (bundle/client.ts), which styles the page. esbuild's own `local-css` names depend on the bundle (a suffix when two
 * files share a name, minified identifiers in the client), so the HTML rendered at build time would name classes the
 * client's CSS does not have. Here each file is compiled alone by esbuild's `local-css` loader (`:global`,
 * `composes` within the file, nested rules) and each local name gets a suffix from the file's path in the site:
 * `styles_hero_3f2a1c` for `.hero` of `src/components/Hero/styles.module.css`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type OnResolveArgs, type OnResolveResult, type Plugin, type PluginBuild } from 'esbuild';

const NAMESPACE = 'docgen-css-module';
const CSS_NAMESPACE = 'docgen-css-module-css';

/** A compiled CSS module: class name -> the names the page's HTML carries, and the renamed stylesheet. */
export interface CompiledCssModule {
  classes: Record<string, string>;
  css: string;
}

/**
 * Compiles one CSS module.
 * @param file absolute path of the `.module.css` file
 * @param siteRoot the site's root: the suffix is the SHA-256 of the file's path relative to it, so names do not
 *   depend on where the site is checked out
 * @throws esbuild's error when the stylesheet does not parse
 */
export async function compileCssModule(file: string, siteRoot: string): Promise<CompiledCssModule> {
  const result = await build({
    stdin: { contents: `module.exports = require(${JSON.stringify(file)});`, resolveDir: path.dirname(file) },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'neutral',
    outdir: path.join(path.dirname(file), '.docgen-css-module'), // nothing is written
    logLevel: 'silent',
    // Images and fonts the stylesheet names (`url()`) stay as written: the bundle that imports the module resolves them.
    plugins: [{ name: 'docgen-css-urls', setup: (u) => u.onResolve({ filter: /.*/ }, urlAsWritten) }],
  });
  const js = result.outputFiles.find((output) => output.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((output) => output.path.endsWith('.css'))?.text ?? '';
  const module = { exports: {} as { default?: Record<string, string> } & Record<string, string> };
  new Function('module', 'exports', js)(module, module.exports);
  const generated = module.exports.default ?? module.exports;
  const relative = path.relative(siteRoot, file).split(path.sep).join('/');
  const suffix = createHash('sha256').update(relative).digest('hex').slice(0, 6);
  const renamed = new Map<string, string>();
  for (const value of Object.values(generated))
    if (typeof value === 'string')
      for (const name of value.split(/\s+/)) if (name) renamed.set(name, `${name}_${suffix}`);
  const classes = Object.fromEntries(
    Object.entries(generated)
      .filter(([key, value]) => key !== '__esModule' && typeof value === 'string')
      .map(([key, value]) => [
        key,
        value
          .split(/\s+/)
          .map((name) => renamed.get(name) ?? name)
          .join(' '),
      ]),
  );
  const renamedCss = css
    .replace(/^\/\*.*\*\/\n/gm, '') // esbuild's `/* file */` comments name the absolute path
    .replace(/\.(-?[_a-zA-Z][\w-]*)/g, (whole, name: string) => (renamed.has(name) ? `.${renamed.get(name)}` : whole));
  return { classes, css: renamedCss };
}

/** A stylesheet's `url()` is left as written (external); its `@import`s are bundled. */
function urlAsWritten(args: OnResolveArgs): OnResolveResult | undefined {
  return args.kind === 'url-token' ? { path: args.path, external: true } : undefined;
}

/**
 * The esbuild plugin: `*.module.css` imported by the site's code is {@link compileCssModule}'s class names; a
 * browser bundle also gets its stylesheet (the server's bundles need the names only).
 * @param siteRootOf the site's root for an importing file
 * @param applies whether an import from this file is the site's (docgen's own CSS is left to esbuild)
 */
export function cssModulesSetup(
  b: PluginBuild,
  siteRootOf: (importer: string) => string,
  applies: (importer: string) => boolean,
): void {
  const browser = b.initialOptions.platform === 'browser';
  b.onResolve({ filter: /\.module\.css$/ }, (args) =>
    args.namespace === 'file' && applies(args.importer)
      ? {
          path: path.resolve(args.resolveDir, args.path),
          namespace: NAMESPACE,
          pluginData: siteRootOf(args.importer),
        }
      : undefined,
  );
  b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
    const compiled = await compileCssModule(args.path, args.pluginData as string);
    const stylesheet = browser ? `import ${JSON.stringify(args.path)};\n` : '';
    return {
      contents: `${stylesheet}export default ${JSON.stringify(compiled.classes)};`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
      watchFiles: [args.path],
      pluginData: { css: compiled.css },
    };
  });
  if (browser) {
    b.onResolve({ filter: /\.module\.css$/, namespace: NAMESPACE }, (args) => ({
      path: args.path,
      namespace: CSS_NAMESPACE,
      pluginData: args.pluginData,
    }));
    // A root-relative `url(/img/a.svg)` is a URL of the built site (Docusaurus' static folder), not a file to bundle.
    b.onResolve({ filter: /^\//, namespace: CSS_NAMESPACE }, (args) =>
      args.kind === 'url-token' ? { path: args.path, external: true } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: CSS_NAMESPACE }, (args) => ({
      contents: (args.pluginData as { css: string }).css,
      loader: 'css',
      resolveDir: path.dirname(args.path),
    }));
  }
}

/** {@link cssModulesSetup} as a plugin of its own. */
export function cssModulesPlugin(
  siteRootOf: (importer: string) => string,
  applies: (importer: string) => boolean = () => true,
): Plugin {
  return { name: 'docgen-css-modules', setup: (b) => cssModulesSetup(b, siteRootOf, applies) };
}
