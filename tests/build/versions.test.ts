import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteShell } from '../../src/shared/types.js';
import { removeDir, repoRoot, runDocgen, startDev } from '../helpers/site.js';

// Versions: a real Docusaurus site with three versions (Jest at 52db46e: versions.json, versioned_docs/,
// versioned_sidebars/; tests/fixtures/real-docs/jest/SOURCE.md) migrated and built with no hand edits, every doc of
// every version at its Docusaurus URL with its own text; and `docgen version` on a starter site.
const JEST = path.join(repoRoot, 'tests/fixtures/real-docs/jest');
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-versions-'));
afterAll(() => removeDir(temp));

/** Docusaurus' URL segment of each Jest version: the newest of versions.json at /docs/, current at /docs/next/. */
const VERSIONS = [
  { name: 'current', dir: path.join(JEST, 'docs'), base: '/docs/next', banner: 'unreleased' },
  { name: '30.4', dir: path.join(JEST, 'website/versioned_docs/version-30.4'), base: '/docs', banner: null },
  {
    name: '30.0',
    dir: path.join(JEST, 'website/versioned_docs/version-30.0'),
    base: '/docs/30.0',
    banner: 'unmaintained',
  },
  {
    name: '29.7',
    dir: path.join(JEST, 'website/versioned_docs/version-29.7'),
    base: '/docs/29.7',
    banner: 'unmaintained',
  },
];

/** The docs of a version folder: file, Docusaurus id (front matter `id`, which every Jest doc sets) and source. */
function docsOf(dir: string): { file: string; id: string; source: string }[] {
  return readdirSync(dir)
    .filter((file) => /\.mdx?$/.test(file) && !file.startsWith('_'))
    .map((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      return { file, id: /^id:\s*(\S+)/m.exec(source)![1]!, source };
    });
}

