/**
 * Every reader-facing behaviour of spec §2, §4, §8, §9, in Chromium against a built site served by
 * `docgen serve`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { copyFixture, removeDir, runDocgen, startServe } from '../helpers/site.js';

let dir: string;
let server: Awaited<ReturnType<typeof startServe>>;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(
  path: string,
  options: Parameters<Browser['newContext']>[0] = {},
  before?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const context = await browser.newContext(options);
  contexts.push(context);
  const page = await context.newPage();
  await before?.(page); // interceptions go in before the page loads: prefetch fetches visible links early
  await page.goto(server.url + path);
  if (options.javaScriptEnabled !== false) await waitForHydration(page);
  return page;
}

beforeAll(async () => {
  dir = copyFixture('theme');
  expect(runDocgen(['build'], dir).status).toBe(0);
  server = await startServe(`${dir}/dist`);
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.close();
  removeDir(dir);
});

describe('navbar (spec §2)', () => {
  it('opens each sidebar, links out to the source organisation, and has the skip link first', async () => {
    const page = await open('/');
    expect(await page.getAttribute('.dg-navbar__link >> text=ガイド', 'href')).toBe('/docs/guide/intro');
    expect(await page.getAttribute('.dg-navbar__link >> text=たくさん', 'href')).toBe('/docs/many/page-01');
    const github = page.locator('.dg-navbar__link', { hasText: 'GitHub' });
    expect(await github.getAttribute('href')).toBe('https://github.com/example');
    expect(await github.getAttribute('target')).toBe('_blank');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('メインコンテンツまでスキップ');
    expect(await page.locator('.dg-skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('dg-main');
    await page.click('.dg-navbar__link >> text=ガイド');
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    expect(await page.getAttribute('.dg-navbar__link >> text=ガイド', 'aria-current')).toBe('true');
  });
});

describe('colour mode (spec §4)', () => {
  it('defaults to light, toggles light/dark, stores the choice under "theme", and applies it before first paint', async () => {
    const page = await open('/docs/guide/intro');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.click('.dg-color-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.click('.dg-color-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.click('.dg-color-toggle');
    // No flash: the mode is set by the inline head script, before (and without) the client bundle.
    await page.route('**/assets/main.*.js', (route) => route.abort());
    await page.goto(`${server.url}/docs/guide/second`);
    expect(
      await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.hydrated]),
    ).toEqual(['dark', undefined]);
  });

  it('follows a change made in another tab', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) {
      await page.goto(`${server.url}/docs/guide/intro`);
      await waitForHydration(page);
    }
    await a.click('.dg-color-toggle');
    await expect.poll(() => b.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await b.getAttribute('.dg-color-toggle', 'aria-label')).toContain('ダークモード');
  });
});

describe('mobile (< 996 px, spec §2, §4, §9)', () => {
  it('opens the menu with the sidebar, goes back to the main menu, and closes when the window becomes desktop-sized', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 375, height: 740 } });
    expect(await page.locator('.dg-page > .dg-sidebar').isVisible()).toBe(false);
    expect(await page.locator('.dg-navbar__items--left').isVisible()).toBe(false);
    await page.click('.dg-navbar__toggle');
    const menu = page.locator('#dg-mobile-menu');
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.locator('.dg-sidebar__link', { hasText: '二番目' }).isVisible()).toBe(true);
    await menu.locator('button', { hasText: 'メインメニューに戻る' }).click();
    expect(await menu.locator('.dg-mobile-menu__link').allTextContents()).toEqual(['ガイド', 'たくさん', 'GitHub']);
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.locator('.dg-page > .dg-sidebar').isVisible()).toBe(true);
  });

  it('closes the menu on navigation and on Escape', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 375, height: 740 } });
    await page.click('.dg-navbar__toggle');
    await page.locator('#dg-mobile-menu .dg-sidebar__link', { hasText: '二番目' }).click();
    await expect.poll(() => page.textContent('main h1')).toBe('二番目');
    expect(await page.locator('#dg-mobile-menu').count()).toBe(0);
    await page.click('.dg-navbar__toggle');
    await page.keyboard.press('Escape');
    expect(await page.locator('#dg-mobile-menu').count()).toBe(0);
  });

  it('has a 300 px sidebar on desktop', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 1280, height: 800 } });
    expect((await page.locator('.dg-page > .dg-sidebar').boundingBox())!.width).toBe(300);
  });
});

