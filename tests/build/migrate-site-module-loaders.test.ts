/**
 * A Docusaurus site's own modules get what webpack gives them (bundle/site-module-loaders.ts), in the build-time
 * render and in the client bundle of an island: `import.meta.url` (utcode-learn's ViewSource), fonts named by a
 * component's CSS (slick-carousel's slick-theme.css), `.scss` without and with the site's `sass`
 * (docusaurus-plugin-sass), and SVGs as React components (plugin-svgr; the classic template's HomepageFeatures,
 * `require('/static/…svg').default` as jellyfin.org writes it).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-site-module-loaders-'));
afterAll(() => removeDir(temp));

const CONFIG =
  "module.exports = { title: 'Loaders', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]] };\n";

/** Migrates `files` (a Docusaurus site), adds `extra` to the migrated site (its installed packages), builds it. */
function migrateThenBuild(name: string, files: Record<string, string>, extra: Record<string, string> = {}) {
  const site = path.join(temp, `${name}-source`);
  const out = path.join(temp, name);
  writeTree(site, { 'docusaurus.config.js': CONFIG, ...files });
  const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
  writeTree(out, extra);
  const build = runDocgen(['build', '--force'], out);
  const output = build.stdout + build.stderr;
  expect(build.status, output).toBe(0);
  const read = (file: string) => readFileSync(path.join(out, 'dist', file), 'utf8');
  const assets = (readdirSync(path.join(out, 'dist/assets'), { recursive: true }) as string[]).map((f) =>
    f.split(path.sep).join('/'),
  );
  const allCss = assets
    .filter((f) => f.endsWith('.css'))
    .map((f) => read(`assets/${f}`))
    .join('\n');
  const allJs = assets
    .filter((f) => f.endsWith('.js'))
    .map((f) => read(`assets/${f}`))
    .join('\n');
  return { out, output, read, assets, allCss, allJs };
}

