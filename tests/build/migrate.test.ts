import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserConfig } from '../../src/node/config/schema.js';
import { removeDir, repoRoot, runDocgen } from '../helpers/site.js';

// Five real documentation sets (tests/fixtures/real-docs/*/SOURCE.md) go through
// `docgen migrate` and then `docgen build` with no hand edits. The build tests are `it.fails` while the constructs
// listed in /work/briefs/migrate-findings.md are not all on main yet: each turns red once its set builds, and should
// then become a plain `it` (`builds: true`). All five build and show every page's text.
const REAL = path.join(repoRoot, 'tests/fixtures/real-docs');
const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-'));
afterAll(() => removeDir(temp));

interface RealSet {
  name: string;
  tool: 'docusaurus' | 'vitepress';
  /** The site folder migrate reads, relative to the set. */
  site: string;
  /** The docs folder, relative to the set, and where its pages land below content/. */
  docs: string;
  contentDocs: string;
  locale: string;
  title: string;
  /** Sidebar id -> its entry route. */
  sidebars: Record<string, string>;
  /** Report lines (file:line  text) that must be present. */
  reported: string[];
  /** Texts the report must not hold. */
  notReported?: string[];
  /** markdown.iframeOrigins the migration must list (the origins of the pages' iframes). */
  iframeOrigins?: string[];
  /** csp['img-src'] the migration must list (the origins of the pages' external images). */
  imageOrigins?: string[];
  /** Whether the set builds on main today (see the file comment). */
  builds: boolean;
  /** The social card (themeConfig.image) every built page names, absolute. */
  socialCard?: string;
  /** A tagged doc (front matter `tags`), its tag's page and how many docs that page lists. */
  tagged?: { doc: string; tagPage: string; docs: number };
  /** A page with a VitePress snippet import (`<<<`) and a line of the code it imports. */
  snippet?: { page: string; code: string };
}

const SETS: RealSet[] = [
  {
    name: 'survival-typescript',
    tool: 'docusaurus',
    site: '.',
    docs: 'docs',
    contentDocs: '',
    locale: 'ja',
    imageOrigins: ['https://contrib.rocks', 'https://placekitten.com'],
    tagged: { doc: 'reference/tsconfig/strict.html', tagPage: '/tags/strict', docs: 9 },
    title: 'TypeScript入門『サバイバルTypeScript』',
    sidebars: { tutorialSidebar: '/' },
    reported: [
      'docusaurus.config.js:48  preset docusaurus-preset-shiki-twoslash is not carried over',
      'pages export code (the first at content/license.md:15)',
      'package.json:22  Docusaurus 2.4.1: its pages were MDX 1',
    ],
    iframeOrigins: ['https://ghbtns.com'],
    builds: true,
  },
  {
    name: 'pnpm',
    tool: 'docusaurus',
    site: '.',
    docs: 'docs',
    contentDocs: '',
    locale: 'en',
    imageOrigins: ['https://img.shields.io'],
    title: 'pnpm',
    sidebars: { docs: '/motivation' },
    reported: [
      "docusaurus.config.ts:129  navbar item 'Registry (pnpr)' opens sidebar 'pnpr'",
      "docs/settings.md:6  import '@site/src/components/SettingsAnchorRedirect' names no file of the new site",
    ],
    iframeOrigins: ['https://www.youtube-nocookie.com'],
    builds: true,
  },
  {
    name: 'jest',
    tool: 'docusaurus',
    site: 'website',
    docs: 'docs',
    contentDocs: 'docs',
    locale: 'en',
    title: 'Jest',
    sidebars: { docs: '/docs/getting-started' },
    reported: [
      "package.json  the site's pages and components import 1 package(s) (react-lite-youtube-embed)",
      "locale 'ja' left out: the site has no i18n/ja/ folder",
    ],
    builds: true,
    socialCard: 'https://jestjs.io/img/opengraph.png',
  },
  {
    name: 'typescript-eslint',
    tool: 'docusaurus',
    site: 'packages/website',
    docs: 'docs',
    contentDocs: '',
    locale: 'en',
    imageOrigins: ['https://img.shields.io'],
    title: 'typescript-eslint',
    sidebars: { docs: '/getting-started/', rulesSidebar: '/rules/' },
    reported: [
      "docs option 'beforeDefaultRemarkPlugins' (docs plugin 'rules-docs'): ./plugins/generated-rule-docs not carried over",
      'plugin @docusaurus/plugin-pwa is not carried over',
    ],
    builds: true,
  },
  {
    name: 'vite',
    tool: 'vitepress',
    site: 'docs',
    docs: 'docs',
    contentDocs: '',
    locale: 'en',
    title: 'Vite (local)',
    sidebars: { guide: '/guide/', config: '/config/' },
    reported: [
      'config/dep-optimization-options.md:7  Vue component <NonInheritBadge>',
      ".vitepress/config.ts:106  'locales': the other locales' pages and sidebars are carried over",
    ],
    // VitePress' own <Badge> and snippet imports (<<<) are docgen's too: not reported.
    notReported: ['<Badge>', 'snippet import', '<VPTeamMembers>'],
    // The team page's <VPTeamMembers :members="core" /> renders the members' avatars (docs/_data/team.js).
    imageOrigins: ['https://github.com', 'https://i.imgur.com', 'https://www.github.com'],
    snippet: { page: 'guide/static-deploy.html', code: 'name: Deploy static content to Pages' },
    builds: true,
  },
];

