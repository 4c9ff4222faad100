/**
 * The `edited` pages of a plan (pipeline/plan.ts), read again as loadSite reads them, for the drivers that keep the
 * site they loaded: the incremental build (incremental/patch-build.ts) and `docgen dev` (dev/patch-model.ts). What
 * other pages show of a page (its front matter and title: sidebars, previous/next, cards) must be unchanged;
 * otherwise the driver loads the whole site again, which also reports every diagnostic.
 */
import path from 'node:path';
import type { Strictness } from '../config/schema.js';
import { readSourcePage, type SourcePage } from '../content/collect.js';
import { titleOf } from '../content/sidebars.js';
import { DocgenError } from '../diagnostics/error.js';
import { shownKey } from './keys.js';

/**
 * Reads an edited page.
 * @param options.shown the page's shownKey as last loaded
 * @param options.root project root (paths in reasons are relative to it)
 * @returns the page and its title, or why the site must be loaded again: its front matter or title changed, it
 *   has a front matter diagnostic (warnings too: a full load reports them all), or it cannot be read
 */
export async function readEditedPage(options: {
  contentPath: string;
  relPath: string;
  unknownFrontMatter?: Strictness;
  shown: string;
  root: string;
}): Promise<{ page: SourcePage; title: string } | { reason: string }> {
  const relative = path.relative(options.root, path.join(options.contentPath, options.relPath));
  let read: Awaited<ReturnType<typeof readSourcePage>>;
  try {
    read = await readSourcePage(options.contentPath, options.relPath, {
      unknownFrontMatter: options.unknownFrontMatter,
    });
  } catch (error) {
    if (error instanceof DocgenError) return { reason: `${error.code} in ${relative}` };
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { reason: `${relative} was removed` };
    throw error;
  }
  const first = read.diagnostics[0];
  if (first) return { reason: `${first.code} in ${relative}` };
  const title = titleOf(read.page);
  if (shownKey(read.page.frontMatter, title) !== options.shown)
    return { reason: `the front matter or title of ${relative} changed` };
  return { page: read.page, title };
}