describe("a Docusaurus site's modules, bundled as webpack does", () => {
  it('gives import.meta.url as the file URL of the component and of the page', () => {
    const { output, read } = migrateThenBuild('meta-url', {
      // As utcode-learn's src/components/ViewSource: the module's folder at module level, the page's file as a prop.
      'src/components/ViewSource/index.jsx': [
        "const segments = import.meta.url.split('/');",
        'const folder = segments[segments.length - 2];',
        'export default function ViewSource({ url }) {',
        "  const page = new URL(url).pathname.split('/').pop();",
        '  return <p className="view-source">{folder} shows {page}</p>;',
        '}',
        '',
      ].join('\n'),
      'docs/intro.mdx': [
        '# Intro',
        '',
        "import ViewSource from '@site/src/components/ViewSource';",
        '',
        '<ViewSource url={import.meta.url} />',
        '',
        `Protocol {new URL(import.meta.url).protocol}`,
        '',
      ].join('\n'),
    });
    expect(output).not.toContain('TemplateRenderFailed');
    const html = read('docs/intro.html');
    expect(html).toContain('<p class="view-source">ViewSource shows intro.mdx</p>');
    expect(html).toMatch(/Protocol (<!-- -->)?file:/);
  });

  it("renders a component whose CSS names fonts, and ships the fonts as hashed files with the site's CSS", () => {
    const { output, read, assets, allCss } = migrateThenBuild(
      'fonts',
      {
        // As utcode-learn's SlideShow: a package's theme CSS naming .eot/.woff/.ttf/.svg fonts, and the site's own.
        'src/components/Carousel/index.jsx': [
          "import 'slick-carousel/slick/slick-theme.css';",
          "import './carousel.css';",
          'export default function Carousel({ children }) {',
          '  return <div className="carousel">{children}</div>;',
          '}',
          '',
        ].join('\n'),
        'src/components/Carousel/carousel.css':
          "@font-face { font-family: 'deck'; src: url('./deck.woff2') format('woff2'); }\n.carousel { font-family: 'deck'; }\n",
        'src/components/Carousel/deck.woff2': 'wOF2 not really a font',
        'docs/intro.mdx': [
          '# Intro',
          '',
          "import Carousel from '@site/src/components/Carousel';",
          '',
          '<Carousel>First slide</Carousel>',
          '',
        ].join('\n'),
      },
      {
        'node_modules/slick-carousel/package.json': '{ "name": "slick-carousel", "version": "1.8.1" }\n',
        'node_modules/slick-carousel/slick/slick-theme.css': [
          '@font-face {',
          "  font-family: 'slick';",
          "  src: url('./fonts/slick.eot');",
          "  src: url('./fonts/slick.eot?#iefix') format('embedded-opentype'), url('./fonts/slick.woff') format('woff'),",
          "    url('./fonts/slick.ttf') format('truetype'), url('./fonts/slick.svg#slick') format('svg');",
          '}',
          '.slick-prev:before { font-family: slick; }',
          '',
        ].join('\n'),
        'node_modules/slick-carousel/slick/fonts/slick.eot': 'eot',
        'node_modules/slick-carousel/slick/fonts/slick.woff': 'woff',
        'node_modules/slick-carousel/slick/fonts/slick.ttf': 'ttf',
        'node_modules/slick-carousel/slick/fonts/slick.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      },
    );
    expect(output).not.toContain('TemplateRenderFailed');
    expect(read('docs/intro.html')).toContain('<div class="carousel">First slide</div>');
    for (const ext of ['eot', 'woff', 'ttf', 'svg', 'woff2'])
      expect(assets.some((file) => new RegExp(`^media/[\\w-]+\\.[A-Z0-9]+\\.${ext}$`).test(file))).toBe(true);
    expect(allCss).toMatch(/url\("?\.\/media\/slick\.[A-Z0-9]+\.eot\?#iefix"?\)/);
    expect(allCss).toMatch(/url\("?\.\/media\/deck\.[A-Z0-9]+\.woff2"?\)/);
  });

  const counter = {
    // As jellyfin.org's DetailsCard: an interactive component (an island) importing its plain .scss.
    'src/components/Counter/index.jsx': [
      "import { useState } from 'react';",
      "import './Counter.scss';",
      'export default function Counter() {',
      '  const [count, setCount] = useState(0);',
      '  return <button className="counter" onClick={() => setCount(count + 1)}>clicked {count}</button>;',
      '}',
      '',
    ].join('\n'),
    'src/components/Counter/Counter.scss': '$pad: 4px;\n.counter { padding: $pad; }\n',
    'docs/intro.mdx': [
      '# Intro',
      '',
      "import Counter from '@site/src/components/Counter';",
      '',
      '<Counter />',
      '',
    ].join('\n'),
  };

  it('builds an island importing .scss without sass: one warning naming the file, the island kept', () => {
    const { output, read } = migrateThenBuild('scss-no-sass', counter);
    expect(output).toContain('[StylesheetSkipped]');
    expect(output).toContain('src/components/Counter/Counter.scss');
    expect(output.match(/\[StylesheetSkipped\]/g)).toHaveLength(1);
    expect(read('docs/intro.html')).toMatch(/<dg-island data-component="Counter"[^>]*><button class="counter">/);
  });

  // A stand-in for Dart Sass' JavaScript API (`compile(file)` -> `{ css, loadedUrls }`), as the site installs it.
  const sassPackage = {
    'node_modules/sass/package.json': '{ "name": "sass", "version": "1.0.0", "main": "sass.js" }\n',
    'node_modules/sass/sass.js': [
      "const fs = require('node:fs');",
      "const { pathToFileURL } = require('node:url');",
      'exports.compile = (file) => {',
      "  const text = fs.readFileSync(file, 'utf8');",
      '  const vars = {};',
      "  const body = text.replace(/\\$([\\w-]+):\\s*([^;]+);\\s*/g, (_, name, value) => { vars[name] = value; return ''; });",
      '  return { css: body.replace(/\\$([\\w-]+)/g, (_, name) => vars[name]), loadedUrls: [pathToFileURL(file)] };',
      '};',
      '',
    ].join('\n'),
  };

  it("compiles the island's .scss with the site's own sass package", () => {
    const { output, allCss } = migrateThenBuild('scss-sass', counter, sassPackage);
    expect(output).not.toContain('StylesheetSkipped');
    expect(allCss).toMatch(/\.counter\s*\{\s*padding:\s*4px/);
  });

  it('compiles the .scss on the next build once sass is installed, without --force', () => {
    const { out, output } = migrateThenBuild('scss-later', counter);
    expect(output).toContain('[StylesheetSkipped]');
    writeTree(out, sassPackage);
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toContain('StylesheetSkipped');
    const css = readdirSync(path.join(out, 'dist/assets'), { recursive: true })
      .filter((f) => String(f).endsWith('.css'))
      .map((f) => readFileSync(path.join(out, 'dist/assets', String(f)), 'utf8'))
      .join('\n');
    expect(css).toMatch(/\.counter\s*\{\s*padding:\s*4px/);
  });

  it('makes an imported or required SVG a React component, in the render and in an island', () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" width="10" height="10">\n  <defs><circle id="dot" cx="5" cy="5" r="4" style="fill-opacity: 0.5"/></defs>\n  <use xlink:href="#dot" stroke-width="2"/>\n</svg>\n';
    const { output, read, allJs, assets } = migrateThenBuild('svgr', {
      'static/img/feature.svg': svg,
      // Named by no other import: migrate carries it for the root request alone.
      'static/img/toggle.svg': svg.replace('viewBox="0 0 10 10"', 'viewBox="0 0 30 30"'),
      'src/components/icon.svg': svg.replace('viewBox="0 0 10 10"', 'viewBox="0 0 20 20"'),
      // The classic template's HomepageFeatures: `@site/static/…svg` as a component.
      'src/components/Features.jsx': [
        "import Feature from '@site/static/img/feature.svg';",
        "import { ReactComponent as Icon } from './icon.svg';",
        "import iconUrl from './icon.svg?url';",
        'export default function Features() {',
        '  return <div className="features"><Feature className="feature-svg" role="img" title="A dot" titleId="dot-title" /><Icon aria-hidden="true" /><span data-url={typeof iconUrl} /></div>;',
        '}',
        '',
      ].join('\n'),
      // jellyfin.org's HomepageFeatures: require('/static/…').default, resolved against the site folder; an island.
      'src/components/Toggle.jsx': [
        "import { useState } from 'react';",
        "const Svg = require('/static/img/toggle.svg').default;",
        'export default function Toggle() {',
        '  const [on, setOn] = useState(false);',
        '  return <button className="toggle" onClick={() => setOn(!on)}><Svg className="toggle-svg" />{on ? "on" : "off"}</button>;',
        '}',
        '',
      ].join('\n'),
      'docs/intro.mdx': [
        '# Intro',
        '',
        "import Features from '@site/src/components/Features';",
        "import Toggle from '@site/src/components/Toggle';",
        '',
        '<Features />',
        '',
        '<Toggle />',
        '',
      ].join('\n'),
    });
    expect(output).not.toContain('TemplateRenderFailed');
    const html = read('docs/intro.html');
    expect(html).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" width="10" height="10" aria-labelledby="dot-title" class="feature-svg" role="img"><title id="dot-title">A dot</title><defs><circle id="dot" cx="5" cy="5" r="4" style="fill-opacity:0.5"></circle></defs><use xlink:href="#dot" stroke-width="2"></use></svg>',
    );
    expect(html).toMatch(/<svg [^>]*viewBox="0 0 20 20"[^>]*aria-hidden="true"/);
    expect(html).toMatch(
      /<dg-island data-component="Toggle"[^>]*><button class="toggle"><svg [^>]*viewBox="0 0 30 30"[^>]*class="toggle-svg"/,
    );
    // The island's chunk draws the same SVG in the browser; the ?url import is a file.
    expect(allJs).toContain('xlinkHref');
    expect(assets.some((file) => /^media\/icon\.[A-Z0-9]+\.svg$/.test(file))).toBe(true);
  });

  it('draws an edited SVG on the next build, in the render and in the island, without --force', () => {
    const { out, read } = migrateThenBuild('svg-edit', {
      'static/img/mark.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
      'src/components/Mark.jsx': [
        "import { useState } from 'react';",
        "import Mark from '@site/static/img/mark.svg';",
        'export default function Marker() {',
        '  const [n, setN] = useState(0);',
        '  return <button onClick={() => setN(n + 1)}><Mark />{n}</button>;',
        '}',
        '',
      ].join('\n'),
      'docs/intro.mdx': ['# Intro', '', "import Marker from '@site/src/components/Mark';", '', '<Marker />', ''].join(
        '\n',
      ),
    });
    expect(read('docs/intro.html')).toContain('viewBox="0 0 8 8"');
    writeTree(out, {
      'static/img/mark.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect width="9" height="9"/></svg>',
    });
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(read('docs/intro.html')).toContain('viewBox="0 0 9 9"');
    const chunks = readdirSync(path.join(out, 'dist/assets/chunks')).map((f) =>
      readFileSync(path.join(out, 'dist/assets/chunks', f), 'utf8'),
    );
    expect(chunks.some((code) => code.includes('0 0 9 9'))).toBe(true);
    expect(chunks.some((code) => code.includes('0 0 8 8'))).toBe(false);
  });

  it('does not read an SVG outside the site folder: the import is reported, the page still builds', () => {
    writeTree(temp, { 'outside.svg': '<svg xmlns="http://www.w3.org/2000/svg"><text>secret</text></svg>' });
    const { output, read } = migrateThenBuild('svg-outside', {
      'src/components/Outside.jsx': [
        "import Logo from '../../../outside.svg';",
        'export default function Outside() { return <p><Logo /></p>; }',
        '',
      ].join('\n'),
      'docs/intro.mdx': [
        '# Intro',
        '',
        "import Outside from '@site/src/components/Outside';",
        '',
        '<Outside />',
        '',
        'Still here.',
        '',
      ].join('\n'),
    });
    expect(output).toMatch(/outside\.svg' names an SVG outside the site folder/);
    expect(read('docs/intro.html')).toContain('Still here.');
  });

  it('gives an image of the static folder imported by a script its published URL, with the base URL', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ).toString('latin1');
    const { out, read, allJs } = migrateThenBuild('static-images', {
      'docusaurus.config.js': CONFIG.replace("baseUrl: '/'", "baseUrl: '/base/'"),
      'static/img/home.png': png,
      'static/img/feature.png': png,
      // The classic template's HomepageFeatures: an image required by path in a list at module level.
      'src/components/Features.jsx': [
        "const features = [{ title: 'Fast', img: require('@site/static/img/feature.png').default }];",
        'export default function Features() {',
        '  return features.map((f) => <img key={f.title} className="feature" src={f.img} alt={f.title} />);',
        '}',
        '',
      ].join('\n'),
      // An island (state) that imports one: its client chunk holds the same URL.
      'src/components/Zoom.jsx': [
        "import { useState } from 'react';",
        "import home from '@site/static/img/home.png';",
        'export default function Zoom() {',
        '  const [big, setBig] = useState(false);',
        '  return <img className="zoom" src={home} alt="zoom" width={big ? 20 : 10} onClick={() => setBig(!big)} />;',
        '}',
        '',
      ].join('\n'),
      'src/pages/index.js': [
        "import Layout from '@theme/Layout';",
        "import home from '@site/static/img/home.png';",
        'export default function Home() {',
        '  return <Layout title="Home"><main><img className="home" src={home} alt="home" /></main></Layout>;',
        '}',
        '',
      ].join('\n'),
      'docs/intro.mdx': [
        '# Intro',
        '',
        "import Features from '@site/src/components/Features';",
        "import Zoom from '@site/src/components/Zoom';",
        '',
        '<Features />',
        '',
        '<Zoom />',
        '',
      ].join('\n'),
    });
    expect(read('index.html')).toMatch(/<img class="home" src="\/base\/img\/home\.png" alt="home"\/>/);
    const intro = read('docs/intro.html');
    expect(intro).toMatch(/<img class="feature" src="\/base\/img\/feature\.png" alt="Fast"\/>/);
    expect(intro).toMatch(/<img class="zoom" src="\/base\/img\/home\.png"/);
    expect(allJs).toContain('/img/home.png');
    expect(readdirSync(path.join(out, 'dist/img')).sort()).toEqual(['feature.png', 'home.png']);
  });
});