/** The object literal of a migrated site.config.ts (migrate writes it as JSON inside defineConfig). */
function readConfig(out: string): UserConfig {
  const text = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
  return JSON.parse(
    text.slice(text.indexOf('defineConfig(') + 'defineConfig('.length, text.lastIndexOf(')')),
  ) as UserConfig;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        /\.mdx?$/.test(file) && !file.split(path.sep).some((part) => part.startsWith('_') || part.startsWith('.')),
    )
    .map((file) => file.split(path.sep).join('/'));
}

/**
 * Plain prose lines of a page (no Markdown, HTML, MDX or Vue syntax, outside code fences and front matter): text
 * the built page must show as it is.
 */
function proseLines(source: string): string[] {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/<!--[\s\S]*?-->/g, ''); // comments show nowhere
  const lines: string[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^[\p{L}][\p{L}\p{N} ,.'’、。]{24,}$/u.test(line.trim()) && !/[{}<>[\]`*_|#:]/.test(line))
      lines.push(line.trim());
  }
  return lines.slice(0, 3);
}

/** The visible text of every HTML page of a build, code blocks left out (they may show `import` and `:::`). */
function visibleText(dist: string): string {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const root = parse(readFileSync(path.join(dist, file), 'utf8'));
      for (const node of root.querySelectorAll('script, style, pre, code')) node.remove();
      return root.querySelector('main')?.text ?? '';
    })
    .join('\n')
    .replace(/\s+/g, ' ');
}

