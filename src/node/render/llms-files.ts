/**
 * The twins stage of a build: the API references' Markdown twins (render/api-twin.ts; the pages' twins are written
 * by the compile workers, pool/compile-pages.ts), then `llms.txt` and `llms-full.txt` at the site's root
 * (llmstxt.org: `# title`, `> summary`, one `## section` per sidebar listing `- [title](twin): description`, the
 * pages of no sidebar under `## Optional`; llms-full.txt is every listed page's twin, in that order). On a
 * versioned site the root files list the last version's docs and link each other version's own pair, written in
 * its docs folder (versionFolder); on a multi-locale site each locale's build writes its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SidebarItem } from '../../shared/types.js';
import { hasTwin, twinPath } from '../../shared/twin-url.js';
import { stripBase, withBase } from '../../shared/urls.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SiteModel, SiteRoute } from '../content/site.js';
import { apiTwins } from './api-twin.js';
import type { TwinLinks } from './markdown-twin.js';

/** Separates two pages in llms-full.txt. */
const PAGE_SEPARATOR = '\n---\n\n';

/**
 * Writes the API twins, llms.txt and llms-full.txt into the staging folder (nothing when config `llms.enabled` is
 * false). Page twins must already be there.
 * @returns the number of twins written by this stage and the size of llms-full.txt (bytes)
 */
export async function writeLlmsFiles(options: {
  staging: string;
  config: ResolvedConfig;
  model: SiteModel;
}): Promise<{ apiTwins: number; fullBytes: number }> {
  const { staging, config, model } = options;
  if (!config.llms.enabled) return { apiTwins: 0, fullBytes: 0 };
  const twins = { ...(config.llms.include ? { include: config.llms.include } : {}), exclude: config.llms.exclude };
  const routes = new Set(model.routes.map((route) => route.path));
  const links: TwinLinks = {
    siteUrl: config.url.replace(/\/$/, ''),
    baseUrl: config.baseUrl,
    isRoute: (p) => routes.has(p),
    messages: { ...config.messages },
  };
  // Folders made so far: an API's operation twins share a few folders, each made once rather than once per twin.
  const made = new Set<string>();
  const write = async (file: string, text: string) => {
    const target = path.join(staging, file);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(target, text);
  };
  let count = 0;
  for (const route of model.routes) {
    if (!route.api || !hasTwin(twins, route.path, route.kind)) continue;
    const { reference, operations } = apiTwins(route.api.model, route.path, links);
    await write(twinPath(route.path).slice(1), reference);
    for (const op of operations) await write(op.path.slice(1), op.text);
    count += 1 + operations.length;
  }
  const included = (route: SiteRoute) => hasTwin(twins, route.path, route.kind) && !route.page?.frontMatter.unlisted;
  const latest = model.versions?.find((version) => version.last)?.name;
  const older = (model.versions ?? [])
    .filter((version) => !version.last)
    .map((version) => ({ version, folder: versionFolder(model, version.name) }));
  const fullOf = (listed: SiteRoute[]) =>
    listed
      .filter((route) => !route.api)
      .map((route) => readFileSync(path.join(staging, twinPath(route.path).slice(1)), 'utf8'))
      .join(PAGE_SEPARATOR);
  for (const { version, folder } of older) {
    if (!folder) continue;
    const listed = model.routes.filter((route) => included(route) && route.version === version.name);
    await write(
      `${folder.slice(1)}llms.txt`,
      llmsIndex({ config, model, listed, links, heading: `${config.llms.title ?? config.title} ${version.label}` }),
    );
    await write(`${folder.slice(1)}llms-full.txt`, fullOf(listed));
  }
  const listed = model.routes.filter((route) => included(route) && (!route.version || route.version === latest));
  const versions = older.flatMap(({ version, folder }) => {
    if (!folder) return [];
    const url = (file: string) => links.siteUrl + withBase(config.baseUrl, folder + file);
    return [
      `- [${escapeLabel(version.label)}](${url('llms.txt')}): ${version.label} (llms-full.txt: ${url('llms-full.txt')})`,
    ];
  });
  await write('llms.txt', llmsIndex({ config, model, listed, links, versions }));
  const full = fullOf(listed);
  await write('llms-full.txt', full);
  return { apiTwins: count, fullBytes: Buffer.byteLength(full) };
}

/**
 * The folder (route path ending with '/') an older docs version's llms.txt and llms-full.txt go to: the longest
 * folder holding every route of that version (`/docs/30.0/`); null when the version has no routes.
 */
