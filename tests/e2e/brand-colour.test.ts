/**
 * A migrated site keeps its brand colour (migrate/brand-colours.ts): a Docusaurus site's `--ifm-color-primary` from
 * its customCss, light and dark, becomes docgen's accent, and links show a shade of it that reads at 4.5:1. Before,
 * every migrated site was docgen's blue. Chromium, light and dark mode as a reader saves them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { type CliServer, migrateAndBuild, removeDir, startServe, writeTree } from '../helpers/site.js';

extend([a11yPlugin]);

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-brand-'));
let browser: Browser;
let server: CliServer;
let report: string;

beforeAll(async () => {
  const site = writeTree(path.join(temp, 'site'), {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Brand', url: 'https://example.com', baseUrl: '/',",
      "  presets: [['classic', { docs: { routeBasePath: '/' }, theme: { customCss: require.resolve('./src/css/custom.css') } }]],",
      '};',
      '',
    ].join('\n'),
    // As the classic template writes it, with a light green that does not read as text on white (2.5:1).
    'src/css/custom.css': [
      ':root {',
      '  --site-green: #25c2a0;',
      '  --ifm-color-primary: var(--site-green);',
      '  --ifm-color-primary-dark: #21af90;',
      '}',
      '@media (min-width: 997px) { :root { --ifm-color-primary: #ff0000; } }',
      "[data-theme='dark'] {",
      '  --ifm-color-primary: #e8a34e;',
      '}',
      '.hero { padding: 4rem; }',
      '',
    ].join('\n'),
    'docs/intro.md': '---\nslug: /\n---\n\n# Intro\n\nSee [the guide](./guide.md).\n',
    'docs/guide.md': '# Guide\n\nThe guide.\n',
  });
  const out = path.join(temp, 'out');
  report = migrateAndBuild('docusaurus', site, out).report;
  server = await startServe(path.join(out, 'dist'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe("a migrated Docusaurus site's brand colour", () => {
  it('is reported, with where it came from', () => {
    expect(report).toContain('src/css/custom.css:3');
    expect(report).toContain('the brand colour (--ifm-color-primary: #25c2a0, dark mode #e8a34e)');
  });

  it.each([
    { mode: 'light', accent: '#25c2a0', background: '#ffffff' },
    { mode: 'dark', accent: '#e8a34e', background: '#1b1b1d' },
  ])('colours accents and links in $mode mode, links readable', async ({ mode, accent, background }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const shown = await page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--dg-primary').trim(),
      link: getComputedStyle([...document.querySelectorAll('main a')].find((a) => a.textContent === 'the guide')!)
        .color,
    }));
    await context.close();
    expect(shown.theme).toBe(mode);
    expect(shown.primary).toBe(accent);
    const link = colord(shown.link);
    // The brand's hue, not docgen's blue (#0958d9 / #69b1ff, hue 215)
    expect(Math.abs(link.hue() - colord(accent).hue())).toBeLessThan(3);
    expect(link.contrast(background)).toBeGreaterThanOrEqual(4.5);
  });
});
