/**
 * Docusaurus' Markdown pages: `src/pages/**\/*.{md,mdx}`, which `@docusaurus/plugin-content-pages` publishes at their
 * path (`src/pages/markdown-page.md` at `/markdown-page`, `index.md` at its folder), beside the React pages that
 * docgen does not carry. Each becomes a page of the same path in the migrated content folder.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { MigrationReport } from './report.js';

/** plugin-content-pages' default `exclude` (its options.ts): partials, tests. */
const PAGES_EXCLUDE = ['**/_*.{md,mdx}', '**/_*/**', '**/*.test.{md,mdx}', '**/__tests__/**'];

/**
 * Copies the site's Markdown pages into the content folder. A page whose path a docs page already holds (docs at
 * the site root) is left out and reported, as Docusaurus reports the duplicate route.
 * @param site the Docusaurus site folder; `contentDir` the migrated site's content folder
 * @returns the pages copied, as paths relative to `src/pages` ('/'-separated)
 */
export function carryMarkdownPages(site: string, contentDir: string, report: MigrationReport): string[] {
  const pagesDir = path.join(site, 'src', 'pages');
  if (!existsSync(pagesDir)) return [];
  const copied: string[] = [];
  for (const relative of fg.sync('**/*.{md,mdx}', { cwd: pagesDir, ignore: PAGES_EXCLUDE }).sort()) {
    const target = path.join(contentDir, relative);
    const route = `/${relative.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`;
    const twin = [target, target.replace(/\.mdx?$/, (ext) => (ext === '.md' ? '.mdx' : '.md'))].find(existsSync);
    if (twin) {
      report.add(
        path.join(pagesDir, relative),
        `the page's route ${route} is already a docs page's (${path.relative(contentDir, twin).split(path.sep).join('/')}); the Markdown page was not copied`,
      );
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(pagesDir, relative), target);
    copied.push(relative);
  }
  return copied;
}