export function versionFolder(model: Pick<SiteModel, 'routes'>, name: string): string | null {
  const paths = model.routes.filter((route) => route.version === name).map((route) => route.path);
  if (paths.length === 0) return null;
  let prefix = paths[0]!.slice(0, paths[0]!.lastIndexOf('/') + 1);
  for (const p of paths)
    while (!p.startsWith(prefix)) prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
  return prefix;
}

/**
 * The incremental build's llms-full.txt: the last one with each changed page's old twin replaced by its new one,
 * byte for byte what a full build writes (a page's twin is a verbatim part of the file).
 * @param changed route paths of the pages compiled again (their new twins are in `staging`)
 * A page whose old twin llms-full.txt does not hold (it is not listed) leaves the file as it is.
 */
export async function patchLlmsFull(options: { outPath: string; staging: string; changed: string[] }): Promise<void> {
  // The root's file, and an older docs version's in a folder above a changed page (versionFolder).
  const files = new Set(['llms-full.txt']);
  for (const route of options.changed) {
    for (let at = route.lastIndexOf('/'); at > 0; at = route.lastIndexOf('/', at - 1)) {
      const file = `${route.slice(1, at + 1)}llms-full.txt`;
      if (existsSync(path.join(options.outPath, file))) files.add(file);
    }
  }
  for (const file of files) await patchFullFile({ ...options, file });
}

async function patchFullFile(options: {
  outPath: string;
  staging: string;
  changed: string[];
  file: string;
}): Promise<void> {
  const fullFile = path.join(options.outPath, options.file);
  if (!existsSync(fullFile)) return; // twins off: nothing to patch
  let full = readFileSync(fullFile, 'utf8');
  for (const route of options.changed) {
    const file = twinPath(route).slice(1);
    const next = path.join(options.staging, file);
    if (!existsSync(next)) continue; // a page without a twin
    const old = readFileSync(path.join(options.outPath, file), 'utf8');
    const at = full.indexOf(old);
    if (at === -1) continue; // a page llms-full.txt does not list
    full = full.slice(0, at) + readFileSync(next, 'utf8') + full.slice(at + old.length);
  }
  await mkdir(path.dirname(path.join(options.staging, options.file)), { recursive: true });
  await writeFile(path.join(options.staging, options.file), full);
}

/**
 * One llms.txt: the `listed` routes in sidebar order, then the API references, then the rest and the older docs
 * versions' own llms.txt (`versions`, entries already written) under `## Optional`.
 * @param heading the `# title` (default: config `llms.title` or the site's title)
 */
function llmsIndex(options: {
  config: ResolvedConfig;
  model: SiteModel;
  listed: SiteRoute[];
  links: TwinLinks;
  heading?: string;
  versions?: string[];
}): string {
  const { config, model, listed, links } = options;
  const byPath = new Map(listed.map((route) => [route.path, route]));
  const twinUrl = (route: SiteRoute) => links.siteUrl + withBase(config.baseUrl, twinPath(route.path));
  const entry = (route: SiteRoute, label?: string) => {
    const description = route.api
      ? route.api.model.description.split('\n')[0]!.trim()
      : (route.page?.frontMatter.description ?? '');
    return `- [${escapeLabel(label ?? route.title)}](${twinUrl(route)})${description ? `: ${description}` : ''}`;
  };
  const out: string[] = [`# ${options.heading ?? config.llms.title ?? config.title}`];
  const summary = config.llms.summary ?? config.description ?? config.tagline;
  if (summary) out.push(`> ${summary}`);
  const seen = new Set<string>();
  for (const sidebar of Object.values(model.sidebars)) {
    const lines: string[] = [];
    const visit = (items: SidebarItem[]) => {
      for (const item of items) {
        const routePath = item.href ? stripBase(config.baseUrl, item.href.split('#')[0]!) : null;
        const route = routePath ? byPath.get(routePath) : undefined;
        if (route && !seen.has(route.path)) {
          seen.add(route.path);
          lines.push(entry(route));
        }
        if (item.type === 'category') visit(item.items);
      }
    };
    visit(sidebar.items);
    if (lines.length > 0) out.push(`## ${sidebar.label}`, lines.join('\n'));
  }
  const apis = listed.filter((route) => route.api && !seen.has(route.path));
  if (apis.length > 0) out.push('## API', apis.map((route) => entry(route)).join('\n'));
  for (const route of apis) seen.add(route.path);
  const rest = [
    ...listed.filter((route) => !seen.has(route.path)).map((route) => entry(route)),
    ...(options.versions ?? []),
  ];
  if (rest.length > 0) out.push('## Optional', rest.join('\n'));
  return out.join('\n\n') + '\n';
}

function escapeLabel(label: string): string {
  return label.replace(/[[\]\\]/g, '\\$&');
}
