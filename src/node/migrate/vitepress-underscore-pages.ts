/**
 * VitePress pages whose path has a segment starting with `_` (`guide/_page.md`, `cookbook/_discord.md`). VitePress
 * publishes every Markdown file below srcDir that `srcExclude` leaves (vitepress src/node/config.ts: `**\/*.md` but
 * node_modules and srcExclude), where docgen, as Docusaurus, takes a `_` file or folder for a partial, never a page.
 * Such a page that no page includes (`<!--@include: …-->`) or imports is carried under its name without the leading
 * underscores (`guide/page.md`), its URL kept by a `slug` (vitepress-rewrite.ts keepVitepressRoute); the relative
 * links to it and its sidebar entries follow the new name. A `_` file another page includes stays a partial: its
 * text is in the pages that include it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { MigrationReport } from './report.js';
import { includedFiles } from './vitepress-rewrite.js';

/** `import X from './y.md'`: a Markdown file used as a component (vitepress-markdown-components.ts inlines it). */
const MARKDOWN_IMPORT = /^import\s.*?from\s+['"]([^'"]+\.md)['"]/gm;

/**
 * The `_` pages to carry as pages, by their path below srcDir -> their new path (`/`-separated).
 * @param pages the site's other pages below srcDir (`/`-separated: docs-index.ts listMarkdown, which skips `_`
 *   files), after srcExclude
 * @param excluded the files srcExclude names, below srcDir
 */
export function underscorePages(
  srcDir: string,
  pages: readonly string[],
  o: { report: MigrationReport; site: string; excluded: ReadonlySet<string> },
): Map<string, string> {
  const underscored = fg
    .sync(['**/_*.md', '**/_*/**/*.md'], { cwd: srcDir, ignore: ['**/node_modules/**', '**/.*/**'] })
    .filter((page) => !o.excluded.has(page))
    .sort();
  if (underscored.length === 0) return new Map();
  const included = new Set<string>();
  for (const page of [...pages, ...underscored]) {
    const file = path.join(srcDir, page);
    const text = readFileSync(file, 'utf8');
    for (const target of includedFiles(text, file, srcDir)) included.add(target);
    for (const match of text.matchAll(MARKDOWN_IMPORT)) included.add(path.resolve(path.dirname(file), match[1]!));
  }
  const taken = new Set(pages);
  const renamed = new Map<string, string>();
  for (const page of underscored) {
    if (included.has(path.join(srcDir, page))) continue;
    const to = page
      .split('/')
      .map((segment) => segment.replace(/^_+(?=.)/, ''))
      .join('/');
    if (taken.has(to)) {
      o.report.add(
        path.relative(o.site, path.join(srcDir, page)),
        `page not carried over: docgen takes a file starting with '_' for a partial, and ${to} is another page`,
      );
      continue;
    }
    taken.add(to);
    renamed.set(page, to);
  }
  return renamed;
}

/**
 * A page's relative Markdown links (`[x](./_page.md#a)`, `(../_guide/start)`) to a renamed page, pointed at its new
 * file; site-absolute links keep working as written (the page keeps its URL).
 * @param page the linking page below srcDir, as VitePress had it (`/`-separated)
 * @param renamed underscorePages' map
 */
export function retargetUnderscoreLinks(text: string, page: string, renamed: ReadonlyMap<string, string>): string {
  if (renamed.size === 0 || !text.includes('_')) return text;
  const dir = path.posix.dirname(page.split(path.sep).join('/'));
  const byPosix = new Map(
    [...renamed].map(([from, to]) => [from.split(path.sep).join('/'), to.split(path.sep).join('/')]),
  );
  return text.replace(
    /\]\((\.{1,2}\/[^)\s#]*?|[^)\s#/:]+?)(\.md|\.html)?(#[^)\s]*)?\)/g,
    (whole, target: string, _ext, hash) => {
      const resolved = path.posix.normalize(path.posix.join(dir, target));
      const to = renamed.get(`${resolved}.md`);
      if (!to) return whole;
      const relative = path.posix.relative(dir, to);
      return `](${relative.startsWith('.') ? relative : `./${relative}`}${hash ?? ''})`;
    },
  );
}
