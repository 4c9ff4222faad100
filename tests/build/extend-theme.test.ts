/**
 * A site that extends the theme (tests/fixtures/sites/extend): a Footer override wrapping the original,
 * a stylesheet of its own, head tags and a content component, built through the real CLI.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/node/config/load.js';
import { loadServerRenderer } from '../../src/node/render/ssr.js';
import type { PageData, SiteData, SiteNavigation } from '../../src/shared/types.js';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

let dir: string;
let stdout: string;
const dist = (...parts: string[]) => path.join(dir, 'dist', ...parts);
const html = (file: string) => parse(readFileSync(dist(file), 'utf8'));
const json = <T>(url: string): T => JSON.parse(readFileSync(dist(url), 'utf8')) as T;

beforeAll(() => {
  dir = copyFixture('extend');
  const result = runDocgen(['build'], dir);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  stdout = result.stdout;
});
afterAll(() => removeDir(dir));

describe('docgen build of a site that extends the theme', () => {
  it('renders the overriding footer around the original one on every page', () => {
    for (const file of ['index.html', 'docs/guide/intro.html', '404.html']) {
      const wrapper = html(file).querySelector('.site-footer');
      expect(wrapper, file).not.toBeNull();
      expect(wrapper!.querySelector('.dg-footer .dg-footer__copyright')!.text).toBe('Copyright © Extend'); // the original
      expect(wrapper!.querySelector('.site-footer__extra')!.text).toBe('Extended by the site theme'); // the site's own line
    }
    expect(html('index.html').querySelectorAll('.dg-footer')).toHaveLength(1);
  });

  it("bundles the site's stylesheet after the theme's into the site stylesheet", () => {
    const href = html('docs/guide/intro.html').querySelector('link[rel="stylesheet"]')!.getAttribute('href')!;
    const css = readFileSync(dist(href), 'utf8');
    const own = css.indexOf('.site-footer__extra{color:#c0007a}');
    expect(own).toBeGreaterThan(0);
    expect(css.indexOf('.dg-footer{border-top:4px solid var(--site-accent)}')).toBeGreaterThan(
      css.indexOf('.dg-footer__copyright'),
    );
    expect(own).toBeGreaterThan(css.indexOf('.dg-search-dialog'));
  });

  it('adds the head tags to every page, and not to the site shell the browser loads', () => {
    for (const file of ['index.html', 'docs/guide/intro.html', '404.html']) {
      const doc = html(file);
      expect(doc.querySelector('head link[rel="preconnect"]')!.getAttribute('href'), file).toBe(
        'https://cdn.extend.example',
      );
      expect(doc.querySelector('head meta[name="theme-color"]')!.getAttribute('content'), file).toBe('#c0007a');
    }
    expect(readFileSync(dist('site.json'), 'utf8')).not.toContain('theme-color');
  });

  it('bundles the content components for the browser', () => {
    const js = readdirSync(dist('assets'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(js.some((file) => readFileSync(dist('assets', file), 'utf8').includes('site-highlight'))).toBe(true);
  });

  it('renders a content element named like a content component with it on the server', async () => {
    const { config } = await loadConfig(dir);
    const renderer = await loadServerRenderer(config.theme);
    const shell = json<SiteData & { navigation: string }>('site.json');
    const site: SiteData = { ...shell, ...json<SiteNavigation>(shell.navigation) };
    const route = site.routes.find((r) => r.path === '/docs/guide/intro')!;
    const page = json<PageData>(route.data);
    // What a remark/rehype plugin emitting the component would leave in the hast.
    const highlight: Element = {
      type: 'element',
      tagName: 'Highlight',
      properties: { tone: 'warning' },
      children: [{ type: 'text', value: '大事' }],
    };
    (page.content as Root).children.push(highlight);
    const out = await renderer.renderApp({ site, page, route });
    expect(out).toContain('<mark class="site-highlight" data-tone="warning">大事</mark>');
    expect(renderer.inputs).toContain(path.join(dir, 'theme/label.ts'));
  });

  it('builds again when a file the override imports or the stylesheet changes, and is up to date otherwise', () => {
    expect(runDocgen(['build'], dir).stdout).toContain('nothing changed since the last build');
    writeFileSync(path.join(dir, 'theme/label.ts'), "export const EXTRA_LINE = 'Edited line';\n");
    expect(runDocgen(['build'], dir).stdout).toContain('theme/label.ts changed');
    expect(html('docs/guide/intro.html').querySelector('.site-footer__extra')!.text).toBe('Edited line');
    writeFileSync(path.join(dir, 'theme/custom.css'), '.site-footer__extra { color: rgb(0, 128, 0); }\n');
    expect(runDocgen(['build'], dir).stdout).toContain('theme/custom.css changed');
    const href = html('index.html').querySelector('link[rel="stylesheet"]')!.getAttribute('href')!;
    expect(readFileSync(dist(href), 'utf8')).toContain('.site-footer__extra{color:green}');
    expect(stdout).toContain('first load of a doc page');
  });
});

/** Copies the fixture, lets `edit` change it, builds it. @returns the folder and the build's outcome */
function buildVariant(edit: (site: string) => void): { site: string; result: ReturnType<typeof runDocgen> } {
  const site = copyFixture('extend');
  edit(site);
  return { site, result: runDocgen(['build'], site) };
}

