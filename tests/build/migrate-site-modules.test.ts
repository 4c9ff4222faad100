/**
 * A Docusaurus site's components may import the site's own files outside `src/` (ikaros-dev/docs'
 * src/pages/versions.tsx imports `../../versionsArchived.json`, as Docusaurus' own versions page does): migrate copies
 * them beside the copied `src/`, so the page renders instead of showing nothing.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-site-modules-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: files outside src/ that the site components import', () => {
  it('copies them, so a custom page reading versionsArchived.json and @site/data renders', () => {
    const site = path.join(temp, 'source');
    writeTree(site, {
      'docusaurus.config.js':
        "module.exports = { title: 'Archive', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: {}, blog: false }]] };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'versionsArchived.json': '{ "0.5": "https://old.example.com/0.5/", "0.4": "https://old.example.com/0.4/" }\n',
      'data/owner.js': "module.exports = { owner: 'ikaros-dev' };\n",
      'src/pages/versions.jsx': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        "import VersionsArchived from '../../versionsArchived.json';",
        "import { owner } from '@site/data/owner';",
        'export default function Versions() {',
        '  return (',
        '    <Layout>',
        '      <h1>Versions of {owner}</h1>',
        '      <ul>{Object.entries(VersionsArchived).map(([name, url]) => <li key={name}><a href={url}>{name}</a></li>)}</ul>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'site');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toContain('TemplateRenderFailed');
    const html = readFileSync(path.join(out, 'dist/versions.html'), 'utf8');
    expect(html).toContain('Versions of ikaros-dev');
    expect(html).toContain('<a href="https://old.example.com/0.4/">0.4</a>');
    expect(readFileSync(path.join(out, 'package.json'), 'utf8')).toContain('docgen'); // migrate's own, kept
  });

  it('reads JSX in the .js files of the site, as Docusaurus compiles them with Babel', () => {
    // tanomimaster/tanomimaster-doc's website/src/components/HomepageFeatures.js (the classic template of 2021).
    const site = path.join(temp, 'js-jsx');
    writeTree(site, {
      'docusaurus.config.js':
        "module.exports = { title: 'JSX', url: 'https://example.com', baseUrl: '/', presets: [['classic', { docs: {}, blog: false }]] };\n",
      'docs/intro.md': '# Intro\n\nHello.\n',
      'src/components/HomepageFeatures.js': [
        "import React from 'react';",
        "const FeatureList = [{ title: '簡単に使える' }, { title: 'API 連携' }];",
        'export default function HomepageFeatures() {',
        '  return <section>{FeatureList.map((f) => <h3 key={f.title}>{f.title}</h3>)}</section>;',
        '}',
        '',
      ].join('\n'),
      'src/pages/index.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        "import HomepageFeatures from '../components/HomepageFeatures';",
        'export default function Home() {',
        '  return <Layout><main><HomepageFeatures /></main></Layout>;',
        '}',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'js-jsx-site');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toContain('TemplateRenderFailed');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect([...html.matchAll(/<h3 id="[^"]+">([^<]+)</g)].map((match) => match[1])).toEqual([
      '簡単に使える',
      'API 連携',
    ]);
  });
});
