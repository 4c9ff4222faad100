/**
 * The API reference of the real site (openapi/*.yaml) as a reader sees it in Chromium:
 * the menu marks the operation being read, copy buttons show, type labels read right, every named schema and the
 * licence are listed, the description's 認証 section holds the schemes, samples and try-it sit in a right column
 * that stays in view, the menu is one bar on a phone, and axe-core finds nothing serious in light or dark mode.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { axeViolations } from '../helpers/axe.js';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { removeDir, repoRoot, runDocgen, startServe } from '../helpers/site.js';

const API_PAGES = ['inventory', 'zone', 'waitfor-services'];
let out: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-apiui-'));
  const result = runDocgen(['build', '--out-dir', out], repoRoot);
  expect(result.status, result.stderr).toBe(0);
  server = await startServe(out);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) removeDir(out);
});

async function open(
  route: string,
  options: { width?: number; theme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  await context.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme ?? 'light');
  const page = await context.newPage();
  await page.goto(server.url + route);
  await waitForHydration(page);
  return { page, context };
}

type Box = { top: number; bottom: number; left: number; right: number };
const box = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the API reference as a reader sees it', () => {
  it('marks the operation being read in the menu as the reader scrolls, without moving the layout', async () => {
    const { page, context } = await open('/api/inventory');
    // Layout shifts of anything in the menu (sections far down do shift as they are first laid out: content-visibility).
    await page.evaluate(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { sources: { node?: Node }[] })[]) {
          for (const source of entry.sources)
            if (source.node?.parentElement?.closest('.dg-api-nav')) w.shifts.push(source.node.textContent ?? '');
        }
      }).observe({ type: 'layout-shift' });
    });
    const current = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.dg-api-nav [aria-current]')].map(
          (a) => a.closest<HTMLElement>('[data-op]')!.dataset.op,
        ),
      );
    for (const id of ['getZone', 'deleteHub', 'listRealms']) {
      await page.evaluate((target) => document.getElementById(target)!.scrollIntoView(), id);
      await expect.poll(current).toEqual([id]);
      // The marked entry is inside the menu column's visible part.
      const [entry, column] = await Promise.all([
        box(page, `.dg-api-nav__op[data-op="${id}"] a`),
        box(page, '.dg-api-nav'),
      ]);
      expect(entry.top).toBeGreaterThanOrEqual(column.top);
      expect(entry.bottom).toBeLessThanOrEqual(column.bottom);
    }
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);
    await context.close();
  });

  it('shows the copy button of a request sample, and on focus', async () => {
    const { page, context } = await open('/api/inventory#listRealms');
    const copy = page.locator('#listRealms .dg-samples .dg-tabs__panel[data-label="curl"] .dg-copy');
    await page.locator('#listRealms .dg-samples .dg-code').first().hover();
    await expect
      .poll(() => copy.evaluate((b) => getComputedStyle(b).display !== 'none' && getComputedStyle(b).opacity))
      .toBe('1');
    await copy.focus();
    expect(await copy.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
    await context.close();
  });

  it('separates a component name from its type, and names a named array once', async () => {
    const { page, context } = await open('/api/inventory#listRealms');
    const items = await page
      .locator('#listRealms .dg-resp[open] .dg-schema__items > .dg-schema__note')
      .first()
      .innerText();
    // innerText: what is rendered in this paragraph (not a flex row), so a missing space shows as `Realmobject`.
    expect(items).toMatch(/Realm object/);
    expect(items).not.toMatch(/Realmobject/);
    await page.goto(`${server.url}/api/waitfor-services`);
    await waitForHydration(page);
    const head = await page.locator('.dg-resp[open] .dg-schema-tree__head').first().textContent();
    expect(head).toBe('ServiceUrnList string[]');
    await context.close();
  });

  it.each(API_PAGES)('lists every named schema of components.schemas (%s)', async (name) => {
    const doc = parse(readFileSync(path.join(repoRoot, 'openapi', `${name}.yaml`), 'utf8')) as {
      components?: { schemas?: object };
    };
    const expected = Object.keys(doc.components?.schemas ?? {}).sort();
    expect(expected.length).toBeGreaterThan(0);
    const { page, context } = await open(`/api/${name}`);
    // textContent: sections far down are not rendered yet (content-visibility), so innerText would be empty.
    const listed = (await page.locator('#schemas .dg-api-schema__title').allTextContents()).map((t) => t.trim()).sort();
    expect(listed).toEqual(expected);
    await context.close();
  });

  it("shows the info's licence, and the description's 認証 section holds the schemes in the same style", async () => {
    const { page, context } = await open('/api/zone');
    const license = page.locator('.dg-api-info [data-info="license"] a');
    await expect(license.innerText()).resolves.toBe('Apache 2.0');
    await expect(license.getAttribute('href')).resolves.toBe('https://www.apache.org/licenses/LICENSE-2.0.html');
    const head = page.locator('.dg-api-head');
    await expect(head.locator('h2', { hasText: /^認証$/ }).count()).resolves.toBe(1);
    // The scheme follows the description's 認証 section, before its next section (エラー).
    const order = await head.evaluate((h) => {
      const all = [...h.querySelectorAll('h2, .dg-scheme')];
      return all.map((e) => (e.matches('h2') ? e.textContent : 'scheme'));
    });
    expect(order.slice(order.indexOf('認証'), order.indexOf('認証') + 3)).toEqual(['認証', 'scheme', 'エラー']);
    const style = (selector: string) =>
      head
        .locator(selector)
        .first()
        .evaluate((e) => [getComputedStyle(e).fontSize, getComputedStyle(e).borderBottomStyle]);
    expect(await style('.dg-api-head__desc h2')).toEqual(await style('.dg-api-h2'));
    // Inline code in descriptions has a background, as on doc pages.
    expect(
      await head
        .locator('.dg-api-head__desc p code')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    ).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('puts samples and the try-it console in a right column that stays in view, with fields that do not overlap', async () => {
    const { page, context } = await open('/api/zone#listRRSets');
    await page.locator('#listRRSets [data-try]').click();
    const main = await box(page, '#listRRSets .dg-op__main');
    const panel = await box(page, '#listRRSets .dg-try__panel');
    expect(panel.left).toBeGreaterThanOrEqual(main.right - 1);
    const samples = await box(page, '#listRRSets .dg-samples');
    expect(panel.top).toBeGreaterThan(samples.bottom - 1);
    const rows = await page.locator('#listRRSets .dg-try__row').evaluateAll((list) =>
      list.map((row) =>
        [...row.children].map((c) => {
          const r = c.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        }),
      ),
    );
    const boxes = rows.flat();
    expect(boxes.length).toBeGreaterThanOrEqual(4); // server URL and {host}: label and field each
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `${i} ${j}`).toBe(false);
    // Scrolling the operation keeps the column in view under the navbar: its top 200 px above the navbar (a fixed
    // distance would depend on how tall the fonts of the machine make the operation).
    const op = await box(page, '#listRRSets');
    const column = await box(page, '#listRRSets .dg-op__side-inner');
    expect(op.bottom - op.top).toBeGreaterThan(column.bottom - column.top + 300); // room to stay in view
    await page.evaluate((by) => window.scrollBy(0, by), Math.round(op.top - 60 + 200));
    await expect
      .poll(() => box(page, '#listRRSets .dg-op__side-inner').then((b) => Math.round(b.top)))
      .toBeGreaterThan(50);
    const side = await box(page, '#listRRSets .dg-op__side-inner');
    expect(side.top).toBeLessThan(100);
    expect(side.bottom).toBeLessThanOrEqual(900);
    await context.close();
  });

  it('shows the menu as one bar above the title on a phone, opened by its button', async () => {
    const { page, context } = await open('/api/inventory', { width: 375 });
    const nav = await box(page, '.dg-api-nav');
    expect(nav.bottom - nav.top).toBeLessThan(80);
    const title = await box(page, '.dg-api-head__title');
    expect(title.top).toBeLessThan(nav.bottom + 40);
    await expect(page.locator('.dg-api-nav__op').first().isVisible()).resolves.toBe(false);
    await page.locator('[data-nav-toggle]').click();
    await expect(page.locator('[data-nav-toggle]').getAttribute('aria-expanded')).resolves.toBe('true');
    await page.locator('.dg-api-nav__op[data-op="getZone"] a').click();
    await page.waitForURL(/#getZone$/);
    await expect(page.locator('.dg-api-nav__op').first().isVisible()).resolves.toBe(false);
    await expect(page.locator('[data-nav-toggle]').getAttribute('aria-expanded')).resolves.toBe('false');
    // The operation landed on, under the menu bar, is the one marked when the menu opens again.
    await page.locator('[data-nav-toggle]').click();
    await expect
      .poll(() =>
        page
          .locator('.dg-api-nav [aria-current]')
          .evaluateAll((list) => list.map((a) => a.closest<HTMLElement>('[data-op]')!.dataset.op)),
      )
      .toEqual(['getZone']);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe-core violation on the API pages, try-it and phone menu open (${theme})`, async () => {
      const failures: string[] = [];
      for (const name of API_PAGES) {
        for (const width of [1280, 375]) {
          const { page, context } = await open(`/api/${name}`, { width, theme });
          await page.locator('.dg-op [data-try]').first().click();
          if (width === 375) await page.locator('[data-nav-toggle]').click();
          for (const v of await axeViolations(page)) failures.push(`${name} ${width}px: ${v}`);
          await context.close();
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
