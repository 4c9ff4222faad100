/**
 * A Docusaurus site's React page (src/pages/index.tsx, inside `<Layout>`) as Docusaurus shows it: its content alone
 * and full width (no title, page menu or table of contents), with Infima's layout classes drawn (`container`,
 * `row`/`col--6`, `button--primary`, `hero`): migrate gives such pages `layout: page` and the site
 * templates/migrate/page-layout.css. kysely-org/kysely's landing page showed a "Home" title, the page options and a
 * 50rem column. A doc page of the same site keeps its title and page menu.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { type CliServer, migrateAndBuild, removeDir, startServe, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-page-layout-'));
let browser: Browser;
let server: CliServer;

/** A Docusaurus React page with a counter: it needs the browser, so it hydrates as an island. */
function counterPage(name: string): string {
  return [
    "import { useState } from 'react';",
    "import Layout from '@theme/Layout';",
    'export default function Page() {',
    '  const [n, setN] = useState(0);',
    `  return <Layout><button onClick={() => setN(n + 1)}>${name} clicked {n}</button></Layout>;`,
    '}',
    '',
  ].join('\n');
}

beforeAll(async () => {
  const site = writeTree(path.join(temp, 'site'), {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Landing', url: 'https://example.com', baseUrl: '/',",
      "  presets: [['classic', { docs: {} }]],",
      '};',
      '',
    ].join('\n'),
    'src/pages/index.tsx': [
      "import Layout from '@theme/Layout';",
      'export default function Home() {',
      '  return (',
      '    <Layout title="Welcome">',
      '      <header className="hero hero--primary">',
      '        <div className="container">',
      '          <h1 className="hero__title">Landing</h1>',
      '          <div className="row"><div id="left" className="col col--6">A</div><div className="col col--6">B</div></div>',
      '          <a id="start" className="button button--primary button--lg" href="/docs/intro">Start</a>',
      '        </div>',
      '      </header>',
      '    </Layout>',
      '  );',
      '}',
      '',
    ].join('\n'),
    'docs/intro.md': '# Intro\n\nThe docs.\n',
    // Two interactive pages, islands each: jellyfin/jellyfin.org's downloads pages hydrated as its first page
    'src/pages/alpha.jsx': counterPage('alpha'),
    'src/pages/beta.jsx': counterPage('beta'),
  });
  const out = path.join(temp, 'out');
  migrateAndBuild('docusaurus', site, out);
  server = await startServe(path.join(out, 'dist'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe('a React page of a migrated Docusaurus site', () => {
  it('shows its content alone, full width, with Infima layout classes drawn', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/`);
    const shown = await page.evaluate(() => {
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        return element !== null && getComputedStyle(element).display !== 'none' && element.getClientRects().length > 0;
      };
      const rect = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      return {
        title: visible('.dg-doc__title'),
        menu: visible('.dg-page-menu'),
        hero: rect('.hero').width,
        row: rect('.row').width,
        left: rect('#left').width,
        button: getComputedStyle(document.querySelector('#start')!).backgroundColor,
      };
    });
    expect(shown.title).toBe(false);
    expect(shown.menu).toBe(false);
    expect(shown.hero).toBeGreaterThan(1100);
    expect(shown.left / shown.row).toBeCloseTo(0.5, 1);
    expect(shown.button).not.toBe('rgba(0, 0, 0, 0)');
    await page.close();
  });

  it('hydrates each interactive React page with its own component', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/beta`);
    await waitForHydration(page);
    // The page's component is an island of its own, hydrated after the page (src/client/islands.ts)
    await page.waitForSelector('dg-island[data-island-hydrated]', { state: 'attached' });
    const counter = page.getByRole('button', { name: /clicked/ });
    await counter.click();
    await counter.click();
    expect(await counter.textContent()).toBe('beta clicked 2');
    await page.close();
  });

  it('leaves the doc pages of the site as they are', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/docs/intro`);
    expect(await page.locator('.dg-doc__title').isVisible()).toBe(true);
    expect(await page.locator('.dg-page-menu').isVisible()).toBe(true);
    await page.close();
  });
});
