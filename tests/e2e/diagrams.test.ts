/**
 * Diagrams in Chromium: Mermaid arrives as inline SVG that reads in light and dark, with no
 * request to another origin, under the site's strict CSP and without JavaScript; a diagram-service image that
 * fails to load shows its source instead of a broken-image icon. SCREENSHOT_DIR=... keeps screenshots to look at.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../helpers/browser.js';
import { emittedPolicy, enforcePolicy, violations } from '../helpers/csp.js';
import { builtSite } from '../helpers/site.js';

const DIAGRAMS = `---
title: 図のページ
---

要求の流れです。

\`\`\`mermaid
flowchart LR
  C[クライアント] -->|HTTPS| G{API ゲートウェイ}
  G -->|認証済み| S[ゾーンサービス]
  G -->|401| C
  subgraph 内部ネットワーク
    S --> D[(データベース)]
  end
\`\`\`

\`\`\`mermaid
sequenceDiagram
  participant C as クライアント
  participant G as ゲートウェイ
  C->>G: GET /zones
  G-->>C: 200 OK
\`\`\`

\`\`\`mermaid
stateDiagram-v2
  [*] --> 申請中
  申請中 --> 有効: 承認
  有効 --> [*]
\`\`\`
`;

const SERVICE = `---
title: 外部の図
---

\`\`\`mermaid
pie title 内訳
  "ゾーン": 3
  "レコード": 7
\`\`\`
`;

/** A diagram service nobody listens on: every image from it fails. */
const DEAD_SERVICE = 'http://127.0.0.1:9';

let site: Awaited<ReturnType<typeof builtSite>>;
let context: BrowserContext;
let release: () => Promise<void>;

beforeAll(async () => {
  site = await builtSite('basic', (dir) => {
    writeFileSync(path.join(dir, 'content/docs/guide/diagrams.md'), DIAGRAMS);
    writeFileSync(path.join(dir, 'content/docs/guide/service-diagram.md'), SERVICE);
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'themeConfig: {',
        `themeConfig: {\n    diagramServiceUrl: '${DEAD_SERVICE}',`,
      ),
    );
  });
  context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  release = await enforcePolicy(context, site.url, emittedPolicy(path.join(site.dir, 'dist')));
});
afterAll(async () => {
  await release?.();
  await context?.close();
  await site?.close();
});

async function open(route: string): Promise<{ page: Page; requests: string[] }> {
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(site.url + route);
  await waitForHydration(page);
  return { page, requests };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('Mermaid diagrams', () => {
  it('shows every diagram as inline SVG, with no request to another origin and no CSP violation', async () => {
    const { page, requests } = await open('/docs/guide/diagrams');
    expect(await page.locator('main figure.dg-diagram > svg.dg-diagram__svg').count()).toBe(3);
    expect(await page.locator('main figure.dg-diagram img').count()).toBe(0);
    for (const svg of await page.locator('.dg-diagram__svg').all())
      expect((await svg.boundingBox())!.height).toBeGreaterThan(50);
    expect(await page.locator('.dg-diagram__svg text', { hasText: 'クライアント' }).first().isVisible()).toBe(true);
    expect(requests.filter((url) => !url.startsWith(site.url))).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'diagrams-light');
    await page.close();
  });

  it('colours the diagram from the theme, so that dark mode reads light text on a dark card', async () => {
    const colours = async (dark: boolean) => {
      const { page } = await open('/docs/guide/diagrams');
      if (dark) await page.click('.dg-color-toggle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(dark ? 'dark' : 'light');
      const result = await page.evaluate(() => {
        const text = document.querySelector('.dg-diagram__svg .node text')!;
        const figure = document.querySelector('.dg-diagram')!;
        return { text: getComputedStyle(text).fill, card: getComputedStyle(figure).backgroundColor };
      });
      if (dark) await shoot(page, 'diagrams-dark');
      await page.close();
      return result;
    };
    const light = await colours(false);
    const dark = await colours(true);
    // 'rgb(28, 30, 33)' or, for color-mix(), 'color(srgb 0.11 0.12 0.13)': the sum of the three channels, 0-765
    const luminance = (colour: string) =>
      colour
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .reduce((sum, n) => sum + Number(n) * (colour.startsWith('color(') ? 255 : 1), 0);
    expect(luminance(light.text)).toBeLessThan(200);
    expect(luminance(light.card)).toBeGreaterThan(600);
    expect(luminance(dark.text)).toBeGreaterThan(500);
    expect(luminance(dark.card)).toBeLessThan(200);
  });

  it('shows the diagrams without JavaScript', async () => {
    const noScript = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(site.url + '/docs/guide/diagrams');
    expect(await page.locator('.dg-diagram__svg').count()).toBe(3);
    expect((await page.locator('.dg-diagram__svg').first().boundingBox())!.width).toBeGreaterThan(100);
    await noScript.close();
  });

  it('shows the source of a diagram-service image that fails to load, never a broken image', async () => {
    const { page, requests } = await open('/docs/guide/service-diagram');
    expect(requests.some((url) => url.startsWith(DEAD_SERVICE))).toBe(true);
    await page.waitForSelector('.dg-diagram[data-failed]');
    expect(await page.locator('.dg-diagram__image').isVisible()).toBe(false);
    const source = page.locator('.dg-diagram__source pre');
    expect(await source.isVisible()).toBe(true);
    expect(await source.textContent()).toContain('"レコード": 7');
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
