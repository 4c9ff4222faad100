/**
 * Redocusaurus (the `redocusaurus` preset, its `docusaurus-plugin-redoc` plugin): each API document it renders
 * becomes a docgen API reference (`apis` in site.config.ts). A spec with a `route` had a page of its own there and
 * keeps it; one without is shown by the pages that embed it (`<ApiDocMdx id="…" />` of `@theme/ApiDocMdx`,
 * `<Redoc id="…" />` of `@theme/Redoc`: redocusaurus' README), and gets the route `/api/<id>`: docgen draws an API
 * reference as a page of its own, so the embedding page keeps its place in the sidebar and links to it, and a
 * `<ApiSchema id="…" pointer="#/components/schemas/Pet" />` links to the schema's entry on that page.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse as parseYaml } from 'yaml';
import { entryName, REDOC_ENTRY } from './docusaurus-config.js';
import { forEachMdxLine, type MigrationReport, REDOC_MODULE } from './report.js';

/** An API document of the redocusaurus config. */
interface RedocSpec {
  id: string;
  /** The document's file relative to the migrated site, `/`-separated. */
  file: string;
  route: string;
  title: string;
}

/**
 * Carries the config's redocusaurus documents and rewrites the pages that embed them.
 * @param options.config the Docusaurus config's presets and plugins; `site` its folder; `out` the migrated site
 *   (pages already written, before `markdown.pageCode` is decided: a rewritten page runs no code)
 * @returns the `apis` entries for site.config.ts (none when the site has no redocusaurus document)
 */
export function migrateRedoc(options: {
  config: { presets?: unknown[]; plugins?: unknown[] };
  site: string;
  out: string;
  report: MigrationReport;
  file: string;
}): { spec: string; route: string }[] {
  const { site, out, report, file } = options;
  const specs: RedocSpec[] = [];
  const routes = new Set<string>();
  for (const entry of [...(options.config.presets ?? []), ...(options.config.plugins ?? [])]) {
    if (!REDOC_ENTRY.test(entryName(entry, site))) continue;
    const settings = (Array.isArray(entry) ? entry[1] : undefined) as Record<string, unknown> | undefined;
    // The preset lists `specs`; the plugin is one document (`{ id, spec, route }`).
    const listed = Array.isArray(settings?.specs) ? settings.specs : settings?.spec ? [settings] : [];
    for (const [index, raw] of (listed as Record<string, unknown>[]).entries()) {
      const spec = carrySpec(raw, index, { site, out, report, file, routes });
      if (spec) specs.push(spec);
    }
  }
  const pages = fg.sync(['content/**/*.{md,mdx}', 'versioned_docs/**/*.{md,mdx}', 'i18n/**/*.{md,mdx}'], {
    cwd: out,
    absolute: true,
  });
  for (const page of pages) rewritePage(page, specs, { out, report });
  if (specs.length > 0)
    report.add(
      file,
      `redocusaurus: ${specs.length} API document(s) carried as docgen API references (apis in site.config.ts: ${specs
        .slice(0, 3)
        .map((spec) => spec.route)
        .join(
          ', ',
        )}${specs.length > 3 ? ', …' : ''}); a page that embedded one (<ApiDocMdx>, <Redoc>) links to it, as docgen shows an API reference as a page of its own`,
      'redocusaurus',
    );
  return specs.map(({ file, route }) => ({ spec: file, route }));
}

/**
 * Copies one document into the migrated site, where it lies in the old one (its folder's other YAML and JSON files
 * with it, for `$ref`s to them), and gives its route.
 * @returns null, with a report line, for a document docgen cannot read (a URL, a missing file)
 */
