/**
 * Inline styles in migrated pages, as Docusaurus and VitePress render them: JSX `style={{textAlign: 'center'}}` in a
 * Docusaurus MDX page and raw `<div style="…">` in a VitePress page keep their allowed declarations
 * (markdown/style-allow-list.ts), and the site's own CSP (`_headers`, applied by `docgen serve`) lets Chromium apply
 * them: each value allowed by its hash. A declaration off the allow-list (`position: fixed`) is dropped with a
 * DroppedHtml warning at its line. A docgen site that does not turn `markdown.inlineStyles` on keeps GitHub's rule.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { recordViolations, violations } from '../helpers/csp.js';
import {
  copyFixture,
  migrateAndBuild,
  removeDir,
  runDocgen,
  startServe,
  writeDocusaurusSite,
  writeTree,
} from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-inline-styles-'));
const dirs: string[] = [temp];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const dir of dirs) removeDir(dir);
});

/** Opens `route` of the served dist/ under its own policy. @returns each probe's computed style, and the violations */
async function computed(dist: string, route: string, probes: Record<string, string[]>) {
  const server = await startServe(dist);
  const context = await browser.newContext();
  try {
    await recordViolations(context);
    const page = await context.newPage();
    await page.goto(`${server.url}${route}`);
    const styles: Record<string, Record<string, string>> = {};
    for (const [selector, properties] of Object.entries(probes))
      styles[selector] = await page.$eval(
        selector,
        (element, names) =>
          Object.fromEntries(names.map((name) => [name, getComputedStyle(element).getPropertyValue(name)])),
        properties,
      );
    return { styles, violations: await violations(page) };
  } finally {
    await context.close();
    await server.close();
  }
}

describe('inline styles of migrated pages', () => {
  it('docusaurus: JSX style objects render under the site CSP; position is dropped with a warning', async () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'docusaurus'),
      {
        'docs/index.mdx': [
          '---',
          'slug: /',
          '---',
          '# Styled',
          '',
          "<div id=\"centred\" style={{textAlign: 'center', marginBottom: 24, color: 'rgb(200, 0, 0)'}}>",
          '',
          'Centred text.',
          '',
          '</div>',
          '',
          '<p id="pinned" style={{position: \'fixed\', top: 0, fontWeight: 700}}>Not pinned.</p>',
          '',
          '```jsx',
          "<div style={{display: 'none'}}>an example</div>",
          '```',
          '',
        ].join('\n'),
      },
      { title: 'Styles' },
    );
    const out = path.join(temp, 'docusaurus-out');
    const { output, report } = migrateAndBuild('docusaurus', site, out);
    expect(report).toContain('markdown.inlineStyles is on');
    expect(report).toContain('content/index.mdx:6');
    expect(output).toMatch(/index\.mdx:12:\d+.*DroppedHtml|DroppedHtml[\s\S]*position:fixed/);
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('style="text-align:center;margin-bottom:24px;color:rgb(200, 0, 0)"');
    expect(html).toContain('style="font-weight:700"');
    expect(readFileSync(path.join(out, 'dist/_headers'), 'utf8')).toContain("'unsafe-hashes' 'sha256-");
    const { styles, violations: blocked } = await computed(path.join(out, 'dist'), '/', {
      '#centred': ['text-align', 'margin-bottom', 'color'],
      '#pinned': ['position', 'font-weight'],
    });
    expect(blocked).toEqual([]);
    expect(styles['#centred']).toEqual({ 'text-align': 'center', 'margin-bottom': '24px', color: 'rgb(200, 0, 0)' });
    expect(styles['#pinned']).toEqual({ position: 'static', 'font-weight': '700' });
  });

  it('vitepress: raw style attributes render under the site CSP', async () => {
    const site = writeTree(path.join(temp, 'vitepress'), {
      '.vitepress/config.mts': "export default { title: 'Styles' };\n",
      'index.md': [
        '# Styled',
        '',
        '<div id="centred" style="text-align: center; background: url(https://tracker.test/x.png)">',
        '',
        'Centred **text**.',
        '',
        '</div>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'vitepress-out');
    const { output } = migrateAndBuild('vitepress', site, out);
    expect(output).toContain('DroppedHtml');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('<div id="centred" style="text-align:center">');
    expect(html).not.toContain('tracker.test');
    const { styles, violations: blocked } = await computed(path.join(out, 'dist'), '/', {
      '#centred': ['text-align'],
    });
    expect(blocked).toEqual([]);
    expect(styles['#centred']).toEqual({ 'text-align': 'center' });
  });

  it('a docgen site without markdown.inlineStyles keeps no style, as GitHub', () => {
    const site = copyFixture('raw-html');
    dirs.push(site);
    writeTree(path.join(site, 'content/docs'), {
      'styled.md': '# Plain\n\n<div style="text-align: center">Text.</div>\n',
    });
    const build = runDocgen(['build'], site);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).toContain('DroppedHtml');
    expect(readFileSync(path.join(site, 'dist/docs/styled.html'), 'utf8')).not.toMatch(/<div[^>]* style=/);
    expect(readFileSync(path.join(site, 'dist/_headers'), 'utf8')).not.toContain('unsafe-hashes');
  });
});
