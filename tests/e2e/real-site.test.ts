/**
 * The real site (content/, openapi/, site.config.ts), built once into a temp folder and served by docgen serve:
 * every route of spec §2 exists; zero serious or critical axe-core violations on every route in light and dark
 * mode, at 1280 and 375 px; every table's scroll cue at three widths;
 * no stray space at a Japanese soft break; every page readable without JavaScript.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.js';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, enforcePolicy, violations } from '../helpers/csp.js';
import { builtRoutes, removeDir, repoRoot, runDocgen, startServe } from '../helpers/site.js';

const SPEC_ROUTES = [
  '/',
  '/api/inventory',
  '/api/waitfor-services',
  '/api/zone',
  '/docs/devDesign/index',
  '/docs/devDesign/apigateway/',
  '/docs/devDesign/apigateway/bff',
  '/docs/devDesign/apigateway/cspheader',
  '/docs/devDesign/apigateway/m2m',
  '/docs/devDesign/apigateway/service-supply-chain',
  '/docs/devDesign/models/overview',
  '/docs/devDesign/models/cluster',
  '/docs/devDesign/models/vps-cluster',
  '/docs/devDesign/spn',
  '/docs/devSpecification/APIGateway/overview',
  '/docs/devSpecification/APIGateway/routing',
  '/docs/devSpecification/APIGateway/routing-action',
  '/docs/devSpecification/APIGateway/command',
  '/docs/devSpecification/inventory-openapi',
  '/docs/devSpecification/zone-openapi',
  '/docs/devSpecification/SPN/overview',
  '/docs/devSpecification/SPN/hub',
  '/docs/devSpecification/SPN/agent',
  '/docs/devSpecification/SPN/crate',
];

let out: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;
let routes: string[];

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-real-'));
  const result = runDocgen(['build', '--out-dir', out], repoRoot);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  routes = builtRoutes(out);
  server = await startServe(out);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(out);
});

describe('the real site', () => {
  it('lands on an API operation reached client-side as a first load of its URL does', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const targetTop = () =>
      page.evaluate(() => Math.round(document.getElementById('deleteHub')!.getBoundingClientRect().top));
    await page.goto(`${server.url}/docs/devSpecification/SPN/overview`);
    await waitForHydration(page);
    // A link far down the longest reference: the sections above it lay out late (content-visibility).
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), {
        href: '/api/inventory#deleteHub',
        id: 'to-operation',
        textContent: 'deleteHub',
      });
      document.querySelector('#dg-main')!.prepend(link);
    });
    await page.click('#to-operation');
    await page.waitForURL(`${server.url}/api/inventory#deleteHub`);
    await expect.poll(targetTop).toBeLessThan(200);
    const clientSide = await targetTop();
    await page.goto(`${server.url}/api/inventory#deleteHub`);
    // The first load settles its scroll as the sections above lay out: wait for it rather than a fixed time (a fixed
    // 500 ms failed under load).
    await expect.poll(async () => Math.abs(clientSide - (await targetTop())), { timeout: 10_000 }).toBeLessThan(30);
    expect(clientSide).toBeGreaterThanOrEqual(0);
    await page.close();
  });

  it('has every route of spec §2, plus 404.html', () => {
    for (const route of SPEC_ROUTES) expect(routes, route).toContain(route);
    expect(readFileSync(path.join(out, '404.html'), 'utf8')).toContain('ページが見つかりません');
  });

  it('shows the site tagline under the title in the home page hero, and the Japanese sentence too (spec §1, §3.1)', () => {
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    const hero = home.slice(home.indexOf('class="dg-hero"'), home.indexOf('class="dg-hero__actions"'));
    expect(hero).toMatch(
      /<h1 class="dg-hero__name">Tsunagi V2<\/h1><p class="dg-hero__subtitle">microservice platform<\/p>/,
    );
    expect(hero).toContain('<p class="dg-hero__text">マイクロサービス基盤のドキュメント</p>');
  });

  it.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 375],
    ['dark', 375],
  ] as const)(
    'has no serious or critical axe-core violation on any route (%s mode, %i px)',
    async (mode, width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      const page = await context.newPage();
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(server.url + route);
        await waitForHydration(page);
        expect(await page.getAttribute('html', 'data-theme')).toBe(mode);
        for (const violation of await axeViolations(page)) failures.push(`${route}: ${violation}`);
      }
      await context.close();
      expect(failures).toEqual([]);
    },
    600_000,
  );

  it.each([375, 996, 1280])(
    'shows a scroll cue on every table wider than its box and never cuts a header word at %i px',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems: string[] = [];
      let tables = 0;
      let overflowing = 0;
      for (const route of routes) {
        await page.goto(server.url + route);
        const found = await page.$$eval('.dg-markdown .dg-table', (boxes) =>
          boxes.map((box) => {
            const style = getComputedStyle(box);
            const headers = [...box.querySelectorAll('th')];
            // A header word whose characters sit on more than one line was cut (ステータ／ス). Words as ICU's
            // dictionary segmenter finds them: 発行するアクション may wrap before アクション, never inside it.
            const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
            const cut = headers.flatMap((th) => {
              const words: string[] = [];
              const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const word of segmenter.segment(node.textContent!)) {
                  if (!word.isWordLike) continue;
                  const range = document.createRange();
                  range.setStart(node, word.index);
                  range.setEnd(node, word.index + word.segment.length);
                  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                  if (tops.size > 1) words.push(word.segment);
                }
              }
              return words;
            });
            return {
              head: headers.map((th) => th.textContent).join('|'),
              overflow: box.scrollWidth - box.clientWidth,
              cue:
                style.backgroundAttachment.includes('local') &&
                style.backgroundImage.includes('radial-gradient') &&
                box.tabIndex === 0,
              clipped: headers.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent),
              cut,
            };
          }),
        );
        for (const table of found) {
          tables++;
          if (table.overflow > 1) overflowing++;
          if (table.overflow > 1 && !table.cue)
            problems.push(`${route} [${table.head}]: overflows by ${table.overflow} px with no scroll cue`);
          if (table.clipped.length > 0)
            problems.push(`${route} [${table.head}]: header text clipped: ${table.clipped.join(', ')}`);
          if (table.cut.length > 0)
            problems.push(`${route} [${table.head}]: header words cut across lines: ${table.cut.join(', ')}`);
          // The field tables' description column is readable without scrolling wherever the TOC column is shown.
          if (width === 1280 && table.head.startsWith('フィールド|') && table.overflow > 1)
            problems.push(`${route} [${table.head}]: a field table overflows at 1280 px`);
        }
      }
      await page.close();
      expect(tables).toBeGreaterThan(100);
      expect(problems).toEqual([]);
      console.log(`tables at ${width} px: ${overflowing} of ${tables} scroll sideways`);
    },
    300_000,
  );

  it('renders no space for a soft line break next to Japanese text', async () => {
    const page = await browser.newPage();
    const stray: string[] = [];
    for (const route of routes) {
      await page.goto(server.url + route);
      // A paragraph's text keeps each soft break as a newline, across inline elements; the browser shows it as a space.
      const found = await page.$$eval('main p', (paragraphs) => {
        const wide =
          /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60\u30fc][ \t]*\n|\n[ \t]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60\u30fc]/u;
        return paragraphs
          .map((p) => p.textContent ?? '')
          .filter((text) => wide.test(text))
          .map((text) => text.slice(0, 60));
      });
      for (const text of found) stray.push(`${route}: ${text}`);
    }
    await page.close();
    expect(stray).toEqual([]);
  }, 300_000);

  it('never loads the version and locale parts, which a site with one version and one locale does not show (doc page JS)', async () => {
    const page = await browser.newPage();
    const scripts: Promise<{ url: string; text: string }>[] = [];
    page.on(
      'response',
      (response) =>
        void (
          response.request().resourceType() === 'script' &&
          scripts.push(response.text().then((text) => ({ url: new URL(response.url()).pathname, text })))
        ),
    );
    await page.goto(server.url + '/docs/devSpecification/SPN/agent');
    await waitForHydration(page);
    await page.click('.dg-navbar__link >> nth=0'); // a client-side navigation to another doc page
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    await page.close();
    expect(loaded.some(({ url }) => url.includes('/chunks/DocPage.'))).toBe(true);
    // Their class names are string literals of their code, wherever a bundle would put it.
    expect(
      loaded
        .filter(({ text }) => /dg-version-dropdown|dg-locale__|dg-version-banner|dg-untranslated/.test(text))
        .map(({ url }) => url),
    ).toEqual([]);
  });

  it('works under the emitted strict Content-Security-Policy on every route, with no violation', async () => {
    const context = await browser.newContext();
    const release = await enforcePolicy(context, server.url, emittedPolicy(out));
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(server.url + route);
      await waitForHydration(page);
      expect(await violations(page), route).toEqual([]);
    }
    await release();
    await context.close();
  }, 300_000);

  it('shows every page without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(server.url + route);
      expect((await page.locator('main h1').first().textContent())?.trim().length, route).toBeGreaterThan(0);
      expect(await page.locator('.dg-navbar__link').count(), route).toBeGreaterThanOrEqual(3);
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }, 300_000);
});