function carrySpec(
  raw: Record<string, unknown>,
  index: number,
  ctx: { site: string; out: string; report: MigrationReport; file: string; routes: Set<string> },
): RedocSpec | null {
  const id = typeof raw.id === 'string' && raw.id ? raw.id : `api-${index + 1}`;
  const source = typeof raw.spec === 'string' ? raw.spec : typeof raw.specUrl === 'string' ? raw.specUrl : '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source) || source === '') {
    ctx.report.add(
      ctx.file,
      `redocusaurus document '${id}'${source ? ` (${source})` : ''} is not carried over: docgen reads API documents from the site's files; download it into the site and list it in apis`,
      source || id,
    );
    return null;
  }
  const absolute = path.resolve(ctx.site, source);
  const relative = path.relative(path.resolve(ctx.site), absolute);
  if (!existsSync(absolute) || !statSync(absolute).isFile()) {
    ctx.report.add(ctx.file, `redocusaurus document '${id}': ${source} is no file; not carried over`, source);
    return null;
  }
  // A document outside the site folder goes into openapi/; one inside keeps its place.
  const target =
    relative.startsWith('..') || path.isAbsolute(relative) ? path.join('openapi', path.basename(absolute)) : relative;
  copyDocument(absolute, path.join(ctx.out, target), path.dirname(relative) !== '.');
  const written = typeof raw.route === 'string' ? `/${raw.route.replace(/^\/+|\/+$/g, '')}` : `/api/${slug(id)}`;
  let route = written === '/' ? '/api' : written;
  for (let n = 2; ctx.routes.has(route); n++) route = `${written}-${n}`;
  ctx.routes.add(route);
  return { id, file: target.split(path.sep).join('/'), route, title: titleOf(absolute) ?? id };
}

/** Copies the document and, when its folder is its own (not the site's root), the folder's other documents. */
function copyDocument(from: string, to: string, withFolder: boolean): void {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
  if (!withFolder) return;
  for (const relative of fg.sync('**/*.{yaml,yml,json}', { cwd: path.dirname(from), ignore: ['**/node_modules/**'] })) {
    const target = path.join(path.dirname(to), relative);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(path.dirname(from), relative), target);
  }
}

/** The document's `info.title`, or null when it cannot be read. */
function titleOf(file: string): string | null {
  try {
    const text = readFileSync(file, 'utf8');
    const document = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as { info?: { title?: unknown } };
    return typeof document?.info?.title === 'string' && document.info.title.trim() ? document.info.title.trim() : null;
  } catch {
    return null;
  }
}

/** A URL segment of a spec id: lower case, `-` between words. */
function slug(id: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'api'
  );
}

/**
 * Rewrites one page's redocusaurus imports and elements: `<ApiDocMdx id="x" />` and `<Redoc id="x" />` become a
 * link to the document's reference, `<ApiSchema id="x" pointer="#/components/schemas/Pet" />` a link to the
 * schema's entry (`#schema/Pet`), and the imports go. An element naming no carried document, or written otherwise
 * (a `spec={…}` prop), is reported and left.
 */
function rewritePage(page: string, specs: RedocSpec[], ctx: { out: string; report: MigrationReport }): void {
  const text = readFileSync(page, 'utf8');
  const names = new Map<string, string>();
  const importLines = new Set<number>();
  forEachMdxLine(text, (line, index) => {
    const match = /^import\s+(\w+)\s+from\s+['"]([^'"]+)['"];?\s*$/.exec(line);
    if (match && REDOC_MODULE.test(match[2]!)) {
      names.set(match[1]!, REDOC_MODULE.exec(match[2]!)![1]!);
      importLines.add(index);
    }
  });
  if (names.size === 0) return;
  const shown = path.relative(ctx.out, page).split(path.sep).join('/');
  const byId = new Map(specs.map((spec) => [spec.id, spec]));
  const element = new RegExp(`<(${[...names.keys()].join('|')})\\b([^>]*?)/>`, 'g');
  const attribute = (attributes: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|\\{\\s*["']([^"']*)["']\\s*\\})`)
      .exec(attributes)
      ?.slice(1)
      .find((value) => value !== undefined);
  let left = 0;
  const body = text
    .split('\n')
    .filter((_, index) => !importLines.has(index))
    .join('\n')
    .replace(element, (written, name: string, attributes: string) => {
      const spec = byId.get(attribute(attributes, 'id') ?? '');
      if (!spec) {
        left++;
        return written;
      }
      if (names.get(name) !== 'ApiSchema') return `[${spec.title}](${spec.route})`;
      const schema = /^#\/(?:components\/schemas|definitions)\/([^/]+)$/.exec(
        attribute(attributes, 'pointer') ?? '',
      )?.[1];
      return schema
        ? `[${decodeURIComponent(schema)}](${spec.route}#schema/${schema})`
        : `[${spec.title}](${spec.route})`;
    });
  if (left > 0) {
    ctx.report.add(
      shown,
      `${left} redocusaurus element(s) name no API document of the config (or not by a literal id); left as written`,
    );
    // The imports stay for the elements left, so that the page still compiles them as components it lacks.
    return;
  }
  writeFileSync(page, body);
}
