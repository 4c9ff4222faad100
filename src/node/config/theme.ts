/**
 * `theme` paths of site.config.ts, made absolute and checked: a component override, stylesheet or
 * content component that names a missing file fails at config time, naming the key path and the file, instead of
 * as an esbuild resolution error later.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../diagnostics/error.js';
import type { ValidatedConfig } from './schema.js';

/** `theme` after validation; its paths are absolute once resolveThemePaths has run. */
export type ThemeConfig = ValidatedConfig['theme'];

/**
 * Makes every file path of `theme` absolute (relative to the site root) and checks that it is a file.
 * @param options.root the site root; options.file site.config.ts (named in the error)
 * @param options.locate finds a key path's line, column and code frame in site.config.ts
 * @returns the same shape with absolute paths (head tags unchanged)
 * @throws DocgenError ConfigInvalid naming the key path (`theme.components.Footer`) and the missing file
 */
export function resolveThemePaths(
  theme: ThemeConfig,
  options: {
    root: string;
    file: string;
    locate: (keys: PropertyKey[]) => { line?: number; column?: number; frame?: string };
  },
): ThemeConfig {
  const resolve = (keys: [string, string, string | number], rel: string): string => {
    const keyPath = typeof keys[2] === 'number' ? `${keys[0]}.${keys[1]}[${keys[2]}]` : keys.join('.');
    const file = path.resolve(options.root, rel);
    if (!existsSync(file) || !statSync(file).isFile()) {
      throw new DocgenError({
        code: 'ConfigInvalid',
        message: `site.config.ts: '${keyPath}' names ${rel}, which does not exist (${file}). Create the file or fix the path (relative to the site root).`,
        file: options.file,
        ...options.locate(keys),
      });
    }
    return file;
  };
  const map = <T extends Record<string, string | undefined>>(key: string, record: T): T =>
    Object.fromEntries(
      Object.entries(record).flatMap(([name, rel]) =>
        rel === undefined ? [] : [[name, resolve(['theme', key, name], rel)]],
      ),
    ) as T;
  return {
    components: map('components', theme.components),
    css: theme.css.map((rel, i) => resolve(['theme', 'css', i], rel)),
    head: theme.head,
    mdxComponents: map('mdxComponents', theme.mdxComponents),
  };
}

/** True when a site's theme changes what docgen bundles (overrides, stylesheets or content components). */
export function hasUserTheme(theme: ThemeConfig): boolean {
  return (
    Object.keys(theme.components).length > 0 || theme.css.length > 0 || Object.keys(theme.mdxComponents).length > 0
  );
}

/** Every file the site's theme names (absolute), sorted: overrides, content components, stylesheets. */
export function themeFiles(theme: ThemeConfig): string[] {
  return [
    ...new Set(
      [...Object.values(theme.components), ...Object.values(theme.mdxComponents), ...theme.css].filter(
        (f): f is string => !!f,
      ),
    ),
  ].sort();
}