/** Plain prose lines of a page (outside code fences and front matter, no Markdown syntax): text its HTML must show. */
function proseLines(source: string): string[] {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const lines: string[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^[\p{L}][\p{L}\p{N} ,.'’]{30,}$/u.test(line.trim())) lines.push(line.trim());
  }
  return lines;
}

function page(dist: string, route: string): HTMLElement {
  return parse(readFileSync(path.join(dist, `${route}.html`), 'utf8'));
}

function textOf(root: HTMLElement): string {
  const article = root.querySelector('.dg-doc__article')!.clone() as HTMLElement;
  for (const node of article.querySelectorAll('pre, code')) node.remove();
  return article.text.replace(/\s+/g, ' ');
}

describe('a versioned Docusaurus site (Jest, three versions) migrated and built', () => {
  const out = path.join(temp, 'jest');
  const dist = path.join(out, 'dist');
  let buildOutput = '';

  beforeAll(() => {
    const migrated = runDocgen(['migrate', 'docusaurus', path.join(JEST, 'website'), '--out', out], temp);
    expect(migrated.status, migrated.stderr).toBe(0);
    const built = runDocgen(['build'], out, 300_000);
    expect(built.status, built.stderr).toBe(0);
    buildOutput = built.stdout;
  }, 320_000);

  it('carries versions.json, versioned_docs/ and versioned_sidebars/ over unchanged, and the dropdown', () => {
    expect(readFileSync(path.join(out, 'versions.json'), 'utf8')).toBe(
      readFileSync(path.join(JEST, 'website/versions.json'), 'utf8'),
    );
    for (const version of VERSIONS.slice(1)) {
      for (const doc of docsOf(version.dir))
        expect(readFileSync(path.join(out, 'versioned_docs', `version-${version.name}`, doc.file), 'utf8')).toBe(
          doc.source,
        );
      expect(existsSync(path.join(out, 'versioned_sidebars', `version-${version.name}-sidebars.json`))).toBe(true);
    }
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toContain('"type": "docsVersionDropdown"');
    expect(config).toMatch(/"docs": \{\s*"folder": "docs"\s*\}/);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toContain('versions are not carried over');
    expect(report).toContain("docsVersionDropdown': dropdownItemsAfter is not carried over");
  });

  it('builds every doc of every version at its Docusaurus URL with its own text', () => {
    let checked = 0;
    for (const version of VERSIONS) {
      for (const doc of docsOf(version.dir)) {
        const route = `${version.base}/${doc.id}`;
        expect(existsSync(path.join(dist, `${route}.html`)), route).toBe(true);
        const html = page(dist, route);
        const text = textOf(html);
        for (const line of proseLines(doc.source).slice(0, 3)) expect(text, `${route}: ${line}`).toContain(line);
        expect(html.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`https://jestjs.io${route}`);
        checked++;
      }
    }
    expect(checked).toBe(37 + 37 + 38 + 37); // pages of current, 30.4, 30.0 and 29.7 (partials excluded)
    // Lines another version has and the last one does not are in that version's page only.
    const latest = new Map(docsOf(VERSIONS[1]!.dir).map((doc) => [doc.id, doc.source]));
    const differing = [VERSIONS[0]!, VERSIONS[2]!, VERSIONS[3]!].flatMap((version) =>
      docsOf(version.dir).flatMap((doc) =>
        latest.has(doc.id)
          ? proseLines(doc.source)
              .filter((line) => !latest.get(doc.id)!.includes(line))
              .map((line) => ({ route: `${version.base}/${doc.id}`, id: doc.id, line }))
          : [],
      ),
    );
    expect(differing.length).toBeGreaterThan(0);
    for (const { route, id, line } of differing) {
      expect(textOf(page(dist, route))).toContain(line);
      expect(textOf(page(dist, `/docs/${id}`))).not.toContain(line);
    }
  });

  it('keeps relative links inside their version, and the sitemap lists every version', () => {
    for (const version of VERSIONS) {
      const links = page(dist, `${version.base}/jest-object`)
        .querySelectorAll('.dg-markdown a[href^="/docs/"]')
        .map((a) => a.getAttribute('href')!);
      const inside = links.filter(
        (href) =>
          href.startsWith(`${version.base}/`) &&
          (version.base !== '/docs' || !/^\/docs\/(next|30\.0|29\.7)\//.test(href)),
      );
      expect(inside.length, version.name).toBeGreaterThan(3);
      expect(
        links.filter((href) => !inside.includes(href)),
        version.name,
      ).toEqual([]);
    }
    const sitemap = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    for (const version of VERSIONS)
      expect(sitemap).toContain(`<loc>https://jestjs.io${version.base}/getting-started</loc>`);
  });

  it('writes llms.txt and llms-full.txt per version: the last at the root, each other in its folder, listed under ## Optional', () => {
    const root = readFileSync(path.join(dist, 'llms.txt'), 'utf8');
    expect(root).toContain('](https://jestjs.io/docs/getting-started.md)');
    expect(root).not.toMatch(/jestjs\.io\/docs\/(next|30\.0|29\.7)\/[^)]*\.md\)/);
    const optional = root.slice(root.indexOf('\n## Optional\n'));
    for (const version of VERSIONS.filter((v) => v.base !== '/docs')) {
      expect(optional).toContain(`(https://jestjs.io${version.base}/llms.txt)`);
      const index = readFileSync(path.join(dist, version.base.slice(1), 'llms.txt'), 'utf8');
      const listed = [...index.matchAll(/\]\(https:\/\/jestjs\.io(\/[^)]+\.md)\)/g)].map((m) => m[1]!);
      expect(listed.length, version.name).toBeGreaterThan(30);
      for (const twin of listed) expect(twin.startsWith(`${version.base}/`), twin).toBe(true);
      const full = readFileSync(path.join(dist, version.base.slice(1), 'llms-full.txt'), 'utf8');
      expect(full).toContain(readFileSync(path.join(dist, `${version.base.slice(1)}/cli.md`), 'utf8'));
      expect(full).not.toContain(readFileSync(path.join(dist, 'docs/cli.md'), 'utf8'));
    }
    expect(readFileSync(path.join(dist, 'llms-full.txt'), 'utf8')).toContain(
      readFileSync(path.join(dist, 'docs/cli.md'), 'utf8'),
    );
  });

  it('shows the dropdown to the same doc in each version, or that version’s first doc, and the banners', () => {
    const dropdown = (route: string) =>
      Object.fromEntries(
        page(dist, route)
          .querySelectorAll('.dg-version-dropdown__link')
          .map((a) => [a.getAttribute('data-version'), a.getAttribute('href')]),
      );
    expect(dropdown('/docs/30.0/upgrading-to-jest30')).toEqual({
      current: '/docs/next/upgrading-to-jest30',
      '30.4': '/docs/upgrading-to-jest30',
      '30.0': '/docs/30.0/upgrading-to-jest30',
      '29.7': '/docs/29.7/getting-started',
    });
    expect(page(dist, '/docs/29.7/getting-started').querySelector('.dg-version-dropdown__toggle')!.text).toBe('29.7');
    for (const version of VERSIONS) {
      const banner = page(dist, `${version.base}/cli`).querySelector('.dg-version-banner');
      if (!version.banner) expect(banner, version.name).toBeNull();
      else {
        expect(banner!.text).toContain(
          version.banner === 'unreleased'
            ? 'This is unreleased documentation for Jest Next version.'
            : `This is documentation for Jest ${version.name}, which is no longer actively maintained.`,
        );
        expect(banner!.querySelector('a')!.getAttribute('href')).toBe('/docs/cli');
      }
    }
  });

  it('writes a search index per version that does not grow with the number of versions, and one of all', () => {
    const shell = JSON.parse(readFileSync(path.join(dist, 'site.json'), 'utf8')) as SiteShell;
    const items = shell.versions!.items;
    expect(items.map((v) => [v.name, v.label, v.banner, v.last])).toEqual([
      ['current', 'Next', 'unreleased', false],
      ['30.4', '30.4', 'none', true],
      ['30.0', '30.0', 'unmaintained', false],
      ['29.7', '29.7', 'unmaintained', false],
    ]);
    expect(shell.searchManifest).toBe(items[1]!.searchManifest);
    const manifest = (url: string) =>
      JSON.parse(readFileSync(path.join(dist, url), 'utf8')) as { documentCount: number };
    const all = manifest(shell.versions!.searchAll!).documentCount;
    const each = items.map((v) => manifest(v.searchManifest!).documentCount);
    for (const count of each) expect(count).toBeLessThan(all / 3);
    expect(buildOutput).toMatch(/version 29\.7: \d+ documents/);
  });
});

