/**
 * The doc ids and routes of a Docusaurus docs folder, as Docusaurus computes them (Docusaurus docs: "Docs
 * introduction" > "Document ID", "Docs Multi-instance" routeBasePath, "Sidebar items" > number prefixes): the id is
 * the folder path plus front matter `id` or the file name, number prefixes stripped; the route is `slug` when given
 * (absolute, or relative to the folder), else the folder path plus the id's last part, and a folder's `index`,
 * `README` or same-named file is the folder's route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { isCategoryIndex, stripNumberPrefix } from '../content/routes.js';

/** One page of a docs folder. */
export interface DocEntry {
  /** Docusaurus doc id, e.g. 'guides/setup'. */
  id: string;
  /** Path relative to the docs folder, '/'-separated, e.g. 'guides/01-setup.md'. */
  source: string;
  /** The route below the docs' base path, e.g. '/guides/setup' or '/guides/' (a folder's index). */
  slug: string;
  /** Its front matter (empty when none or unreadable). */
  frontMatter: Record<string, unknown>;
}

/**
 * Reads the front matter block at the top of a Markdown file.
 * @returns its keys, or {} when there is none or it is not valid YAML (docgen reports that when it builds)
 */
export function readFrontMatter(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!match) return {};
  try {
    const value: unknown = parseYaml(match[1]!);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Lists the Markdown files of a folder (`.md`, `.mdx`), skipping `_`-prefixed files and folders (partials) and
 * `node_modules`.
 * @returns paths relative to `dir`, '/'-separated, sorted
 */
export function listMarkdown(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (/\.mdx?$/.test(entry.name)) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/**
 * Indexes the pages of a docs folder by Docusaurus doc id.
 * @param dir absolute docs folder
 * @param stripNumberPrefixes Docusaurus `numberPrefixParser` (false turns it off)
 * @returns doc id -> entry
 */
export function indexDocs(dir: string, stripNumberPrefixes: boolean): Map<string, DocEntry> {
  // Docusaurus' DefaultNumberPrefixParser, date- and version-like names (`0_115_0_Name`) left alone: the build's own.
  const strip = (name: string) => (stripNumberPrefixes ? stripNumberPrefix(name) : name);
  const docs = new Map<string, DocEntry>();
  for (const source of listMarkdown(dir)) {
    const frontMatter = readFrontMatter(readFileSync(path.join(dir, source), 'utf8'));
    const parts = source.split('/');
    const rawName = parts.pop()!.replace(/\.mdx?$/, '');
    const fileName = strip(rawName);
    const folders = parts.map(strip);
    const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : fileName;
    const id = [...folders, baseId].join('/');
    const folderSlug = folders.length > 0 ? `/${folders.join('/')}` : '';
    // Docusaurus' isCategoryIndex: on the names as written (number prefixes kept), front matter aside.
    const isIndex = isCategoryIndex(rawName, parts.at(-1));
    let slug: string;
    if (typeof frontMatter.slug === 'string') {
      slug = frontMatter.slug.startsWith('/') ? frontMatter.slug : `${folderSlug}/${frontMatter.slug}`;
    } else {
      slug = isIndex ? `${folderSlug}/` : `${folderSlug}/${baseId}`;
    }
    docs.set(id, { id, source, slug, frontMatter });
  }
  return docs;
}
