/**
 * The files of a site's theme (site.config.ts `theme`): the override, content-component and stylesheet
 * files it names and every file of the site they import (esbuild metafile inputs, like config/load.ts finds the
 * config's imports). They key the bundled server theme (incremental/theme-module.ts) and are inputs of the warm-build
 * check (cache/build-fingerprint.ts inputFingerprint), so editing any of them rebuilds.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { build, type Plugin } from 'esbuild';
import { hasUserTheme, themeFiles, type ThemeConfig } from '../config/theme.js';
import { cacheRoot, docgenRoot } from '../paths.js';
import { metafileFiles } from '../render/ssr.js';
import { docusaurusShimsPlugin } from './docusaurus-shims.js';
import { lookupFilesOf } from '../markdown/resolution-inputs.js';
import { isSiteFile } from './runtime-files.js';
import { siteSassFile } from './site-module-loaders.js';
import { siteRootOf } from './theme-plugin.js';

/** docgen's theme and every package stay out of the walk: only the site's own files are followed. */
const externalOriginals: Plugin = {
  name: 'docgen-theme-inputs',
  setup(b) {
    b.onResolve({ filter: /^docgen\/theme\// }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The site's theme files and what they import, outside docgen and node_modules.
 * @returns absolute paths, sorted; [] for a site without a theme. When a file does not compile, the files the
 *   config names (the bundles report the error with its location).
 */
export async function siteThemeFiles(theme: ThemeConfig): Promise<string[]> {
  if (!hasUserTheme(theme)) return [];
  const root = docgenRoot();
  const named = themeFiles(theme);
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: named,
      outdir: path.join(cacheRoot(), 'theme-inputs'), // nothing is written
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      jsx: 'automatic',
      packages: 'external',
      logLevel: 'silent',
      // A migrated site's components import `@site/…` (site files, followed) and Docusaurus modules (docgen's shims).
      plugins: [externalOriginals, docusaurusShimsPlugin(siteRootOf, isSiteFile)],
    });
    return [
      ...new Set([
        ...named,
        ...metafileFiles(result.metafile, root).filter(isSiteFile),
        ...siteCodeFiles(theme),
        ...packageLookups(result.metafile, root),
      ]),
    ].sort();
  } catch {
    return named;
  }
}

/** Packages docgen provides to the theme itself, whatever the site installs: React, docgen's theme, the shims. */
const PROVIDED =
  /^(?:react(?:-dom)?(?:\/|$)|docgen(?:\/|$)|@docusaurus\/|@theme(?:-original|-init)?\/|@site\/|@generated\/)/;

/**
 * Where the packages the site's theme files import are found (markdown/resolution-inputs.ts lookupFilesOf): the
 * `node_modules/<name>/package.json` of each folder from the importing file's up. The one that exists is the
 * package's (an upgrade rewrites it, a removal deletes it); another appearing is an install. The bundles take the
 * packages in, so they are theme inputs too.
 */
function packageLookups(
  metafile: { inputs: Record<string, { imports: { path: string; external?: boolean }[] }> },
  root: string,
): string[] {
  const files = new Set<string>();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    if (/^[a-z][\w-]+:/.test(input)) continue;
    const importer = path.resolve(root, input);
    if (!isSiteFile(importer)) continue;
    for (const { path: spec, external } of imports)
      if (external && !spec.startsWith('.') && !path.isAbsolute(spec) && !PROVIDED.test(spec))
        for (const file of lookupFilesOf(spec, path.dirname(importer))) files.add(file);
  }
  return [...files];
}

/**
 * A site with its own MDX components runs its pages' code (markdown/mdx-evaluate.ts), which may import any script
 * or data file of the site's `src/` folder (`@site/src/constants`): all of them are inputs, and the site's `sass`.
 */
function siteCodeFiles(theme: ThemeConfig): string[] {
  const first = Object.values(theme.mdxComponents)[0];
  if (!first) return [];
  const sass = siteSassFile(siteRootOf(first)); // compiles the components' .scss (site-module-loaders.ts)
  return [
    ...fg.sync('src/**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts,json}', {
      cwd: siteRootOf(first),
      absolute: true,
      ignore: ['**/node_modules/**'],
    }),
    ...(sass ? [sass] : []),
  ];
}

/**
 * A key of a site's theme: what the config says (head tags aside: they are not bundled) and the content of every
 * site theme file.
 * @returns SHA-256 hex, or '' for a site without a theme
 */
export async function siteThemeKey(theme: ThemeConfig): Promise<string> {
  if (!hasUserTheme(theme)) return '';
  const hash = createHash('sha256').update(
    JSON.stringify({ components: theme.components, css: theme.css, mdxComponents: theme.mdxComponents }),
  );
  for (const file of await siteThemeFiles(theme)) {
    let content: Buffer | string;
    try {
      content = readFileSync(file);
    } catch {
      content = 'missing';
    }
    hash.update(`\0${file}\0`).update(content);
  }
  return hash.digest('hex');
}
