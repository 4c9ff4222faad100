/**
 * A 1,500-operation reference stays responsive while a reader scrolls it end to end: a generated document
 * (tests/helpers/large-openapi.ts, 50 tags of 30 operations) built for real and scrolled in Chromium a viewport at
 * a time, parts loading as they come near, with every long task recorded (PerformanceObserver 'longtask').
 * The longest task is printed (on this shared machine its figure swings with the load, so it is not asserted; the
 * main-thread CPU figures are bench/api-scroll.mjs's); the assertions are on structural causes of long frames:
 * each element an IntersectionObserver watches, and each `content-visibility: auto` element (the browser watches
 * those the same way), is an intersection test in every frame that scrolls. So the scroll spy
 * (src/client/api/current-operation.ts) watches only the sections of parts near the viewport, never all 1,500, and
 * content-visibility is on the ~100 parts, not on the 1,500 sections (templates/styles/api.css).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLargeOpenApi } from '../helpers/large-openapi.js';
import { addApiDocument, builtSite } from '../helpers/site.js';

const TAGS = 50;
const PER_TAG = 30;

let site: Awaited<ReturnType<typeof builtSite>>;

beforeAll(async () => {
  site = await builtSite('api', (dir) =>
    addApiDocument(
      dir,
      'scroll.json',
      JSON.stringify(createLargeOpenApi({ tags: TAGS, perTag: PER_TAG, bigTag: 0 })),
      '/api/scroll',
    ),
  );
}, 600_000);
afterAll(async () => site?.close());

interface Scrolled {
  /** Most operation sections watched by IntersectionObservers at once. */
  mostWatched: number;
  /** Elements with `content-visibility: auto` at the end, and parts. */
  skippable: number;
  parts: number;
  longest: number;
  blocking: number;
  tasks: number;
  sections: number;
  steps: number;
}

describe('a 1,500-operation reference', () => {
  it('is scrolled end to end with every operation loaded, watching only the sections near the viewport', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      const tasks: number[] = [];
      const w = window as unknown as { __tasks: number[]; __watched: Set<Element>; __most: number };
      w.__tasks = tasks;
      w.__watched = new Set();
      w.__most = 0;
      // Counts the operation sections observed (by any observer of the page) at any time.
      const { observe, unobserve, disconnect } = IntersectionObserver.prototype;
      const mine = new WeakMap<IntersectionObserver, Set<Element>>();
      const targets = (o: IntersectionObserver) => mine.get(o) ?? mine.set(o, new Set()).get(o)!;
      const count = () => {
        w.__most = Math.max(w.__most, w.__watched.size);
      };
      IntersectionObserver.prototype.observe = function (this: IntersectionObserver, target: Element) {
        if (target.matches('section.dg-op')) {
          targets(this).add(target);
          w.__watched.add(target);
          count();
        }
        return observe.call(this, target);
      };
      IntersectionObserver.prototype.unobserve = function (this: IntersectionObserver, target: Element) {
        targets(this).delete(target);
        w.__watched.delete(target);
        return unobserve.call(this, target);
      };
      IntersectionObserver.prototype.disconnect = function (this: IntersectionObserver) {
        for (const target of targets(this)) w.__watched.delete(target);
        targets(this).clear();
        return disconnect.call(this);
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${site.url}/api/scroll`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
    // A reader's fast scrolling: three viewports down every 100 ms until the bottom stays the bottom (parts loaded).
    const result: Scrolled = await page.evaluate(async () => {
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      let steps = 0;
      let still = 0;
      while (still < 30 && steps < 5000) {
        const before = scrollY;
        scrollBy(0, 3 * innerHeight);
        await wait(100);
        steps++;
        still = scrollY === before ? still + 1 : 0;
      }
      const w = window as unknown as { __tasks: number[]; __most: number };
      const tasks = w.__tasks;
      return {
        mostWatched: w.__most,
        skippable: [...document.querySelectorAll('.dg-api-ref *')].filter(
          (e) => getComputedStyle(e).contentVisibility === 'auto',
        ).length,
        parts: document.querySelectorAll('.dg-api-part').length,
        longest: Math.max(0, ...tasks),
        blocking: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
        tasks: tasks.length,
        sections: document.querySelectorAll('section.dg-op').length,
        steps,
      };
    });
    console.log(
      `1,500-operation scroll: longest task ${Math.round(result.longest)} ms, blocking ${Math.round(result.blocking)} ms, ${result.tasks} long tasks, ${result.steps} steps, at most ${result.mostWatched} sections observed, ${result.skippable} content-visibility: auto elements (${result.parts} parts)`,
    );
    expect(result.sections).toBe(TAGS * PER_TAG);
    // Parts near the viewport: a few of about 15 operations each (main observed every loaded section: 1,500).
    expect(result.mostWatched).toBeGreaterThan(0);
    expect(result.mostWatched).toBeLessThan(300);
    // One content-visibility: auto element per part (about 15 operations), none per section (main: 1,500 more).
    expect(result.parts).toBeGreaterThan(0);
    expect(result.parts).toBeLessThan(150);
    expect(result.skippable).toBeLessThanOrEqual(result.parts + TAGS); // and one per tag group of the navigation
    await page.close();
  }, 600_000);

  it('shows the operation a deep link names, far down the page, at the top of the viewport', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.url}/api/scroll`);
    const href = await page.$$eval('a[href*="#"]', (links) =>
      links.map((a) => a.getAttribute('href') ?? '').find((h) => h.includes('tag35') && h.endsWith('thing-10')),
    );
    expect(href).toBeTruthy();
    const id = decodeURIComponent(href!.slice(href!.indexOf('#') + 1));
    const deep = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await deep.goto(new URL(href!, page.url()).href);
    // What the reader sees under the navbar once the parts settled: the named operation, not a neighbour.
    await expect
      .poll(
        () =>
          deep.evaluate((target) => {
            const section = document.getElementById(target)?.closest('.dg-op');
            const left = section?.getBoundingClientRect().left ?? 400;
            const seen = document.elementFromPoint(left + 40, 140)?.closest('.dg-op');
            return section && seen === section ? 'target' : (seen?.querySelector('[id]')?.id ?? 'none');
          }, id),
        { timeout: 20_000, interval: 500 },
      )
      .toBe('target');
    await page.close();
    await deep.close();
  }, 120_000);
});