describe('footer (spec §2)', () => {
  it('is dark with the copyright line and the build date', async () => {
    const page = await open('/');
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('Copyright © Theme Fixture');
    expect(await footer.textContent()).toContain('2025-10-13');
    const [r, g, b] = (await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 80);
  });
});

describe('table of contents (spec §2, §9)', () => {
  it('lists h2-h3, honours the front-matter override, and highlights the section in view', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 1400, height: 800 } });
    const texts = await page.locator('.dg-toc__link').allTextContents();
    expect(texts.slice(0, 3)).toEqual(['節 1', '小節 1.1', '節 2']);
    await page.locator('#節-5').evaluate((el) => el.scrollIntoView());
    await page.evaluate(() => window.scrollBy(0, 30));
    await expect.poll(() => page.textContent('.dg-toc__link--active')).toMatch(/節 5/);
    const second = await open('/docs/guide/second', { viewport: { width: 1400, height: 800 } });
    expect(await second.locator('.dg-toc__link').allTextContents()).toEqual(['目的地']);
  });
});

describe('routing (spec §2, §4, §8)', () => {
  it('shows the progress bar after 200 ms and keeps the old page until the new one is ready', async () => {
    const page = await open('/docs/guide/intro', {}, async (p) => {
      // Data saver: no prefetch, so the navigation itself meets the slow response.
      await p.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      // Timestamps taken inside the page: the click, and the moment the bar appears (with the h1 shown then).
      await p.addInitScript(() => {
        const w = window as unknown as { clickAt?: number; barAt?: number; h1AtBar?: string };
        document.addEventListener('click', () => (w.clickAt ??= performance.now()), true);
        new MutationObserver(() => {
          if (w.barAt === undefined && document.getElementById('nprogress')) {
            w.barAt = performance.now();
            w.h1AtBar = document.querySelector('main h1')?.textContent ?? '';
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await p.route('**/assets/data/docs_guide_second.*.json', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
    });
    await page.click('.dg-sidebar__link >> text=二番目');
    await page.waitForSelector('#nprogress .bar', { timeout: 2000 });
    await expect.poll(() => page.textContent('main h1'), { timeout: 3000 }).toBe('二番目');
    const { clickAt, barAt, h1AtBar } = await page.evaluate(() => {
      const w = window as unknown as { clickAt: number; barAt: number; h1AtBar: string };
      return { clickAt: w.clickAt, barAt: w.barAt, h1AtBar: w.h1AtBar };
    });
    expect(barAt - clickAt).toBeGreaterThanOrEqual(195);
    expect(h1AtBar).toBe('はじめに');
    await expect.poll(() => page.locator('#nprogress').count(), { timeout: 2000 }).toBe(0);
  });

  it('reloads the page fully when a route file fails to load', async () => {
    let fail = true;
    const page = await open('/docs/guide/intro', {}, (p) =>
      p.route('**/assets/data/docs_guide_second.*.json', (route) => (fail ? route.abort() : route.continue())),
    );
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    page.once('framenavigated', () => (fail = false));
    await page.click('.dg-sidebar__link >> text=二番目');
    await page.waitForURL(/\/docs\/guide\/second$/);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.textContent('main h1')).toBe('二番目');
  });

  it('scrolls to the top on navigation, to the anchor with a hash, and back restores the position', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 1280, height: 700 } });
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(100);
    await page.locator('.dg-sidebar__link >> text=二番目').click();
    await expect.poll(() => page.textContent('main h1')).toBe('二番目');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.textContent('main h1')).toBe('はじめに');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('.dg-markdown a >> text=節 5 へ');
    await expect.poll(() => page.textContent('main h1')).toBe('二番目');
    const top = await page.locator('#目的地').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
  });

  it('stays at an anchor of the same page: the popstate Chromium fires for it reloads nothing', async () => {
    const page = await open('/docs/guide/intro', { viewport: { width: 1280, height: 700 } });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('.dg-toc__list a >> text=節 8');
    await page.waitForTimeout(500); // the router's reload used to land after the browser's jump, back at the top
    const top = await page.locator('h2 >> text=節 8').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#節-8');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});

describe('prefetch (spec §2, §9)', () => {
  function trackData(page: Page) {
    const requested: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/assets/data/')) return;
      requested.push(request.url());
      maxInFlight = Math.max(maxInFlight, ++inFlight);
    });
    const settle = () => (inFlight = Math.max(0, inFlight - 1));
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    return { requested, max: () => maxInFlight };
  }

  it('prefetches visible links with at most 2 requests at once, and a hovered link', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 3000 } });
    contexts.push(context);
    const page = await context.newPage();
    const tracked = trackData(page);
    await page.route('**/assets/data/docs_many_*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
    await page.goto(`${server.url}/docs/many/page-01`);
    await waitForHydration(page);
    await expect
      .poll(() => tracked.requested.filter((u) => u.includes('docs_many_page-3')).length, { timeout: 10_000 })
      .toBeGreaterThan(5);
    expect(tracked.max()).toBeLessThanOrEqual(3); // the page's own data plus at most 2 prefetches
    await page.hover('.dg-navbar__link >> text=ガイド');
    await expect.poll(() => tracked.requested.some((u) => u.includes('docs_guide_intro'))).toBe(true);
  });

  it('never prefetches on a data-saver connection', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    await context.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
    );
    const page = await context.newPage();
    const tracked = trackData(page);
    await page.goto(`${server.url}/docs/many/page-01`);
    await waitForHydration(page);
    await page.hover('.dg-navbar__link >> text=ガイド');
    await page.waitForTimeout(800);
    expect(tracked.requested.filter((u) => !u.includes('docs_many_page-01'))).toEqual([]);
  });
});

