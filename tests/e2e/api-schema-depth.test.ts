/**
 * A named schema nested at OPERATION_LINK_DEPTH in an operation (tests/fixtures/openapi-links/nested.yaml: Order ->
 * customer: Customer -> address: Address -> country: Country) is a link to its 「スキーマ」 entry, in Chromium: the
 * row is a `<details>` that opens from the keyboard and is then filled in place with the entry's fields; with
 * JavaScript off the row's link leads to the entry. Order, Customer and Address above it are expanded inline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { addApiDocument, builtSite, repoRoot } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('api', (dir) =>
    addApiDocument(
      dir,
      'nested.yaml',
      readFileSync(path.join(repoRoot, 'tests/fixtures/openapi-links/nested.yaml'), 'utf8'),
      '/api/nested',
    ),
  );
}, 600_000);
afterAll(async () => site?.close());

/** Country's row in a response schema (inside an operation). */
const COUNTRY_ROW = '.dg-view-response details[data-ref="schema/Country"]';

describe('a named schema below the depth in an operation', () => {
  it('is a link, expanded in place from the keyboard with its fields', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}/api/nested`);
    await waitForHydration(page);
    const op = page
      .locator('.dg-op')
      .filter({ has: page.locator(COUNTRY_ROW) })
      .first();
    // Order's properties, Customer's and Address's are inline; Country is one row with a link to its entry.
    await expect(op.locator('.dg-view-response .dg-prop__name >> text=city').count()).resolves.toBeGreaterThan(0);
    const row = op.locator(COUNTRY_ROW).first();
    await expect(row.locator('.dg-ref a').getAttribute('href')).resolves.toMatch(/#schema\/Country$/);
    expect(await row.locator('.dg-prop__name >> text=code').count()).toBe(0);
    // Open the <details> with the keyboard (its ancestors first: they are collapsed below the first level).
    await row.evaluate((details) => {
      for (let d = details.parentElement?.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
    });
    await row.locator(':scope > summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row.locator('.dg-prop__name >> text=code').count()).toBe(1);
    await expect(row.locator('.dg-ref').count()).resolves.toBe(0); // the link was replaced by the copy
    await expect(row.textContent()).resolves.toContain('ISO 3166-1 alpha-2 code.');
    // The entry itself is unchanged (the copy is a clone).
    await expect(page.locator('[id="schema/Country"] .dg-prop__name >> text=code').count()).resolves.toBe(1);
    await page.close();
  });

  it('leads a reader without JavaScript to its entry', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/api/nested`);
    const href = await page.locator(`.dg-op ${COUNTRY_ROW} .dg-ref a`).first().getAttribute('href');
    await page.goto(new URL(href!, page.url()).href);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#schema/Country');
    const entry = page.locator('[id="schema/Country"]');
    await expect(entry.locator('.dg-prop__name >> text=code').isVisible()).resolves.toBe(true);
    await expect(entry.textContent()).resolves.toContain('ISO 3166-1 alpha-2 code.');
    await context.close();
  });
});
