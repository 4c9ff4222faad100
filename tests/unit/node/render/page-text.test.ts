/**
 * The compact search text that worker threads hand the main thread (issue #8) must give the search stage exactly
 * the sections the page's hast gives it: checked on every Markdown page of the real site and the fixture sites.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../../src/node/content/front-matter.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { pageTextOf, sectionsToHast } from '../../../../src/node/render/page-text.js';
import { pageSections } from '../../../../src/node/search/extract.js';
import { repoRoot } from '../../../helpers/site.js';

const processor = createMarkdownProcessor();
const files = fg.sync(['content/**/*.md', 'tests/fixtures/sites/*/content/**/*.md'], { cwd: repoRoot }).sort();

describe('page text', () => {
  it('covers the real site and the fixtures', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)('%s: sectionsToHast(pageTextOf(hast)) splits into the same sections', async (rel) => {
    const file = path.join(repoRoot, rel);
    const source = readFileSync(file, 'utf8');
    const page = await compileMarkdown({
      processor,
      source,
      frontMatter: parseFrontMatter(source, file).data,
      ctx: { file, relPath: rel, route: '/x', routeByRelPath: new Map(), staticFiles: new Set(), href: (p) => p },
    });
    const sections = pageTextOf(page.hast);
    expect(pageSections(sectionsToHast(sections))).toEqual(pageSections(page.hast));
    expect(sections).toEqual(pageSections(page.hast));
  });

  it('keeps headings with empty sections and drops an empty intro', () => {
    const sections = [
      { heading: 'A', anchor: 'a', text: '' },
      { heading: 'B', anchor: 'b', text: '本文\n二行目' },
    ];
    expect(pageSections(sectionsToHast(sections))).toEqual(sections);
  });
});
