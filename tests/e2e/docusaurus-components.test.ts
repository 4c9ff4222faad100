/**
 * A Docusaurus site's own React components in Chromium, styled as the original shows them: markuplint's website
 * (tests/fixtures/real-docs/markuplint, pinned at 335aeb4, MIT), migrated and built with no hand edit. Its
 * components style themselves with CSS modules (`import styles from './styles.module.css'`): the class names the
 * build-time render writes into the page are the ones the site's stylesheet defines (bundle/css-modules.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { migratedSite, removeDir, softenBrokenLinks, type CliServer } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-docusaurus-components-e2e-'));
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  // Its rule pages are written by a prebuild step (SOURCE.md): links to them are broken in this copy.
  server = await migratedSite(
    'docusaurus',
    'tests/fixtures/real-docs/markuplint',
    path.join(temp, 'markuplint'),
    softenBrokenLinks,
  );
  browser = await launchBrowser();
}, 320_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe("a Docusaurus site's CSS-module components", () => {
  it('styles LogoContainer and Grid with the rules of their styles.module.css', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/community/branding`);
    await waitForHydration(page);
    // LogoContainer/styles.module.css: `.logoContainer { overflow: hidden; border-radius: 0.5em }`, `.logo { padding: 15% }`.
    const figure = page.locator('main figure[class^="styles_logoContainer_"]').first();
    const styled = await figure.evaluate((el) => {
      const style = getComputedStyle(el);
      return { overflow: style.overflow, radius: style.borderTopLeftRadius, margin: style.marginTop };
    });
    expect(styled).toEqual({ overflow: 'hidden', radius: '8px', margin: '0px' });
    // Grid/styles.module.css `.grid { display: grid }`.
    const grid = page.locator('main div[class^="styles_grid_"]').first();
    expect(await grid.evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    await page.close();
  });
});