describe('errors (spec §8)', () => {
  it('shows the crash screen with the message, and もう一度試してください renders the page again', async () => {
    const broken = JSON.stringify({
      path: '/docs/guide/second',
      kind: 'doc',
      title: '壊れた',
      description: '',
      content: null,
      toc: null,
      extra: null,
    });
    const page = await open('/docs/guide/intro', {}, (p) =>
      p.route('**/assets/data/docs_guide_second.*.json', (route) =>
        route.fulfill({ contentType: 'application/json', body: broken }),
      ),
    );
    await page.click('.dg-sidebar__link >> text=二番目');
    await page.waitForSelector('.dg-crash');
    expect(await page.textContent('.dg-crash h1')).toBe('エラーが発生しました');
    expect(await page.textContent('.dg-crash')).toContain('This page crashed');
    expect((await page.textContent('.dg-crash__message'))!.length).toBeGreaterThan(5);
    expect(await page.locator('.dg-navbar').isVisible()).toBe(true);
    await page.unroute('**/assets/data/docs_guide_second.*.json');
    await page.click('text=もう一度試してください');
    await expect.poll(() => page.textContent('main h1')).toBe('二番目');
  });

  it('shows the red base-URL banner when the site is opened outside its base URL', async () => {
    expect(runDocgen(['build', '--base-url', '/sub/', '--out-dir', 'dist-sub'], dir).status).toBe(0);
    const sub = await startServe(`${dir}/dist-sub`, ['--base', '/']); // a host serving it at the wrong place
    try {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${sub.url}/docs/guide/intro`);
      const banner = page.locator('#dg-base-url-banner');
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toContain('baseUrl');
      expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(196, 22, 28)');
      const ok = await context.newPage();
      await ok.goto(`${server.url}/docs/guide/intro`);
      expect(await ok.locator('#dg-base-url-banner').isVisible()).toBe(false);
    } finally {
      await sub.close();
    }
  });

  it('degrades silently with a console warning when localStorage is unavailable', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    await context.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    );
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/docs/guide/intro`);
    await waitForHydration(page);
    await page.click('.dg-color-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    expect(errors.some((e) => e.startsWith('warning') && e.includes('localStorage'))).toBe(true);
  });
});

describe('other state of spec §4', () => {
  it('persists the docs version and shows no announcement when none is configured', async () => {
    const page = await open('/docs/guide/intro');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    expect(await page.locator('.dg-announcement').count()).toBe(0);
  });

  it('animates collapsible categories for a time that follows their height, 1 ms under reduced motion', async () => {
    const duration = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await open('/docs/guide/intro', {}, (p) =>
        // Record the durations the theme passes to the Web Animations API.
        p.addInitScript(() => {
          const durations: number[] = ((window as unknown as { durations: number[] }).durations = []);
          const animate = Element.prototype.animate;
          Element.prototype.animate = function (keyframes, options) {
            durations.push(typeof options === 'number' ? options : Number(options?.duration));
            return animate.call(this, keyframes, options);
          };
        }),
      );
      await page.emulateMedia({ reducedMotion });
      const summary = page.locator('.dg-sidebar summary', { hasText: 'もっと' });
      await summary.click();
      const ms = await page.evaluate(() => (window as unknown as { durations: number[] }).durations[0] ?? -1);
      // Categories start collapsed off the current page's path: the click opens it.
      await expect
        .poll(() => page.locator('.dg-sidebar details').evaluate((el) => (el as HTMLDetailsElement).open))
        .toBe(true);
      await page.waitForFunction(() => document.getAnimations().length === 0); // opening sets `open` as it starts
      await summary.focus();
      await page.keyboard.press('Enter');
      // Closing sets `open` when the animation ends: on a loaded 2-core CI machine that can take longer than the
      // poll's default second (one full-suite run failed here).
      await expect
        .poll(() => page.locator('.dg-sidebar details').evaluate((el) => (el as HTMLDetailsElement).open), {
          timeout: 5000,
        })
        .toBe(false);
      return ms;
    };
    const normal = await duration('no-preference');
    expect(normal).toBeGreaterThan(100);
    expect(normal).toBeLessThan(400);
    expect(await duration('reduce')).toBe(1);
  });
});

