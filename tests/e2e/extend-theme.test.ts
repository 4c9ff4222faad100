/**
 * A site that extends the theme (tests/fixtures/sites/extend) in Chromium: the Footer override renders
 * and hydrates without errors, the site's CSS applies, a content component renders after client-side navigation,
 * and under `docgen dev` edits of the override and the CSS show without a restart, an error in the override shows
 * with file:line and clears when fixed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { builtSite, copyFixture, removeDir, startDev } from '../helpers/site.js';

const extraColor = (page: Page) => page.$eval('.site-footer__extra', (el) => getComputedStyle(el).color);

describe('a built site with a theme of its own', () => {
  let site: Awaited<ReturnType<typeof builtSite>>;
  beforeAll(async () => {
    site = await builtSite('extend');
  });
  afterAll(async () => site?.close());

  it('hydrates the overriding footer without errors, and its state works', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    await page.goto(site.url + '/docs/guide/intro');
    await waitForHydration(page);
    expect(await page.textContent('.site-footer .dg-footer__copyright')).toBe('Copyright © Extend');
    expect(await page.textContent('.site-footer__extra')).toBe('Extended by the site theme');
    await page.click('.site-footer__counter');
    await page.click('.site-footer__counter');
    expect(await page.textContent('.site-footer__counter')).toBe('clicked 2'); // event handlers attached: hydrated
    expect(errors).toEqual([]);
    await page.close();
  });

  it("applies the site's stylesheet over the theme's", async () => {
    const page = await site.browser.newPage();
    await page.goto(site.url + '/docs/guide/intro');
    expect(await extraColor(page)).toBe('rgb(192, 0, 122)');
    expect(await page.$eval('.dg-footer', (el) => getComputedStyle(el).borderTopWidth)).toBe('4px');
    expect(await page.$eval('.dg-footer', (el) => getComputedStyle(el).borderTopColor)).toBe('rgb(192, 0, 122)');
    await page.close();
  });

  it('renders a content component from route data after a client-side navigation', async () => {
    const page = await site.browser.newPage();
    const errors = collectErrors(page);
    // What a remark/rehype plugin emitting the component would put in the page's hast.
    await page.route('**/assets/data/docs_guide_intro.*.json', async (route) => {
      const data = await (await route.fetch()).json();
      data.content.children.push({
        type: 'element',
        tagName: 'Highlight',
        properties: { tone: 'warning' },
        children: [{ type: 'text', value: '大事' }],
      });
      await route.fulfill({ json: data });
    });
    await page.goto(site.url + '/');
    await waitForHydration(page);
    await page.click('main a[href="/docs/guide/intro"]');
    await page.waitForSelector('mark.site-highlight[data-tone="warning"]');
    expect(await page.textContent('mark.site-highlight')).toBe('大事');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('docgen dev with a theme of its own', () => {
  let dir: string;
  let dev: Awaited<ReturnType<typeof startDev>>;
  let browser: Browser;
  const file = (rel: string) => path.join(dir, rel);
  const edit = (rel: string, change: (text: string) => string) =>
    writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));
  beforeAll(async () => {
    dir = copyFixture('extend');
    dev = await startDev(dir);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    removeDir(dir);
  });

  it('reloads the open page when the override, a file it imports or the stylesheet changes', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(dev.url + '/docs/guide/intro');
    await waitForHydration(page);
    expect(await page.textContent('.site-footer__extra')).toBe('Extended by the site theme');
    expect(await extraColor(page)).toBe('rgb(192, 0, 122)');
    expect(await page.getAttribute('head meta[name="theme-color"]', 'content')).toBe('#c0007a');

    edit('theme/label.ts', (text) => text.replace('Extended by the site theme', 'Edited in dev'));
    await page.waitForFunction(
      () => document.querySelector('.site-footer__extra')?.textContent === 'Edited in dev',
      null,
      { timeout: 10_000 },
    );
    edit('theme/Footer.tsx', (text) => text.replace('clicked {clicks}', 'pressed {clicks}'));
    await page.waitForFunction(
      () => document.querySelector('.site-footer__counter')?.textContent === 'pressed 0',
      null,
      { timeout: 10_000 },
    );
    edit('theme/custom.css', (text) => text.replace('color: rgb(192, 0, 122);', 'color: rgb(0, 128, 0);'));
    await expect.poll(() => extraColor(page), { timeout: 10_000 }).toBe('rgb(0, 128, 0)');
    await waitForHydration(page);
    await page.click('.site-footer__counter');
    expect(await page.textContent('.site-footer__counter')).toBe('pressed 1');
    expect(errors.filter((e) => !/\[docgen\]/.test(e))).toEqual([]);
    expect(dev.child.exitCode).toBeNull();
    await page.close();
  });

  it('shows an error in the override with file:line in the terminal and the overlay, and recovers', async () => {
    const page = await browser.newPage();
    await page.goto(dev.url + '/docs/guide/intro');
    await waitForHydration(page);
    const original = readFileSync(file('theme/Footer.tsx'), 'utf8');
    writeFileSync(
      file('theme/Footer.tsx'),
      original.replace('const [clicks, setClicks] = useState(0);', 'const [clicks, setClicks] = useState(0;'),
    );
    await page.waitForSelector('#docgen-error-overlay', { state: 'attached', timeout: 10_000 });
    const overlay = await page.evaluate(() => document.getElementById('docgen-error-overlay')!.shadowRoot!.textContent);
    expect(overlay).toMatch(/theme\/Footer\.tsx:7:\d+/);
    await expect.poll(() => dev.output(), { timeout: 5000 }).toMatch(/theme\/Footer\.tsx:7:\d+/);
    writeFileSync(file('theme/Footer.tsx'), original.replace('pressed {clicks}', 'fixed {clicks}'));
    await page.waitForFunction(() => document.querySelector('.site-footer__counter')?.textContent === 'fixed 0', null, {
      timeout: 10_000,
    });
    await waitForHydration(page);
    expect(await page.$('#docgen-error-overlay')).toBeNull();
    await page.close();
  });
});
