/** VitePress page checks (src/node/migrate/vitepress-pages.ts): a Vue component is one report line per kind. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationReport } from '../../../../src/node/migrate/report.js';
import { reportVuePages } from '../../../../src/node/migrate/vitepress-pages.js';
import { removeDir } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-vitepress-pages-'));
afterAll(() => removeDir(dir));

describe('reportVuePages', () => {
  it('reports each Vue component once, at its first use, and not in code or Badge', () => {
    writeFileSync(
      path.join(dir, 'a.md'),
      '# A\n\n## input <NonInheritBadge />\n\n## output <NonInheritBadge />\n\n`<Inline />` and <Badge text="x" />\n\n```vue\n<Fenced />\n```\n',
    );
    writeFileSync(path.join(dir, 'b.md'), '# B\n\n<NonInheritBadge />\n\n<YouTubeVideo id="x" />\n');
    const report = new MigrationReport(dir);
    reportVuePages(report, path.join(dir, 'a.md'), 'a.md');
    reportVuePages(report, path.join(dir, 'b.md'), 'b.md');
    expect(report.format().split('\n')).toEqual([
      'a.md:3  Vue component <NonInheritBadge>: map it with theme.mdxComponents or remove it (2 uses on this page; later pages not listed)',
      'b.md:5  Vue component <YouTubeVideo>: map it with theme.mdxComponents or remove it (later pages not listed)',
    ]);
  });
});
