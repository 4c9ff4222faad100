/**
 * One site extends docgen without forking it (tests/fixtures/sites/plugins): a Footer override
 * that wraps the original, its own CSS, remark-math + rehype-katex with KaTeX's stylesheet and fonts, and an English
 * UI. Built, served by `docgen serve` with the site's CSP, and read in Chromium: all four show, with no console error
 * and no CSP violation. Under `docgen dev`, edits of the override and of the CSS show in the open page without a
 * restart, with the maths still typeset.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { builtSite, copyFixture, removeDir, repoRoot, startDev } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  // The config imports remark-math and rehype-katex, as a site that installed them does.
  site = await builtSite('plugins', (dir) =>
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir'),
  );
});
afterAll(async () => site?.close());

describe('a site that extends docgen', () => {
  it('shows the wrapped footer, its CSS, typeset maths and English labels, without errors', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(site.url + '/docs/math');
    expect(response!.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    await waitForHydration(page);
    // The override wraps the original: both the original footer and the site's line.
    expect(await page.textContent('.site-footer .dg-footer__copyright')).toBe('Copyright © Plugins');
    expect(await page.$eval('.site-footer__extra', (el) => getComputedStyle(el).color)).toBe('rgb(0, 112, 96)');
    // remark-math + rehype-katex, laid out by KaTeX's stylesheet and its own fonts.
    expect(await page.locator('main .katex').count()).toBe(2);
    expect(await page.$eval('main .katex', (el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('1em KaTeX_Main'))).toBe(true);
    // The English UI: labels of the theme, and the language of the document.
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('.dg-skip-link')).toBe('Skip to main content');
    expect(await page.textContent('.dg-footer__date')).toContain('Built on');
    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe('the same site under docgen dev', () => {
  it('shows an edit of the override and of its CSS in the open page without a restart', async () => {
    const dir = copyFixture('plugins', { linkNodeModules: true });
    const dev = await startDev(dir);
    const browser = await launchBrowser();
    const edit = (rel: string, change: (text: string) => string) =>
      writeFileSync(path.join(dir, rel), change(readFileSync(path.join(dir, rel), 'utf8')));
    try {
      const page = await browser.newPage();
      await page.goto(dev.url + '/docs/math');
      await waitForHydration(page);
      expect(await page.locator('main .katex').count()).toBe(2);
      expect(await page.textContent('.site-footer__extra')).toBe('Maths by KaTeX');
      edit('theme/Footer.tsx', (text) => text.replace('Maths by KaTeX', 'Edited in dev'));
      await page.waitForFunction(
        () => document.querySelector('.site-footer__extra')?.textContent === 'Edited in dev',
        null,
        { timeout: 15_000 },
      );
      edit('theme/custom.css', (text) => text.replace('rgb(0, 112, 96)', 'rgb(0, 128, 0)'));
      await expect
        .poll(() => page.$eval('.site-footer__extra', (el) => getComputedStyle(el).color), { timeout: 15_000 })
        .toBe('rgb(0, 128, 0)');
      expect(await page.locator('main .katex').count()).toBe(2);
      expect(await page.textContent('.dg-footer__copyright')).toBe('Copyright © Plugins'); // the original, still wrapped
    } finally {
      await browser.close();
      await dev.close();
      removeDir(dir);
    }
  });
});
