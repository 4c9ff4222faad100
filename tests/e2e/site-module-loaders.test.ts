/**
 * An island of a migrated Docusaurus site in Chromium, built from modules that need what webpack gives them
 * (bundle/site-module-loaders.ts): an SVG required as a component from `/static/…` and a `.scss` compiled with the
 * site's `sass`. It hydrates without a mismatch (the SVG and import.meta.url are the same on both sides), its
 * clicks work, and its Sass styles apply.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, collectFailedRequests, launchBrowser, waitForHydration } from '../helpers/browser.js';
import { type CliServer, removeDir, runDocgen, startServe, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-site-module-loaders-e2e-'));
let server: CliServer;
let browser: Browser;

beforeAll(async () => {
  const site = path.join(temp, 'source');
  const out = path.join(temp, 'site');
  writeTree(site, {
    'docusaurus.config.js':
      "module.exports = { title: 'Island', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]] };\n",
    'static/img/lamp.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill-opacity="0.5"/></svg>\n',
    'src/components/Lamp/index.jsx': [
      "import { useState } from 'react';",
      "import './Lamp.scss';",
      "const Svg = require('/static/img/lamp.svg').default;",
      "const here = import.meta.url.split('/').slice(-2)[0];",
      'export default function Lamp() {',
      '  const [on, setOn] = useState(false);',
      '  return <button className="lamp" data-here={here} onClick={() => setOn(!on)}><Svg className="lamp-svg" />{on ? "on" : "off"}</button>;',
      '}',
      '',
    ].join('\n'),
    'src/components/Lamp/Lamp.scss': '$gap: 7px;\n.lamp { padding-left: $gap; }\n',
    'docs/intro.mdx': ['# Intro', '', "import Lamp from '@site/src/components/Lamp';", '', '<Lamp />', ''].join('\n'),
  });
  const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  // A stand-in for the site's installed Dart Sass (`compile(file)` -> `{ css, loadedUrls }`).
  writeTree(out, {
    'node_modules/sass/package.json': '{ "name": "sass", "version": "1.0.0", "main": "sass.js" }\n',
    'node_modules/sass/sass.js':
      "const fs = require('node:fs');\nexports.compile = (file) => ({ css: fs.readFileSync(file, 'utf8').replace(/\\$gap:[^;]*;/, '').replace('$gap', '7px'), loadedUrls: [] });\n",
  });
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

describe('an island built from an SVG component, Sass and import.meta.url', () => {
  it('hydrates without a mismatch, toggles on click, and is styled by its Sass', async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const failed = collectFailedRequests(page);
    await page.goto(`${server.url}/docs/intro`);
    await waitForHydration(page);
    await page.waitForSelector('dg-island[data-component="Lamp"][data-island-hydrated]', { state: 'attached' });
    const lamp = page.locator('button.lamp');
    await expect(lamp.getAttribute('data-here')).resolves.toBe('Lamp');
    await lamp.click();
    await expect(lamp.textContent()).resolves.toBe('on');
    await expect(lamp.locator('svg.lamp-svg circle').getAttribute('fill-opacity')).resolves.toBe('0.5');
    await expect(lamp.evaluate((el) => getComputedStyle(el).paddingLeft)).resolves.toBe('7px');
    expect(failed).toEqual([]);
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await page.close();
  });
});
