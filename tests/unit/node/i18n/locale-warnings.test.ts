import { describe, expect, it } from 'vitest';
import { mergeLocaleWarnings } from '../../../../src/node/i18n/build-locales.js';
import { DocgenError } from '../../../../src/node/diagnostics/error.js';

const warning = (file: string, line: number, message = 'The link "./x.md" points to x.md, which does not exist.') =>
  new DocgenError({ code: 'DeadLink', message, file, line, column: 3, severity: 'warning' });

describe('mergeLocaleWarnings', () => {
  it('reports a warning about the same place in several locales once, naming them; others name their locale', () => {
    const merged = mergeLocaleWarnings([
      { locale: 'ja', warnings: [warning('/site/content/a.md', 4), warning('/site/content/b.md', 9)] },
      { locale: 'en', warnings: [warning('/site/content/a.md', 4), warning('/site/i18n/en/c.md', 2)] },
    ]);
    expect(merged.map((w) => [w.file, w.line, w.message.slice(0, w.message.indexOf(']') + 1), w.severity])).toEqual([
      ['/site/content/a.md', 4, '[locales ja, en]', 'warning'],
      ['/site/content/b.md', 9, '[locale ja]', 'warning'],
      ['/site/i18n/en/c.md', 2, '[locale en]', 'warning'],
    ]);
    expect(merged[0]!.message).toBe('[locales ja, en] The link "./x.md" points to x.md, which does not exist.');
  });
});
