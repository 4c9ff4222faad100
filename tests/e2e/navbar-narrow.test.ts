/**
 * The navbar of a multi-locale site at 375 px (a phone): with a locale dropdown and a longer site title, every
 * control stays inside the viewport on one line (the locale button used to wrap its label onto three lines, 94 px
 * tall, and push the colour-mode toggle past the right edge), left to right and right to left.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('locales', (dir) => {
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("product: 'Fixture'", "product: 'Acme API Platform'"));
  });
});
afterAll(() => site?.close());

describe('navbar at 375 px with a locale dropdown', () => {
  for (const route of ['/en/docs/intro', '/docs/intro', '/ar/docs/intro']) {
    it(`keeps every control inside the viewport on one line: ${route}`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 375, height: 700 } });
      const errors = collectErrors(page);
      await page.goto(`${site.url}${route}`);
      await waitForHydration(page);
      const boxes = await page.evaluate(() =>
        ['.dg-navbar__toggle', '.dg-navbar__brand', '.dg-locale__button', '.dg-search-button', '.dg-color-toggle'].map(
          (selector) => {
            const box = document.querySelector(selector)!.getBoundingClientRect();
            return { selector, left: box.left, right: box.right, height: box.height };
          },
        ),
      );
      for (const box of boxes) {
        expect(box.left, box.selector).toBeGreaterThanOrEqual(0);
        expect(box.right, box.selector).toBeLessThanOrEqual(375);
        expect(box.height, box.selector).toBeLessThanOrEqual(44);
      }
      const inner = await page.evaluate(() => {
        const el = document.querySelector('.dg-navbar__inner')!;
        return { scroll: el.scrollWidth, client: el.clientWidth };
      });
      expect(inner.scroll).toBeLessThanOrEqual(inner.client);
      // Icon only, still named: the button's accessible name is the dropdown's and the current locale's.
      expect(await page.getAttribute('.dg-locale__button', 'aria-label')).toMatch(/English|日本語|العربية/);
      await page.click('.dg-locale__button');
      expect(await page.isVisible('.dg-locale__list')).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