describe('docgen version <name>', () => {
  const site = path.join(temp, 'starter');

  beforeAll(() => {
    expect(runDocgen(['init', site], temp).status).toBe(0);
  });

  it('snapshots the docs and sidebars as Docusaurus does, refuses an existing or unusable name, and builds both versions', () => {
    // An image beside the docs, linked relatively: each version serves its own copy.
    const intro = path.join(site, 'content/docs/getting-started/introduction.md');
    writeFileSync(
      path.join(site, 'content/docs/getting-started/shot.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><title>1.0</title></svg>',
    );
    writeFileSync(intro, readFileSync(intro, 'utf8') + '\n![Screenshot](./shot.svg)\n');
    const first = runDocgen(['version', '1.0'], site);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(site, 'versions.json'), 'utf8'))).toEqual(['1.0']);
    const sidebars = JSON.parse(
      readFileSync(path.join(site, 'versioned_sidebars/version-1.0-sidebars.json'), 'utf8'),
    ) as Record<string, unknown[]>;
    expect(JSON.stringify(sidebars.docs)).toContain('"getting-started/introduction"');
    expect(existsSync(path.join(site, 'versioned_docs/version-1.0/getting-started/introduction.md'))).toBe(true);

    const again = runDocgen(['version', '1.0'], site);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("[VersionExists] Version '1.0' already exists (in versions.json).");
    expect(runDocgen(['version', 'a/b'], site).stderr).toContain(
      '[ConfigInvalid] The version name "a/b" contains a character',
    );
    expect(JSON.parse(readFileSync(path.join(site, 'versions.json'), 'utf8'))).toEqual(['1.0']);

    writeFileSync(intro, readFileSync(intro, 'utf8') + '\nThis sentence is new in the next version.\n');
    writeFileSync(
      path.join(site, 'content/docs/getting-started/shot.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><title>next</title></svg>',
    );
    const built = runDocgen(['build'], site);
    expect(built.status, built.stderr).toBe(0);
    const text = (route: string) => page(path.join(site, 'dist'), route).querySelector('main')!.text;
    expect(text('/docs/next/getting-started/introduction')).toContain('This sentence is new in the next version.');
    expect(text('/docs/getting-started/introduction')).not.toContain('This sentence is new in the next version.');
    const dist = path.join(site, 'dist');
    expect(
      page(dist, '/docs/getting-started/introduction').querySelector('.dg-markdown img')!.getAttribute('src'),
    ).toBe('/docs/getting-started/shot.svg');
    expect(
      page(dist, '/docs/next/getting-started/introduction').querySelector('.dg-markdown img')!.getAttribute('src'),
    ).toBe('/docs/next/getting-started/shot.svg');
    expect(readFileSync(path.join(dist, 'docs/getting-started/shot.svg'), 'utf8')).toContain('<title>1.0</title>');
    expect(readFileSync(path.join(dist, 'docs/next/getting-started/shot.svg'), 'utf8')).toContain(
      '<title>next</title>',
    );
    // The navbar's docs item opens the sidebar of the page's version (Docusaurus' doc items): current on /next/, the
    // last version on its own pages.
    expect(
      page(path.join(site, 'dist'), '/docs/next/getting-started/introduction')
        .querySelector('.dg-navbar__link--active')
        ?.getAttribute('href'),
    ).toBe('/docs/next/getting-started/introduction');
    expect(
      page(path.join(site, 'dist'), '/docs/getting-started/introduction')
        .querySelector('.dg-navbar__link--active')
        ?.getAttribute('href'),
    ).toBe('/docs/getting-started/introduction');
  });

  it('takes lastVersion, label, path, banner and noIndex from config docs', () => {
    const config = path.join(site, 'site.config.ts');
    const text = readFileSync(config, 'utf8')
      .replace(
        'export default defineConfig({',
        "export default defineConfig({\n  docs: { lastVersion: 'current', versions: { current: { label: 'Latest' }, '1.0': { label: 'v1', path: 'v1', noIndex: true } } },",
      )
      .replace('items: [', "items: [\n        { type: 'docsVersionDropdown', position: 'right' },");
    writeFileSync(config, text);
    const built = runDocgen(['build'], site);
    expect(built.status, built.stderr).toBe(0);
    const dist = path.join(site, 'dist');
    const old = page(dist, '/docs/v1/getting-started/introduction');
    expect(old.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(old.querySelector('.dg-version-banner')!.text).toContain(
      'This is documentation for vs v1'.replace('vs', path.basename(site)),
    );
    expect(page(dist, '/docs/getting-started/introduction').querySelector('meta[name=robots]')).toBeNull();
    expect(page(dist, '/docs/getting-started/introduction').querySelector('.dg-version-dropdown__toggle')!.text).toBe(
      'Latest',
    );
    const sitemap = readFileSync(path.join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/docs/getting-started/introduction</loc>');
    expect(sitemap).not.toContain('/docs/v1/');
  });

  it('reports a bad versions.json and a version without its folder at the file', () => {
    writeFileSync(path.join(site, 'versions.json'), '["1.0", "2.0"]');
    const missing = runDocgen(['build'], site);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      "[VersionNotFound] Version '2.0' is listed in versions.json but its docs folder versioned_docs/version-2.0 does not exist.",
    );
    writeFileSync(path.join(site, 'versions.json'), '{"1.0": true}');
    expect(runDocgen(['build'], site).stderr).toContain(
      '[ConfigInvalid] versions.json must be an array of distinct version names',
    );
  });
});

describe('docgen dev on a versioned site', () => {
  it('serves every version and shows an edit to a versioned doc', async () => {
    const site = path.join(temp, 'dev');
    expect(runDocgen(['init', site], temp).status).toBe(0);
    expect(runDocgen(['version', '1.0'], site).status).toBe(0);
    const server = await startDev(site);
    try {
      const get = async (route: string) => (await fetch(server.url + route)).text();
      expect(await get('/docs/next/getting-started/introduction')).toContain('This is unreleased documentation for');
      const file = path.join(site, 'versioned_docs/version-1.0/getting-started/introduction.md');
      writeFileSync(file, readFileSync(file, 'utf8') + '\nA sentence added to version 1.0.\n');
      await expect
        .poll(() => get('/docs/getting-started/introduction'), { timeout: 15_000, interval: 300 })
        .toContain('A sentence added to version 1.0.');
    } finally {
      await server.close();
    }
  }, 40_000);
});
