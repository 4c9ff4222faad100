/**
 * Docusaurus `<Tabs groupId queryString>` in Chromium. Tabs of one group switch together, the
 * choice goes into the URL and is remembered (localStorage, Docusaurus' key), and without JavaScript the tabs still
 * switch (radio inputs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from '../helpers/site.js';
import { collectErrors, collectFailedRequests, waitForHydration } from '../helpers/browser.js';

let site: Awaited<ReturnType<typeof builtSite>>;
beforeAll(async () => {
  site = await builtSite('docusaurus');
});
afterAll(() => site?.close());

const checked = (page: import('playwright-core').Page) =>
  page.$$eval('.dg-tabs', (groups) =>
    groups.map((g) => (g.querySelector('input:checked') as HTMLInputElement).dataset.value),
  );

describe('Docusaurus tabs', () => {
  it('switches every tabs block of a group, puts the choice in the URL and remembers it', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const failed = collectFailedRequests(page);
    await page.goto(`${site.url}/docs/guides/tabs`);
    await waitForHydration(page);
    expect(await checked(page)).toEqual(['npm', 'npm']);
    await page.locator('.dg-tabs').first().getByText('Yarn', { exact: true }).click();
    expect(await checked(page)).toEqual(['yarn', 'yarn']);
    expect(new URL(page.url()).searchParams.get('package-manager')).toBe('yarn');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.package-manager'))).toBe('yarn');
    await page.goto(`${site.url}/docs/guides/tabs`); // no query: the remembered choice
    await waitForHydration(page);
    expect(await checked(page)).toEqual(['yarn', 'yarn']);
    await page.goto(`${site.url}/docs/guides/tabs?package-manager=npm`); // the URL wins
    await waitForHydration(page);
    expect(await checked(page)).toEqual(['npm', 'npm']);
    expect(failed).toEqual([]);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('still switches tabs without JavaScript', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/docs/guides/tabs`);
    const panel = page.locator('.dg-tabs').first().locator('.dg-tabs__panel').nth(1);
    expect(await panel.isVisible()).toBe(false);
    await page.locator('.dg-tabs').first().getByText('Yarn', { exact: true }).click();
    expect(await panel.isVisible()).toBe(true);
    await context.close();
  });
});
