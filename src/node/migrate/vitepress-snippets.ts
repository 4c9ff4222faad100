/**
 * VitePress snippet imports (`<<< @/../packages/core/src/config.ts#snippet`) of files outside the source folder: a
 * monorepo's docs show their package's code this way (VitePress reads any file, `@` being the source folder).
 * migrate copies only the source folder into content/, so such a file is copied beside it, at the same place
 * relative to content/ as it had relative to the source folder: the page's `<<<` line then reads it as written
 * (docgen reads snippets anywhere in the project, markdown/snippet-imports.ts).
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSnippetReference } from '../markdown/snippet-imports.js';
import { forEachMdxLine, type MigrationReport } from './report.js';

/** A `<<<` snippet import line (VitePress: at the start of a line, up to three spaces of indent). */
const SNIPPET_LINE = /^ {0,3}<<<[ \t]+(\S.*)$/;

/**
 * Copies the files a page's snippet imports name outside the source folder into the migrated site.
 * @param page the page's absolute path in the source folder `srcDir`; `shown` its path for the report
 * @param contentDir the migrated content folder, inside the migrated site `out`
 * @returns the number of files copied
 */
export function carryOutsideSnippets(
  text: string,
  page: string,
  shown: string,
  dirs: { srcDir: string; contentDir: string; out: string },
  report: MigrationReport,
): number {
  if (!text.includes('<<<')) return 0;
  let copied = 0;
  forEachMdxLine(text, (line, index) => {
    const reference = SNIPPET_LINE.exec(line)?.[1];
    if (!reference) return;
    const { filepath } = parseSnippetReference(reference);
    const source = /^@\/?/.test(filepath)
      ? path.join(dirs.srcDir, filepath.replace(/^@\/?/, ''))
      : path.resolve(path.dirname(page), filepath);
    const relative = path.relative(dirs.srcDir, source);
    if (!relative.startsWith('..') || !existsSync(source) || !statSync(source).isFile()) return;
    const target = path.join(dirs.contentDir, relative);
    if (path.relative(dirs.out, target).startsWith('..')) {
      report.add(
        shown,
        `the snippet import <<< ${filepath} reads a file outside the site folder and migrate has no place for it in the migrated site: copy it there and change the path`,
        index + 1,
      );
      return;
    }
    if (existsSync(target)) return;
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(source, target);
    copied++;
  });
  return copied;
}
