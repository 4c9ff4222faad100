/**
 * docgen's public API. Heavy modules load lazily so that importing this (and `docgen --help`) stays instant.
 */
export { defineConfig } from './config/define.js';
export type { UserConfig, SidebarItemConfig, Strictness } from './config/schema.js';
export type {
  ThemePageProps,
  ThemeModule,
  ThemeComponentName,
  PageLoader,
  HastRenderer,
  HeadTag,
} from '../shared/theme.js';
export type { ThemeComponentProps } from '../../templates/components.js';
export type { SiteData, PageData, RouteRecord, RouteKind, TocItem } from '../shared/types.js';
export type { BuildOptions, BuildResult } from './build/index.js';
export type { ServeOptions } from './serve/server.js';
export type { DevOptions, DevServer } from './dev/server.js';

/** Builds the site into its output folder. See build.ts. */
export async function build(
  options: import('./build/index.js').BuildOptions,
): Promise<import('./build/index.js').BuildResult> {
  return (await import('./build/index.js')).build(options);
}

/** Serves a built output folder like a static host. See serve/server.ts. */
export async function serve(options: import('./serve/server.js').ServeOptions) {
  return (await import('./serve/server.js')).serve(options);
}

/** Starts the dev server (render on request, watch, live updates). See dev/server.ts. */
export async function dev(
  options: import('./dev/server.js').DevOptions = {},
): Promise<import('./dev/server.js').DevServer> {
  return (await import('./dev/server.js')).dev(options);
}
