import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brandStylesheet,
  docusaurusStylesheets,
  readBrandColours,
  vitepressStylesheets,
} from '../../../../src/node/migrate/brand-colours.js';

let site: string;
afterEach(() => rmSync(site, { recursive: true, force: true }));

function write(files: Record<string, string>): string {
  site = mkdtempSync(path.join(tmpdir(), 'docgen-brand-unit-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  }
  return site;
}

describe('readBrandColours', () => {
  it("reads a VitePress theme's --vp-c-brand-1 for :root and .dark, through var() and its fallback", () => {
    write({
      '.vitepress/theme/vars.css': [
        ':root { --brand: #3451b2; --vp-c-brand-1: var(--brand); }',
        '.dark { --vp-c-brand-1: var(--missing, #a8b1ff); }',
      ].join('\n'),
    });
    expect(readBrandColours('vitepress', vitepressStylesheets(site), site)).toEqual({
      light: '#3451b2',
      dark: '#a8b1ff',
      source: '.vitepress/theme/vars.css',
      variable: '--vp-c-brand-1',
    });
  });

  it('takes the pre-1.0 --vp-c-brand, and the light colour for dark mode when dark sets none', () => {
    write({ '.vitepress/theme/style.css': 'html { --vp-c-brand: rebeccapurple }' });
    expect(readBrandColours('vitepress', vitepressStylesheets(site), site)).toMatchObject({
      light: 'rebeccapurple',
      dark: 'rebeccapurple',
    });
  });

  it('ignores rules inside at-rules and other selectors, and reads html[data-theme=dark] unquoted', () => {
    write({
      'src/css/custom.css': [
        '@media (min-width: 997px) { :root { --ifm-color-primary: red; } }',
        '.navbar { --ifm-color-primary: blue; }',
        ':root { --ifm-color-primary: #2e8555; }',
        'html[data-theme=dark] { --ifm-color-primary: #25c2a0; }',
      ].join('\n'),
    });
    expect(readBrandColours('docusaurus', docusaurusStylesheets(undefined, site), site)).toMatchObject({
      light: '#2e8555',
      dark: '#25c2a0',
    });
  });

  it('gives nothing for a colour it cannot resolve, a stylesheet that does not parse, or one outside the site', () => {
    write({ 'src/css/custom.css': ':root { --ifm-color-primary: var(--theme-blue); }', 'bad.css': ':root { --ifm' });
    expect(readBrandColours('docusaurus', [path.join(site, 'src/css/custom.css')], site)).toBeUndefined();
    expect(readBrandColours('docusaurus', [path.join(site, 'bad.css')], site)).toBeUndefined();
    const outside = path.join(path.dirname(site), 'outside.css');
    writeFileSync(outside, ':root { --ifm-color-primary: #123456; }');
    try {
      expect(readBrandColours('docusaurus', [outside], site)).toBeUndefined();
    } finally {
      rmSync(outside);
    }
  });
});

describe('docusaurusStylesheets', () => {
  it("takes the classic preset's customCss (a path or a list), else src/css/custom.css", () => {
    write({ 'src/css/custom.css': '' });
    expect(docusaurusStylesheets([['classic', { theme: { customCss: ['./a.css', '/abs/b.css'] } }]], site)).toEqual([
      path.join(site, 'a.css'),
      '/abs/b.css',
    ]);
    expect(docusaurusStylesheets([['classic', {}]], site)).toEqual([path.join(site, 'src/css/custom.css')]);
  });
});

describe('brandStylesheet', () => {
  it('keeps a readable colour for links, and darkens (light) or lightens (dark) one that is not', () => {
    const css = brandStylesheet({
      light: '#0958d9',
      dark: '#1a1a8f',
      source: 'x.css',
      variable: '--ifm-color-primary',
    });
    expect(css).toContain(':root {\n  --dg-primary: #0958d9;\n  --dg-primary-text: #0958d9;');
    const dark =
      /html\[data-theme="dark"\] \{\n {2}--dg-primary: #1a1a8f;\n {2}--dg-primary-text: (#[0-9a-f]{6});/.exec(css);
    expect(dark?.[1]).toBeDefined();
    expect(dark![1]).not.toBe('#1a1a8f');
    // White text on the brand button: the light colour, readable on white already
    expect(css).toContain('.dg-button--brand {\n  background: #0958d9;\n  border-color: #0958d9;\n}');
  });
});
