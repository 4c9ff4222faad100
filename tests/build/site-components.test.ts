/**
 * A site's own MDX components written for Docusaurus (tests/fixtures/sites/site-components), built through the
 * real CLI: rendered at build time with props computed from the page's imports and exports, Docusaurus' theme
 * modules through docgen's shims, and a component that throws reported once at its use while the page still builds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

let dir: string;
let stderr: string;
let status: number | null;
const page = (file: string) => parse(readFileSync(path.join(dir, 'dist', file), 'utf8')).querySelector('.dg-markdown')!;

beforeAll(() => {
  dir = copyFixture('site-components');
  const result = runDocgen(['build'], dir);
  stderr = result.stderr;
  status = result.status;
});
afterAll(() => removeDir(dir));

describe("docgen build of a site's own Docusaurus components", () => {
  it('builds, with one warning at the use of the component that throws and one at an island with a function prop', () => {
    expect(status).toBe(0);
    const warnings = stderr.match(/^\[\w+\] warning:/gm) ?? [];
    expect(warnings).toEqual(['[TemplateRenderFailed] warning:', '[TemplateRenderFailed] warning:']);
    expect(stderr).toContain(
      "<Broken> could not be rendered: Cannot read properties of undefined (reading 'toUpperCase')",
    );
    expect(stderr).toMatch(/content\/docs\/intro\.mdx:\d+:1/);
    expect(stderr).toContain(
      '<Counter> needs the browser (state, effects or event handlers), but its props cannot be put into the page: onDone is a function.',
    );
    expect(stderr).toContain('content/docs/interactive.mdx:17:1');
  });

  it('wraps the uses of interactive components in islands with their props as JSON, and no other component', () => {
    const islands = page('docs/interactive.html').querySelectorAll('dg-island');
    expect(islands.map((island) => [island.getAttribute('data-component'), island.getAttribute('data-props')])).toEqual(
      [
        ['Counter', '{"label":"Clicks","start":2}'],
        ['ClientClock', '{"format":"24h"}'],
      ],
    );
    // The island's Markdown children stay in their element, for the browser to hand back to the component.
    expect(islands[0]!.querySelector('dg-children[data-island] strong')!.text).toBe('Markdown');
    expect(islands[1]!.text).toBe('Loading…'); // BrowserOnly's fallback, as Docusaurus' server render shows it
    expect(page('docs/intro.html').querySelectorAll('dg-island')).toEqual([]);
    expect(page('docs/other.html').querySelectorAll('dg-island')).toEqual([]);
  });

  it('renders a titled collapsible box around the Markdown children', () => {
    const box = page('docs/intro.html').querySelector('details.detailed-explanation')!;
    expect(box.querySelector('summary .detailed-explanation__title')!.text).toBe('Why a store?');
    expect(box.querySelector('p > strong')!.text).toBe('the state');
    expect(page('docs/other.html').querySelector('.detailed-explanation__title')!.text).toBe('Detailed Explanation');
  });

  it("renders the site's registered Badge, not docgen's built-in one of the same name", () => {
    const badge = page('docs/other.html').querySelector('.site-badge')!;
    expect(badge.classList.contains('site-badge--green')).toBe(true);
    expect(badge.text).toBe('i stable');
    expect(page('docs/other.html').querySelector('[class*=badge]:not(.site-badge)')).toBeNull();
  });

  it('renders table rows from the props of a literal use and of a map over imported data', () => {
    const rows = page('docs/intro.html').querySelectorAll('tbody tr');
    expect(rows.map((row) => row.querySelector('td code')!.text)).toEqual(['ts', 'rs', 'go']);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('/base/docs/intro'); // @docusaurus/Link adds the base URL
  });

  it('renders ThemedImage with both sources through useBaseUrl', () => {
    const images = page('docs/intro.html').querySelectorAll('img.dg-themed');
    expect(images.map((img) => [img.getAttribute('src'), img.classList.contains('dg-themed--dark')])).toEqual([
      ['/base/img/light.svg', false],
      ['/base/img/dark.svg', true],
    ]);
  });

  it("labels tabs from Tabs' values computed from an import, and fills text from an export", () => {
    const content = page('docs/intro.html');
    expect(content.querySelectorAll('.dg-tabs__label').map((label) => label.text)).toEqual(['macOS', 'Windows']);
    expect(content.querySelector('p')!.text).toBe('Version 2.4 of 2 systems.');
  });

  it('shows the children of the component that throws, and the rest of the page', () => {
    const content = page('docs/intro.html');
    expect(content.text).toContain('Shown instead of the broken component.');
    expect(content.querySelector('h2#after')).not.toBeNull();
  });

  // Last: it edits the site.
  it('builds again when a component or a data file the page imports changes, and not otherwise', () => {
    const edit = (file: string, from: string | RegExp, to: string) => {
      const full = path.join(dir, file);
      writeFileSync(full, readFileSync(full, 'utf8').replace(from, to));
    };
    expect(runDocgen(['build'], dir).stdout).toContain('dist is up to date');
    edit('src/components/DetailedExplanation.jsx', 'detailed-explanation__title', 'detailed-explanation__heading');
    expect(runDocgen(['build'], dir).status).toBe(0);
    expect(page('docs/other.html').querySelector('.detailed-explanation__heading')!.text).toBe('Detailed Explanation');
    edit('src/constants.js', "label: 'macOS'", "label: 'Linux'");
    expect(runDocgen(['build'], dir).status).toBe(0);
    expect(
      page('docs/intro.html')
        .querySelectorAll('.dg-tabs__label')
        .map((label) => label.text),
    ).toEqual(['Linux', 'Windows']);
  });
});
