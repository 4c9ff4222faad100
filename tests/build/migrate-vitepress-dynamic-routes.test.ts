/**
 * VitePress dynamic routes ("Routing › Dynamic Routes"): `packages/[pkg].md` with `packages/[pkg].paths.js`, whose
 * `paths()` returns `{ params, content? }[]`, publishes one page per entry at `/packages/<pkg>`, its
 * `{{ $params.pkg }}` replaced by the value and `<!-- @content -->` by the entry's content. After `docgen migrate`
 * those pages are built at the same URLs, and no `[pkg]` page is.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-dynamic-routes-'));
afterAll(() => removeDir(temp));

describe('migrate vitepress: dynamic routes', () => {
  it('publishes one page per entry of the paths loader, with its params and content', () => {
    const site = writeTree(path.join(temp, 'site'), {
      '.vitepress/config.mts': "export default { title: 'Pkgs', cleanUrls: true };\n",
      'index.md': '# Home\n\nSee [foo](/packages/foo).\n',
      'packages/[pkg].md':
        '---\ntitle: Package {{ $params.pkg }}\n---\n\n# {{ $params.pkg }}\n\nVersion {{ $params.version }}.\n\n<!-- @content -->\n',
      'packages/[pkg].paths.js': [
        'export default {',
        '  paths() {',
        '    return [',
        "      { params: { pkg: 'foo', version: '1.0.0' }, content: 'Foo parses **files**.' },",
        "      { params: { pkg: 'bar', version: '2.0.0' } },",
        '    ];',
        '  },',
        '};',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { output } = migrateAndBuild('vitepress', site, out);
    expect(output).not.toContain('[pkg]');
    const foo = readFileSync(path.join(out, 'dist/packages/foo.html'), 'utf8');
    expect(foo).toMatch(/<h1[^>]*>foo<\/h1>/);
    expect(foo).toContain('Version 1.0.0.');
    expect(foo).toContain('Foo parses <strong>files</strong>.');
    expect(readFileSync(path.join(out, 'dist/packages/bar.html'), 'utf8')).toContain('Version 2.0.0.');
    expect(existsSync(path.join(out, 'content/packages/[pkg].md'))).toBe(false);
  });
});
