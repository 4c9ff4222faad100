import { describe, expect, it } from 'vitest';
import { createHeaderRules } from '../../../../src/node/output/headers.js';
import { headersFor, parseHeadersFile } from '../../../../src/node/serve/headers-file.js';

const emitted = (baseUrl: string) =>
  createHeaderRules({ inlineScripts: ['x'], imgOrigins: [], connectOrigins: [], baseUrl });

describe('_headers (Netlify format)', () => {
  it.each(['/', '/handbook/'])('applies what docgen writes for base %s: CSP everywhere, immutable assets', (base) => {
    const { headersFile, csp } = emitted(base);
    const rules = parseHeadersFile(headersFile);
    expect(rules.map((rule) => rule.pattern)).toEqual([
      `${base}*`,
      `${base}assets/*`,
      `${base}*.md`,
      `${base}*llms.txt`,
      `${base}*llms-full.txt`,
    ]);
    for (const page of [base, `${base}docs/guide/intro`, base.replace(/\/$/, '') || '/']) {
      const headers = headersFor(rules, page);
      expect(headers.get('Content-Security-Policy'), page).toBe(csp);
      expect(headers.get('Cache-Control'), page).toBe('public, max-age=0, must-revalidate');
      expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    const asset = headersFor(rules, `${base}assets/chunks/a.js`);
    expect(asset.get('Cache-Control')).toBe('public, max-age=31536000, immutable'); // the later rule wins
    expect(asset.get('Content-Security-Policy')).toBe(csp);
    if (base !== '/') expect(headersFor(rules, '/elsewhere').size).toBe(0);
  });

  it('reads comments, placeholders, inner splats, repeated names, and skips what it cannot use', () => {
    const rules = parseHeadersFile(
      [
        '# comment',
        '/a/:slug/page',
        '  X-One: 1',
        '/files/*.pdf',
        '  X-Pdf: yes',
        '/exact',
        '  cache-control: max-age=0',
        '  cache-control: no-cache',
        '  # inner comment',
        '  bad line',
        'https://example.com/*',
        '  X-Abs: 1',
        '  X-Orphan: 1',
        '',
      ].join('\n'),
    );
    expect(rules.map((rule) => rule.pattern)).toEqual(['/a/:slug/page', '/files/*.pdf', '/exact']);
    expect(headersFor(rules, '/a/b/page').get('X-One')).toBe('1');
    expect(headersFor(rules, '/a/b/c/page').size).toBe(0);
    expect(headersFor(rules, '/files/x.pdf').get('X-Pdf')).toBe('yes');
    expect(headersFor(rules, '/EXACT/').get('cache-control')).toBe('max-age=0, no-cache');
    expect(headersFor(rules, '/exactly').size).toBe(0);
  });
});