/** Adds theme.components entries to the copied fixture's config. */
function addComponents(site: string, entries: string): void {
  const config = path.join(site, 'site.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      "Footer: './theme/Footer.tsx' }",
      `Footer: './theme/Footer.tsx', ${entries} }`,
    ),
  );
}

describe('docgen build of a site that overrides a page and a named export', () => {
  let site: string;
  beforeAll(() => {
    let result: ReturnType<typeof runDocgen>;
    ({ site, result } = buildVariant((dir) => {
      writeFileSync(
        path.join(dir, 'theme/DocPage.tsx'),
        'import DocPage from \'docgen/theme/DocPage\';\nexport default function Page(props: any) {\n  return <div className="site-docpage"><p className="site-banner">Beta</p><DocPage {...props} /></div>;\n}\n',
      );
      writeFileSync(
        path.join(dir, 'theme/Navbar.tsx'),
        'import { Navbar as Original } from \'docgen/theme/Navbar\';\nexport function Navbar(props: any) {\n  return <><Original {...props} /><div className="site-under-nav" /></>;\n}\n',
      );
      addComponents(dir, "DocPage: './theme/DocPage.tsx', Navbar: './theme/Navbar.tsx'");
    }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
  afterAll(() => removeDir(site));

  it("renders the site's page around the original and preloads its chunk", () => {
    const doc = parse(readFileSync(path.join(site, 'dist/docs/guide/intro.html'), 'utf8'));
    expect(doc.querySelector('main .site-docpage .site-banner')!.text).toBe('Beta');
    expect(doc.querySelector('main .site-docpage .dg-doc h1')!.text).toBe('はじめに');
    const preloads = doc.querySelectorAll('link[rel="modulepreload"]').map((link) => link.getAttribute('href')!);
    const chunk = preloads.find((href) => /\/chunks\/DocPage\.[A-Z0-9]{8}\.js$/.test(href));
    expect(chunk).toBeDefined();
    expect(readFileSync(path.join(site, 'dist', chunk!), 'utf8')).toContain('site-banner');
    expect(doc.querySelector('.site-under-nav')).not.toBeNull(); // a named export overrides too
  });
});

describe("docgen build of a site whose override imports the site's own package", () => {
  it('resolves it from the site, on the server and in the browser', () => {
    const { site, result } = buildVariant((dir) => {
      const pkg = path.join(dir, 'node_modules/site-label');
      mkdirSync(pkg, { recursive: true });
      writeFileSync(
        path.join(pkg, 'package.json'),
        JSON.stringify({ name: 'site-label', version: '1.0.0', main: 'index.js' }),
      );
      writeFileSync(path.join(pkg, 'index.js'), "exports.EXTRA_LINE = 'From a package of the site';\n");
      const footer = path.join(dir, 'theme/Footer.tsx');
      writeFileSync(footer, readFileSync(footer, 'utf8').replace("from './label';", "from 'site-label';"));
    });
    try {
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const doc = parse(readFileSync(path.join(site, 'dist/index.html'), 'utf8'));
      expect(doc.querySelector('.site-footer__extra')!.text).toBe('From a package of the site');
      const entry = doc.querySelector('script[type="module"]')!.getAttribute('src')!;
      expect(readFileSync(path.join(site, 'dist', entry), 'utf8')).toContain('From a package of the site');
    } finally {
      removeDir(site);
    }
  });
});

describe('docgen build of a site whose override is wrong', () => {
  it('fails with the file when an override exports no component', () => {
    const { site, result } = buildVariant((dir) =>
      writeFileSync(path.join(dir, 'theme/Footer.tsx'), 'export const footer = 1;\n'),
    );
    removeDir(site);
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /TemplateRenderFailed[^\n]*theme\/Footer\.tsx exports no component Footer/,
    );
  });

  it('names the valid components when an override imports an unknown docgen/theme module', () => {
    const { site, result } = buildVariant((dir) =>
      writeFileSync(path.join(dir, 'theme/Footer.tsx'), "export { Footer as default } from 'docgen/theme/Fotter';\n"),
    );
    removeDir(site);
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(
      /'docgen\/theme\/Fotter' is not a theme component\. The components are: Navbar, Footer/,
    );
    expect(result.stdout + result.stderr).toContain('theme/Footer.tsx:1');
  });
});