describe('without JavaScript', () => {
  it('shows the content, navbar links and sidebar links', async () => {
    for (const width of [1280, 375]) {
      const page = await open('/docs/guide/intro', { javaScriptEnabled: false, viewport: { width, height: 800 } });
      expect(await page.locator('main h1').textContent()).toBe('はじめに');
      expect(await page.locator('.dg-markdown p').first().isVisible()).toBe(true);
      expect(await page.locator('.dg-navbar__link >> text=ガイド').isVisible()).toBe(true);
      expect(await page.locator('.dg-sidebar__link >> text=二番目').isVisible()).toBe(true);
      expect(await page.locator('.dg-navbar__toggle').isVisible()).toBe(false);
    }
  });
});

describe('code blocks', () => {
  it('copies a code block on the first load and after a client-side navigation', async () => {
    const page = await open('/docs/guide/more/item-1', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.click('.dg-sidebar__link >> text=項目 2');
    await expect.poll(() => page.textContent('main h1')).toBe('項目 2');
    await page.goto(`${server.url}/docs/guide/more/item-3`);
    await waitForHydration(page);
    await page.hover('.dg-code__body');
    await page.click('.dg-copy');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'curl -H "Authorization: Bearer $TOKEN" https://api.example/realms',
    );
    expect(await page.textContent('.dg-copy')).toBe('コピーしました');
    await page.click('.dg-sidebar__link >> text=項目 2');
    await expect.poll(() => page.textContent('main h1')).toBe('項目 2');
    await page.hover('.dg-code__body');
    await page.click('.dg-copy');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const a = 1;\nconst b = 2;');
  });
});
