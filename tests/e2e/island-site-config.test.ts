/**
 * An island of a migrated Docusaurus site served under a base URL reads the same site in the browser as at build
 * time: `useBaseUrl` keeps the base, and `useDocusaurusContext().siteConfig` its title and `customFields`
 * (templates/docusaurus/site.ts, set from the site shell by the theme's prepare before hydration). Before, the
 * browser's shims kept their defaults (base '/', empty title and fields): the island's text did not match the
 * server's and React rendered it anew, with an image URL outside the site. An island using theme-common's
 * `useColorMode` follows the page's colour mode (it said 'light' whatever the reader chose).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, collectFailedRequests, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { type CliServer, removeDir, runDocgen, startServe, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-island-site-e2e-'));
let server: CliServer;
let browser: Browser;

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  const site = path.join(temp, 'source');
  const out = path.join(temp, 'site');
  writeTree(site, {
    'docusaurus.config.js': [
      'module.exports = {',
      "  title: 'Handbook', tagline: 'Notes', url: 'https://example.com', baseUrl: '/handbook/',",
      "  customFields: { greeting: 'hello' },",
      "  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],",
      '};',
      '',
    ].join('\n'),
    'src/components/Greeter/index.jsx': [
      "import { useState } from 'react';",
      "import useBaseUrl from '@docusaurus/useBaseUrl';",
      "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
      'export default function Greeter() {',
      '  const [n, setN] = useState(0);',
      '  const { siteConfig } = useDocusaurusContext();',
      "  const logo = useBaseUrl('/img/logo.png');",
      '  return (',
      '    <div className="greeter">',
      '      <img src={logo} alt="logo" />',
      '      <button onClick={() => setN(n + 1)}>{`${siteConfig.title} ${siteConfig.customFields.greeting} ${n}`}</button>',
      '    </div>',
      '  );',
      '}',
      '',
    ].join('\n'),
    'src/components/Mode/index.jsx': [
      "import { useColorMode } from '@docusaurus/theme-common';",
      'export default function Mode() {',
      '  const { colorMode } = useColorMode();',
      '  return <p className="mode">{`mode: ${colorMode}`}</p>;',
      '}',
      '',
    ].join('\n'),
    'docs/intro.mdx': [
      '# Intro',
      '',
      "import Greeter from '@site/src/components/Greeter';",
      "import Mode from '@site/src/components/Mode';",
      '',
      '<Greeter />',
      '',
      '<Mode />',
      '',
    ].join('\n'),
  });
  mkdirSync(path.join(site, 'static/img'), { recursive: true });
  writeFileSync(path.join(site, 'static/img/logo.png'), PNG);
  const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  const build = runDocgen(['build', '--force'], out);
  expect(build.status, build.stdout + build.stderr).toBe(0);
  server = await startServe(path.join(out, 'dist'));
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeDir(temp);
});

describe('an island under a base URL', () => {
  it("keeps the base URL and the site's config once hydrated", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const failed = collectFailedRequests(page);
    expect(server.url).toMatch(/\/handbook$/);
    await page.goto(`${server.url}/docs/intro`);
    await waitForHydration(page);
    await page.waitForSelector('dg-island[data-component="Greeter"][data-island-hydrated]', { state: 'attached' });
    const button = page.locator('.greeter button');
    await button.click();
    await expect(button.textContent()).resolves.toBe('Handbook hello 1');
    const image = page.locator('.greeter img');
    await expect(image.getAttribute('src')).resolves.toBe('/handbook/img/logo.png');
    await expect(image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(1);
    expect(failed).toEqual([]);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.close();
  });

  it("follows the page's colour mode with useColorMode once hydrated", async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${server.url}/docs/intro`);
    await waitForHydration(page);
    await page.waitForSelector('dg-island[data-component="Mode"][data-island-hydrated]', { state: 'attached' });
    const mode = page.locator('p.mode');
    await expect.poll(() => mode.textContent()).toBe('mode: dark');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await expect.poll(() => mode.textContent()).toBe('mode: light');
    await page.close();
  });
});
