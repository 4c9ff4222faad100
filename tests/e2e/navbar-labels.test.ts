/**
 * Navbar labels break only where words do. The page's text may break anywhere (base.css `overflow-wrap: anywhere`,
 * for long Japanese runs and URLs), but a navbar with more items than fit at 1,280 px then cut each English label
 * letter by letter to squeeze them in (a migrated site's ten items: "Configurat / ion"). Docusaurus' navbar
 * (Infima `.navbar__item`) breaks a label between words only; so does docgen's now. The search button keeps its
 * label on one line (it wrapped one letter per line beside twelve items).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { builtSite } from '../helpers/site.js';

const LABELS = [
  'Getting Started',
  'Configuration',
  'Deployment',
  'Observability',
  'Authentication',
  'Troubleshooting',
  'Reference',
  'Changelog',
  'Community',
  'Architecture',
  'Integrations',
  'Roadmap',
];

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('english', (dir) => {
    const file = path.join(dir, 'site.config.ts');
    const items = LABELS.map((label) => `{ label: '${label}', href: '/docs/intro' }`).join(', ');
    const config = readFileSync(file, 'utf8').replace(
      "{ type: 'docSidebar', sidebarId: 'guide', label: 'Guide' },",
      `{ type: 'docSidebar', sidebarId: 'guide', label: 'Guide' }, ${items},`,
    );
    expect(config).toContain("label: 'Troubleshooting'");
    writeFileSync(file, config);
  });
}, 180_000);
afterAll(async () => site?.close());

describe('navbar labels', () => {
  it('break between words only, even when the items do not fit', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/docs/intro`);
    await waitForHydration(page);
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('.dg-navbar__items--left .dg-navbar__link')].map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return [link.textContent?.trim() ?? '', tops.size] as const;
      }),
    );
    expect(lines.map(([label]) => label)).toEqual(expect.arrayContaining(LABELS));
    // A label spans at most one line per word.
    for (const [label, count] of lines) expect(count, label).toBeLessThanOrEqual(label.split(/\s+/).length);
    const search = await page.evaluate(() => {
      const label = document.querySelector('.dg-search-button__label')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(search, 'lines of the search button label').toBe(1);
    await page.close();
  });
});
