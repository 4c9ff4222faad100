/**
 * The bundled theme (server-entry.tsx + templates/), kept across builds: bundling it takes esbuild
 * 0.1-0.3 s, a large share of a one-page incremental rebuild, and it only changes with docgen itself. One module
 * per engine fingerprint (docgen's code, theme and dependencies) and, for a site with a theme of its own,
 * the site's theme files (bundle/theme-inputs.ts siteThemeKey), next to the other caches inside docgen's folder
 * so that `react` resolves to docgen's copy; full builds, their worker threads and incremental builds import it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { seal, unseal, writeFileAtomicSync } from '../cache/atomic-file.js';
import type { InputFingerprint } from '../cache/build-fingerprint.js';
import { hasUserTheme, type ThemeConfig } from '../config/theme.js';
import { moduleFolder } from '../paths.js';

/** Modules of other engines kept (a build of another docgen checkout may be importing one right now). */
const KEEP_OTHER_ENGINES = 2;

/**
 * The theme module of this engine and site theme, bundled when no build kept one (or when asked to).
 * @param engine the engine fingerprint (cache/build-fingerprint.ts engineFingerprint)
 * @param options.rebundle bundle it again even when kept (`--force`)
 * @param options.theme the site's `theme` (resolved config); a site without one gets the engine's module
 * @param options.inputs the build's input fingerprint: its hashes of the site's theme files key the module (the files
 *   are not looked up and read a second time)
 * @returns its absolute path
 * @throws DocgenError TemplateRenderFailed when the theme or a site's theme file does not compile
 */
export async function themeModule(
  engine: string,
  options: { rebundle?: boolean; theme?: ThemeConfig; inputs?: InputFingerprint } = {},
): Promise<string> {
  const dir = moduleFolder(); // docgen's cache folder, or a fallback when it cannot be written
  const file = path.join(
    dir,
    `theme-${(await themeModuleKey(engine, options.theme, options.inputs)).slice(0, 16)}.mjs`,
  );
  if (!options.rebundle && existsSync(file) && unseal(readFileSync(file)) !== null) return file; // intact
  const { bundleServerRenderer } = await import('../render/ssr.js');
  const { code } = await bundleServerRenderer(options.theme);
  // Sealed with the hash of its code (a comment line); atomic: a thread importing it meanwhile reads the old module or the new one.
  writeFileAtomicSync(file, seal(code));
  removeOlderModules(dir, file);
  return file;
}

/**
 * The key of a theme module: the engine fingerprint alone for a site without a theme of its own (as before issue
 * 15), else SHA-256 over it and the site's theme key.
 * @returns hex
 */
export async function themeModuleKey(
  engine: string,
  theme: ThemeConfig | undefined,
  inputs?: InputFingerprint,
): Promise<string> {
  if (!theme || !hasUserTheme(theme)) return engine;
  let siteKey: string;
  if (inputs) {
    const { components, css, mdxComponents } = theme;
    siteKey = JSON.stringify({
      components,
      css,
      mdxComponents,
      files: inputs.themeFiles.map((file) => [file, inputs.files.get(file)]),
    });
  } else {
    siteKey = await (await import('../bundle/theme-inputs.js')).siteThemeKey(theme);
  }
  return createHash('sha256').update(`${engine}\0${siteKey}`).digest('hex');
}

/**
 * A module written this recently may belong to a build of another site running now, which imports it in its
 * render threads later (builds of several sites share the cache folder, as the test suite's do): it is kept.
 */
const IN_USE_MS = 15 * 60_000;

/** Removes the modules of other engines but the newest KEEP_OTHER_ENGINES and those written in the last IN_USE_MS. */
function removeOlderModules(dir: string, current: string): void {
  const now = Date.now();
  const others = readdirSync(dir)
    .filter((name) => /^theme-[0-9a-f]{16}\.mjs$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => file !== current)
    .map((file) => ({ file, mtime: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { file, mtime } of others.slice(KEEP_OTHER_ENGINES)) {
    if (now - mtime >= IN_USE_MS) rmSync(file, { force: true });
  }
}
