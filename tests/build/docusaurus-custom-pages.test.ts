/**
 * A Docusaurus site's custom pages (`src/pages/`, plugin-content-pages) migrated and built at the URLs the original
 * publishes them: a React home page (`src/pages/index.tsx`: `@theme/Layout`, `Link`, `useDocusaurusContext`,
 * `clsx`, a CSS module, the config's `customFields`) and a Markdown page (`src/pages/about.md`, importing a component beside the pages).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-custom-pages-'));
const site = path.join(temp, 'site');
const out = path.join(temp, 'out');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), text);
};
let migrated: ReturnType<typeof runDocgen>;
let built: ReturnType<typeof runDocgen>;

beforeAll(() => {
  write(
    'docusaurus.config.js',
    "export default { title: 'Pages Site', tagline: 'Tagged', url: 'https://example.com', baseUrl: '/', customFields: { users: [{ caption: 'Acme Corp' }, { caption: 'Globex' }] }, presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]] };\n",
  );
  write('sidebars.js', "export default { docs: ['intro'] };\n");
  write('docs/intro.md', '# Intro\n\nThe docs.\n');
  write('src/pages/styles.module.css', '.hero { padding: 2rem; }\n');
  write(
    'src/pages/index.tsx',
    `import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Layout title="Welcome home">
      <header className={clsx('hero', styles.hero)}>
        <p className="hero__subtitle">{siteConfig.tagline} of {siteConfig.title}</p>
        <ul>{siteConfig.customFields.users.map((user) => <li key={user.caption}>{user.caption}</li>)}</ul>
        <Link className="button" to="/docs/intro">Read the intro</Link>
      </header>
    </Layout>
  );
}
`,
  );
  write('src/pages/_Note.tsx', 'export default function Note() { return <strong>A note beside the pages</strong>; }\n');
  write(
    'src/pages/about.md',
    "---\ntitle: About us\n---\n\nimport Note from './_Note';\n\n# About us\n\nWho we are.\n\n<Note />\n",
  );
  migrated = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
  built = runDocgen(['build'], out, 300_000);
}, 320_000);
afterAll(() => removeDir(temp));

describe('docgen migrate docusaurus: custom pages', () => {
  it('migrates and builds', () => {
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(built.status, built.stdout + built.stderr).toBe(0);
  });

  it('publishes the React home page at / rendered by its component, with the site config values and its links', () => {
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Tagged of Pages Site');
    expect(html).toMatch(/<header class="hero styles_hero_[0-9a-f]{6}">/);
    expect(html).toMatch(/<a[^>]*href="\/docs\/intro"[^>]*>Read the intro<\/a>/);
    expect(html).toContain('Welcome home');
  });

  it("gives the page's useDocusaurusContext the config's customFields", () => {
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('<ul><li>Acme Corp</li><li>Globex</li></ul>');
  });

  it('builds a page again when the site values its components read change (customFields, title)', () => {
    const configFile = path.join(out, 'site.config.ts');
    const config = readFileSync(configFile, 'utf8');
    writeFileSync(
      configFile,
      config.replace('"Globex"', '"Initech"').replace('"title": "Pages Site"', '"title": "Renamed Site"'),
    );
    try {
      const rebuilt = runDocgen(['build'], out, 300_000);
      expect(rebuilt.status, rebuilt.stdout + rebuilt.stderr).toBe(0);
      const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
      expect(html).toContain('<ul><li>Acme Corp</li><li>Initech</li></ul>');
      expect(html).toContain('Tagged of Renamed Site');
    } finally {
      writeFileSync(configFile, config);
    }
  }, 320_000);

  it('publishes the Markdown page at /about with the component it imports from beside the pages', () => {
    const html = readFileSync(path.join(out, 'dist/about.html'), 'utf8');
    expect(html).toContain('Who we are.');
    expect(html).toContain('<strong>A note beside the pages</strong>');
  });
});
