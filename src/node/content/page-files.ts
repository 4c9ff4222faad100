/**
 * Which content files are pages and which are partials (Docusaurus' rules). Shared by the content
 * reader, routes, sidebars, links, the page cache key and the dev watcher.
 */

/** A Markdown page file: `.md` or `.mdx`. */
export const PAGE_FILE = /\.mdx?$/;

/**
 * Whether a content file is a partial, never a page: its name or a folder on its path starts with `_` (Docusaurus).
 * @param relPath content-relative POSIX path
 */
export function isPartialPath(relPath: string): boolean {
  return relPath.split('/').some((segment) => segment.startsWith('_'));
}