describe.each(SETS)('docgen migrate $tool: $name', (set) => {
  const source = path.join(REAL, set.name);
  const out = path.join(temp, set.name);

  it('writes site.config.ts, copies every page and reports what it left out with file:line', () => {
    const result = runDocgen(['migrate', set.tool, path.join(source, set.site), '--out', out], temp);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const config = readConfig(out);
    expect(config.title).toBe(set.title);
    expect(config.i18n?.defaultLocale).toBe(set.locale);
    expect(config.buildDate).toBe(new Date().toISOString().slice(0, 10));
    expect(config.onBrokenLinks).toBeDefined();
    // The old site's components are not carried over: their children show, each use is a warning.
    expect((config as { onUnknownComponent?: string }).onUnknownComponent).toBe('warn');
    expect(config.markdown?.iframeOrigins ?? []).toEqual(set.iframeOrigins ?? []);
    expect((config as { csp?: Record<string, string[]> }).csp?.['img-src'] ?? []).toEqual(set.imageOrigins ?? []);
    expect(
      Object.fromEntries(
        Object.entries(config.sidebars ?? {})
          .filter(([id]) => id in set.sidebars)
          .map(([id, sidebar]) => [id, sidebar.entry]),
      ),
    ).toEqual(set.sidebars);
    const docsRoot = set.tool === 'vitepress' ? path.join(source, set.site) : path.join(source, set.docs);
    for (const page of markdownFiles(docsRoot)) {
      expect(existsSync(path.join(out, 'content', set.contentDocs, page)), page).toBe(true);
    }
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).scripts).toEqual({
      dev: 'docgen dev',
      build: 'docgen build',
      serve: 'docgen serve',
    });
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    for (const line of set.reported) expect(report).toContain(line);
    for (const text of set.notReported ?? []) expect(report).not.toContain(text);
    expect(result.stdout).toContain(set.reported[0]);
  });

  const buildTest = set.builds ? it : it.fails;
  buildTest(
    "builds with no hand edits: every page's text is shown, nothing Docusaurus renders is printed literally",
    () => {
      // Warnings are allowed (links into the old site's blog, dropped HTML attributes...): the issue reports them per set.
      const result = runDocgen(['build'], out, 300_000);
      expect(result.status, `${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`).toBe(0);
      // Every external image the pages show is allowed by the CSP the migration wrote.
      expect(result.stdout + result.stderr).not.toContain('BlockedMedia');
      const text = visibleText(path.join(out, 'dist'));
      const docsRoot = set.tool === 'vitepress' ? path.join(source, set.site) : path.join(source, set.docs);
      const missing = markdownFiles(docsRoot).flatMap((page) =>
        proseLines(readFileSync(path.join(docsRoot, page), 'utf8'))
          .filter((line) => !text.includes(line.replace(/\s+/g, ' ')))
          .map((line) => `${page}: ${line}`),
      );
      expect(missing).toEqual([]);
      expect(text).not.toMatch(/(^|\s):::/);
      expect(text).not.toMatch(/\bimport \w+ from ['"]/);
      expect(text).not.toContain('<Tabs');
      expect(text).not.toContain('<TabItem');
      expect(text).not.toContain('{/*');
      if (set.tagged) {
        const doc = parse(readFileSync(path.join(out, 'dist', set.tagged.doc), 'utf8'));
        expect(doc.querySelectorAll('.dg-doc-tags a').map((a) => a.getAttribute('href'))).toEqual([set.tagged.tagPage]);
        expect(doc.querySelector('.dg-doc-tags__label')!.text).toBe('タグ:');
        const tagPage = parse(readFileSync(path.join(out, 'dist', `${set.tagged.tagPage}.html`), 'utf8'));
        expect(tagPage.querySelectorAll('main li a').filter((a) => !a.closest('.dg-page-menu'))).toHaveLength(
          set.tagged.docs,
        );
        expect(tagPage.querySelector('main h1')!.text).toContain('strict');
      }
      if (set.snippet) {
        const page = parse(readFileSync(path.join(out, 'dist', set.snippet.page), 'utf8'), { blockTextElements: {} });
        expect(page.querySelector('main')!.text).not.toContain('<<<');
        expect(
          page
            .querySelectorAll('main li pre code')
            .map((code) => code.text)
            .find((code) => code.includes(set.snippet!.code)),
        ).toMatch(/^# Simple workflow/);
      }
      if (set.socialCard) {
        const head = parse(readFileSync(path.join(out, 'dist/docs/getting-started.html'), 'utf8'));
        expect(head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(set.socialCard);
        expect(head.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
      }
    },
  );
});

describe('docgen migrate refuses', () => {
  it('a folder that is no Docusaurus site (exit 1, MigrateSourceNotFound)', () => {
    const result = runDocgen(
      ['migrate', 'docusaurus', path.join(REAL, 'vite'), '--out', path.join(temp, 'none')],
      temp,
    );
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('MigrateSourceNotFound');
    expect(existsSync(path.join(temp, 'none'))).toBe(false);
  });

  it('an output folder that is not empty', () => {
    const result = runDocgen(
      ['migrate', 'docusaurus', path.join(REAL, 'pnpm'), '--out', path.join(REAL, 'pnpm')],
      temp,
    );
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain('TargetNotEmpty');
  });
});
