/**
 * Raw HTML is sanitised, not only fenced in by the CSP: every vector of
 * tests/fixtures/xss/vectors.ts goes into a CommonMark page of its own (so no vector's unclosed markup disarms the
 * next) and all of them into one more page; the site is built, served by `docgen serve`, and opened in Chromium
 * with every CSP header removed, so that what is proven is the sanitiser (each page, then the page of all of them),
 * and with the site's Content-Security-Policy (the page of all of them, where no violation may be reported). A control page (a static HTML file with a live handler) shows the harness sees a vector that runs.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { recordViolations, violations } from '../helpers/csp.js';
import { builtSite } from '../helpers/site.js';
import { XSS_VECTORS } from '../fixtures/xss/vectors.js';

let site: Awaited<ReturnType<typeof builtSite>>;

const payload = (html: string, n: number) => html.replaceAll('$P', `__xss(${n})`);

beforeAll(async () => {
  site = await builtSite('raw-html', (dir) => {
    mkdirSync(path.join(dir, 'content/xss'));
    XSS_VECTORS.forEach(({ name, html }, n) => {
      writeFileSync(
        path.join(dir, `content/xss/v${n}.md`),
        `---\ntitle: "Vector ${n}"\n---\n\nBefore ${JSON.stringify(name)}. [All vectors](./all.md)\n\n${payload(html, n)}\n\nAfter vector ${n}.\n`,
      );
    });
    const all = XSS_VECTORS.map(({ html }, n) => payload(html, n)).join('\n\n');
    writeFileSync(path.join(dir, 'content/xss/all.md'), `---\ntitle: Every vector\n---\n\nStart.\n\n${all}\n`);
    writeFileSync(
      path.join(dir, 'content/control.html'),
      '<!doctype html><title>control</title><img src=x onerror="__xss(\'control\')">',
    );
  });
}, 180_000);
afterAll(async () => site?.close());

/** A browser context that records `__xss(n)` calls and dialogs, loads nothing from other origins and, unless `csp`, strips every CSP header. */
async function openContext(csp: boolean): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
  const context = await site.browser.newContext();
  await context.addInitScript(() => {
    const ran: unknown[] = ((window as unknown as { __ran: unknown[] }).__ran = []);
    (window as unknown as { __xss: (n: unknown) => void }).__xss = (n) => void ran.push(n);
  });
  await recordViolations(context);
  await context.route('**/*', async (route) => {
    if (!route.request().url().startsWith(new URL(site.url).origin)) return route.abort();
    if (csp) return route.continue();
    // A request still in flight when the context closes (an image of a vector) has nothing left to answer.
    const response = await route.fetch().catch(() => null);
    if (!response) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
    );
    await route.fulfill({ response, headers }).catch(() => {});
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, page, dialogs };
}

/** Everything in the page that could run script: handler and style attributes, unsafe URLs, active elements in the content. */
function audit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const safe = /^(https?|mailto|irc|ircs|xmpp):$/;
    if (document.baseURI !== location.href.split('#')[0]) found.push(`base URI ${document.baseURI}`);
    for (const element of document.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name) || ['style', 'srcdoc', 'formaction', 'action'].includes(name.toLowerCase()))
          found.push(`${element.tagName} ${name}`);
        if (
          ['href', 'src', 'data', 'poster', 'xlink:href', 'background', 'cite', 'longdesc'].includes(name.toLowerCase())
        ) {
          const protocol = URL.canParse(value, document.baseURI)
            ? new URL(value, document.baseURI).protocol
            : 'unparsable';
          if (!safe.test(protocol)) found.push(`${element.tagName} ${name}=${value}`);
        }
      }
    }
    const content = document.querySelector('.dg-markdown')!;
    for (const element of content.querySelectorAll(
      'script, style, object, embed, base, meta, link, form, svg, math, template, noscript, iframe',
    )) {
      if (element.tagName === 'IFRAME' && element.getAttribute('src')?.startsWith('https://www.youtube-nocookie.com/'))
        continue;
      found.push(`<${element.tagName.toLowerCase()}> in the content`);
    }
    return found;
  });
}

/** Opens one route, hovers and focuses what it shows, and returns what ran and what the audit found. */
async function visit(page: Page, route: string): Promise<{ ran: unknown[]; found: string[] }> {
  await page.goto(site.url + route);
  const hydrated = await page
    .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  for (const element of await page.locator('.dg-markdown *').all()) {
    await element.hover({ force: true, timeout: 200 }).catch(() => {});
    await element.focus({ timeout: 200 }).catch(() => {});
  }
  const found = [
    ...(hydrated ? [] : ['the page did not hydrate']),
    ...(page.url() === site.url + route ? [] : [`the page went to ${page.url()}`]),
  ];
  return {
    ran: await page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran),
    found: [...found, ...(await audit(page))],
  };
}

describe.each([
  ['with the site CSP', true],
  ['without any CSP', false],
])('XSS vectors in raw HTML, %s', (_mode, csp) => {
  it(`has at least 50 vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it(`runs none of them, ${csp ? '' : 'page by page and '}all on one page, on first load and after client-side navigation`, async () => {
    const { context, page, dialogs } = await openContext(csp);
    const failures: string[] = [];
    // page by page without the CSP only: the sanitiser is what each page proves; the CSP gets the page of all of them
    for (const [n, { name }] of csp ? [] : XSS_VECTORS.entries()) {
      const { ran, found } = await visit(page, `/xss/v${n}`);
      if (ran.length > 0 || found.length > 0)
        failures.push(`vector ${n} (${name}): ran ${JSON.stringify(ran)}, found ${found.join('; ')}`);
      expect(await page.textContent('.dg-markdown'), `vector ${n}`).toContain(`Before ${JSON.stringify(name)}.`); // the page rendered
    }
    const all = await visit(page, '/xss/all');
    if (all.ran.length > 0 || all.found.length > 0)
      failures.push(`all vectors: ran ${JSON.stringify(all.ran)}, found ${all.found.join('; ')}`);
    await page.goto(site.url + '/xss/v0');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
      document.querySelector<HTMLAnchorElement>('.dg-markdown a[href$="/xss/all"]')!.click();
    });
    await page.waitForFunction(() => document.title.startsWith('Every vector'));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true); // the router's, not a reload
    const navigated = await page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran);
    if (navigated.length > 0) failures.push(`after client-side navigation: ran ${JSON.stringify(navigated)}`);
    expect(failures).toEqual([]);
    expect(dialogs).toEqual([]);
    if (csp) expect(await violations(page)).toEqual([]); // nothing was left for the CSP to stop
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  }, 300_000);

  it('serves the pages as this mode says, and the harness sees a handler that does run', async () => {
    const { context, page } = await openContext(csp);
    const response = await page.goto(site.url + '/xss/v0');
    expect(response!.headers()['content-security-policy'] !== undefined).toBe(csp);
    if (!csp) {
      await page.goto(site.url + '/control.html');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __ran: unknown[] }).__ran))
        .toEqual(['control']);
    }
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
});
