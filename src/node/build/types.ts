/**
 * Types the build stages share (build/index.ts, the stage modules beside it and incremental/patch-build.ts), kept
 * apart so that no stage module imports the orchestrator.
 */
import type { DocgenError } from '../diagnostics/error.js';
import type { CompiledPageMeta } from '../pool/compile-pages.js';
import type { CompiledRoute } from '../render/api-route.js';

export interface BuildOptions {
  /** Project root holding site.config.ts (default: the current directory). */
  root?: string;
  /** Output folder, relative to root (overrides the config). */
  outDir?: string;
  /** Base URL such as '/docs/' (overrides the config). */
  baseUrl?: string;
  /** Print nothing. */
  silent?: boolean;
  /** Build everything again: ignore the record of the last build and the page and OpenAPI caches. */
  force?: boolean;
  /** Of a multi-locale site, build only this locale; the others stay as last built. */
  locale?: string;
}

export interface BuildResult {
  outPath: string;
  routes: number;
  durationMs: number;
  /** Bytes (gzip) of JS and CSS a doc page loads on first visit; null when the build was skipped. */
  firstLoad: { js: number; css: number } | null;
  /** True when nothing changed since the last successful build and the output was kept as it is. */
  upToDate: boolean;
  /** Problems the site's strictness settings made warnings, sorted by file and line. */
  warnings: DocgenError[];
  /** Of a multi-locale site: each locale built, with its own figures (i18n/build-locales.ts). */
  locales?: (Omit<BuildResult, 'locales'> & { locale: string; translated: number; untranslated: number })[];
}

/**
 * A route as the stages after compilation see it. A Markdown route keeps no hast (its data file is written):
 * `meta` is what its worker returned (title, ids, links, search sections). An API route is a complete
 * CompiledRoute.
 */
export type BuiltRoute = CompiledRoute & { meta?: CompiledPageMeta };
