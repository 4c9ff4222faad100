/**
 * Deep links into a large real split reference land on what they name and stay there: DataDog's v1 document
 * (tests/fixtures/openapi/datadog-v1, 235 operations, 1,209 schemas: its operations are long, their real heights
 * far from any fixed estimate) built for real and opened in Chromium at a fragment: the first operation, one in the
 * middle (Monitors, with long parts above it), the last one and a named schema. For each, right after the page
 * settled, 2 s and 5 s later, the target's heading must be at the top of the viewport (under the navbar, within a
 * few px) and the section seen there must be the target itself, with its own title: a reader who lands on a
 * neighbour (parts above the target laid out late with other heights than estimated) fails it. In-page navigation
 * (a navigation link, the browser's back and forward) is checked the same way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiDocument, builtSite, repoRoot } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('api', (dir) =>
    addApiDocument(
      dir,
      'datadog.yaml',
      readFileSync(path.join(repoRoot, 'tests/fixtures/openapi/datadog-v1/openapi.yaml'), 'utf8'),
      '/api/datadog',
    ),
  );
}, 600_000);
afterAll(async () => site?.close());

/** Where the target is, and what the reader sees just under the navbar. */
interface Seen {
  /** Distance (px) of the target's top from the navbar's bottom edge. */
  offset: number | null;
  /** Id of the section under the navbar, and its title. */
  seenId: string | null;
  seenTitle: string | null;
}

function look(page: Page, id: string): Promise<Seen> {
  return page.evaluate((target) => {
    const navbar = document.querySelector('.dg-navbar')?.getBoundingClientRect().bottom ?? 0;
    const element = document.getElementById(target);
    const section = element?.closest('.dg-op, .dg-api-schema') ?? null;
    const left = (section ?? element)?.getBoundingClientRect().left ?? 300;
    const seen = document.elementFromPoint(left + 40, navbar + 24)?.closest<HTMLElement>('.dg-op, .dg-api-schema');
    return {
      offset: section ? Math.round(section.getBoundingClientRect().top - navbar) : null,
      seenId: seen?.id ?? null,
      seenTitle: seen?.querySelector('.dg-op__anchor, .dg-api-schema__title')?.textContent?.trim() ?? null,
    };
  }, id);
}

/** Waits until the target's section is on the page, then asserts it is at the top now, 2 s and 5 s later. */
async function expectAtTop(page: Page, id: string, title: string): Promise<void> {
  await page.waitForFunction((target) => document.getElementById(target)?.matches('.dg-op, .dg-api-schema'), id, {
    timeout: 30_000,
  });
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  // 5 s: the parts above are no longer held (src/client/api/pin.ts lets go after 4 s) and may be skipped again.
  for (const [when, wait] of [
    ['settled', 0],
    ['after 2 s', 2000],
    ['after 5 s', 3000],
  ] as const) {
    await page.waitForTimeout(wait);
    const seen = await look(page, id);
    expect({ when, ...seen, offset: Math.abs(seen.offset ?? 999) <= 4 }).toEqual({
      when,
      offset: true,
      seenId: id,
      seenTitle: title,
    });
  }
}

/** Deep links: the first operation, one far down with long parts above it, the last one, a named schema. */
const TARGETS: [string, string][] = [
  ['DeleteAWSAccount', 'Delete an AWS integration'],
  ['CheckCanDeleteMonitor', 'Check if a monitor can be deleted'],
  ['UpdateWebhooksIntegration', 'Update a webhook'],
  ['schema/NotebookCellResponse', 'NotebookCellResponse'],
];

describe("deep links into DataDog's v1 reference (split into parts)", () => {
  for (const [id, title] of TARGETS)
    it(`#${id} shows ${title} at the top of the viewport, and keeps it there`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${site.url}/api/datadog#${encodeURI(id)}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
      await expectAtTop(page, id, title);
      await page.close();
    }, 120_000);

  it('in-page links and the history land right too', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}/api/datadog#ListMonitors`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
    await expectAtTop(page, 'ListMonitors', 'Get all monitors');
    // The navigation's link to an operation of a later tag (its group is collapsed: the link is followed as a click).
    await page.evaluate(() => document.querySelector<HTMLElement>('.dg-api-nav a[href$="#UpdateNotebook"]')!.click());
    await expectAtTop(page, 'UpdateNotebook', 'Update a notebook');
    await page.goBack();
    await expectAtTop(page, 'ListMonitors', 'Get all monitors');
    await page.goForward();
    await expectAtTop(page, 'UpdateNotebook', 'Update a notebook');
    await page.close();
  }, 180_000);
});
