/**
 * VitePress dynamic routes (VitePress "Routing › Dynamic Routes", src/node/plugins/dynamicRoutesPlugin.ts): a page
 * whose path holds `[name]` segments (`packages/[pkg].md`) with a paths loader beside it
 * (`packages/[pkg].paths.{js,ts,mjs,mts}`, whose default export's `paths()` returns `{ params, content? }[]`) is
 * published once per entry, at its path with each `[name]` replaced by `params.name`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocgenError } from '../diagnostics/error.js';
import { loadStaticModule } from './load-static.js';
import type { MigrationReport } from './report.js';

/** One page a dynamic route publishes. */
export interface DynamicPage {
  /** Its path below srcDir, as the other pages' (`packages/foo.md`). */
  page: string;
  /** The route's page below srcDir (`packages/[pkg].md`). */
  from: string;
  /** The route's Markdown with this entry's params and content in place. */
  text: string;
}

/** The extensions VitePress reads a paths loader with, in its order. */
const LOADER_EXTENSIONS = ['js', 'ts', 'mjs', 'mts'];

/**
 * The pages of the site's dynamic routes: for each page path with a `[name]` segment and a paths loader beside it,
 * one page per entry `paths()` returns, its text with `{{ $params.name }}` (or `{{ params.name }}`) replaced by the
 * value and `<!-- @content -->` by the entry's `content`, as VitePress renders them. A loader that cannot run, or
 * an entry lacking a param, is reported; the route then publishes nothing, as VitePress would fail.
 * @param pages page paths below srcDir (platform separators)
 * @returns the pages, and the routes expanded (their `[name]` pages, not themselves published)
 */
export async function dynamicRoutePages(
  srcDir: string,
  pages: readonly string[],
  o: { report: MigrationReport; site: string; cwd: string },
): Promise<{ pages: DynamicPage[]; routes: Set<string> }> {
  const out: DynamicPage[] = [];
  const routes = new Set<string>();
  for (const from of pages.filter((page) => /\[\w+\]/.test(page))) {
    const base = path.join(srcDir, from.replace(/\.md$/, ''));
    const loader = LOADER_EXTENSIONS.map((ext) => `${base}.paths.${ext}`).find((file) => existsSync(file));
    if (!loader) continue;
    routes.add(from);
    const shown = path.relative(o.site, loader);
    let entries: unknown;
    try {
      const module = (await loadStaticModule(loader, { cwd: o.cwd })).value as { paths?: unknown } | undefined;
      entries = typeof module?.paths === 'function' ? await (module.paths as () => unknown)() : module?.paths;
    } catch (error) {
      if (!(error instanceof DocgenError)) throw error;
      o.report.add(
        shown,
        `the dynamic route's paths loader did not run (${error.message}): its pages are not carried over`,
      );
      continue;
    }
    const template = readFileSync(path.join(srcDir, from), 'utf8');
    for (const entry of Array.isArray(entries) ? entries : []) {
      const params = (entry as { params?: Record<string, unknown> })?.params ?? {};
      const names = [...from.matchAll(/\[(\w+)\]/g)].map((match) => match[1]!);
      const missing = names.find((name) => params[name] === undefined || params[name] === null);
      if (missing) {
        o.report.add(shown, `an entry of paths() has no param '${missing}': left out`);
        continue;
      }
      const content = (entry as { content?: unknown }).content;
      const text = template
        .replace(/\{\{\s*\$?params\.(\w+)\s*\}\}/g, (whole, name: string) =>
          params[name] === undefined ? whole : String(params[name]),
        )
        .replace(/<!--\s*@content\s*-->/g, typeof content === 'string' ? content : '');
      out.push({ page: from.replace(/\[(\w+)\]/g, (_, name: string) => String(params[name])), from, text });
    }
  }
  return { pages: out, routes };
}
