/**
 * The theme's icons are SVG, not emoji or symbol characters drawn by whatever emoji font the reader has: the
 * admonition icons, the colour-mode toggle's sun, moon and half circle, the edit link's pencil. Each is a CSS mask of
 * an SVG data: image in the text colour, which the site's CSP (img-src 'self' data:) loads without a violation.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, waitForHydration } from '../helpers/browser.js';
import { builtSite } from '../helpers/site.js';

let site: Awaited<ReturnType<typeof builtSite>>;

const KINDS = ['note', 'tip', 'info', 'important', 'warning', 'caution', 'danger'];

beforeAll(async () => {
  site = await builtSite('basic', (dir) =>
    writeFileSync(
      path.join(dir, 'content/docs/guide/icons.md'),
      `---\ntitle: Icons\n---\n\n${KINDS.map((kind) => `:::${kind}\n\n${kind} text\n\n:::\n`).join('\n')}`,
    ),
  );
});
afterAll(() => site?.close());

/** The pictographs the theme used to print with `content`. */
const PICTOGRAPH = /[\u2139\u2600-\u27bf\u25d0\u2713\u{1f300}-\u{1faff}]/u;

describe('theme icons', () => {
  it('admonitions and the colour-mode toggle draw SVG masks in the text colour, no emoji, no CSP error', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(`${site.url}/docs/guide/icons`);
    await waitForHydration(page);
    const icons = await page.evaluate((kinds) => {
      const read = (element: Element, pseudo: string | null) => {
        const style = getComputedStyle(element, pseudo);
        return {
          content: style.content,
          mask: style.maskImage || style.getPropertyValue('-webkit-mask-image'),
          width: Number.parseFloat(style.width),
        };
      };
      return {
        admonitions: kinds.map((kind) => ({
          kind,
          ...read(document.querySelector(`.dg-admonition--${kind} .dg-admonition__title`)!, '::before'),
        })),
        toggle: read(document.querySelector('.dg-color-toggle__icon')!, null),
        toggleText: getComputedStyle(document.querySelector('.dg-color-toggle__icon')!, '::before').content,
      };
    }, KINDS);
    for (const icon of icons.admonitions) {
      expect(icon.content, icon.kind).not.toMatch(PICTOGRAPH);
      expect(icon.mask, icon.kind).toContain('data:image/svg+xml');
      expect(icon.width, icon.kind).toBeGreaterThan(10);
    }
    expect(new Set(icons.admonitions.map((icon) => icon.mask)).size).toBe(6); // caution shares warning's
    expect(icons.toggle.mask).toContain('data:image/svg+xml');
    expect(icons.toggleText).not.toMatch(PICTOGRAPH);
    // Dark mode its own drawing (this site toggles light and dark; 'system' only with respectPrefersColorScheme).
    const maskOf = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.dg-color-toggle__icon')!).maskImage);
    const light = await maskOf();
    await page.click('.dg-color-toggle');
    await page.waitForSelector('.dg-color-toggle--dark');
    expect(await maskOf()).not.toBe(light);
    expect(await maskOf()).toContain('data:image/svg+xml');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('no stylesheet of the site prints a pictograph with `content`', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.url}/docs/guide/icons`);
    const contents = await page.evaluate(async () => {
      const out: string[] = [];
      for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
        const css = await (await fetch(link.href)).text();
        // Minified CSS writes them as escapes (`"\\270e"`): decode them.
        for (const match of css.matchAll(/content:\s*("[^"]*"|'[^']*')/g))
          out.push(
            match[1]!.replace(/\\([0-9a-f]{1,6}) ?/gi, (_, hex: string) =>
              String.fromCodePoint(Number.parseInt(hex, 16)),
            ),
          );
      }
      return out;
    });
    expect(contents.length).toBeGreaterThan(0);
    expect(contents.filter((content) => PICTOGRAPH.test(content))).toEqual([]);
    await page.close();
  });
});
