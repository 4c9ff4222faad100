/**
 * A migrated Docusaurus site's own components in the reader's browser, as kysely-org/kysely's are:
 * - an island (a component that needs the browser: bundle/islands.ts) rendering `@theme/Tabs`, as kysely's
 *   Playground does: its chunk bundles docgen's Tabs shim, which uses more of React (`Children`, `isValidElement`)
 *   than the client's own React bindings (src/client/react.ts) export; the client bundle failed (ClientBundleFailed:
 *   No matching export for import "Children"), and with it the whole build;
 * - what components reach, read from their code: kysely's home page fetches its star and download counts from
 *   api.github.com and api.npmjs.org, and its examples frame play.kysely.dev. Docusaurus sets no CSP; docgen's
 *   blocked all three. migrate allows exactly those literal origins in `csp['connect-src']` and `csp['frame-src']`,
 *   and says so.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-components-in-browser-'));
afterAll(() => removeDir(temp));

describe('an island that renders @theme/Tabs', () => {
  it('bundles, renders its tabs at build time, and ships its chunk', () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'tabs'),
      {
        'src/components/Switcher.tsx': [
          "import { useState } from 'react';",
          "import Tabs from '@theme/Tabs';",
          "import TabItem from '@theme/TabItem';",
          'export default function Switcher() {',
          '  const [count, setCount] = useState(0);',
          '  return (',
          '    <div>',
          '      <button onClick={() => setCount(count + 1)}>Clicked {count}</button>',
          '      <Tabs>',
          '        <TabItem value="npm" label="npm">npm install kysely</TabItem>',
          '        <TabItem value="pnpm" label="pnpm">pnpm add kysely</TabItem>',
          '      </Tabs>',
          '    </div>',
          '  );',
          '}',
          '',
        ].join('\n'),
        'docs/index.mdx': [
          '---',
          'slug: /',
          '---',
          "import Switcher from '@site/src/components/Switcher';",
          '',
          '# Install',
          '',
          '<Switcher />',
          '',
        ].join('\n'),
      },
      { title: 'Tabs' },
    );
    const out = path.join(temp, 'tabs-out');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toContain('ClientBundleFailed');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Clicked <!-- -->0');
    expect(html).toContain('npm install kysely');
    expect(html).toContain('pnpm add kysely');
    expect(html).toContain('<dg-island data-component="Switcher"');
  });
});

describe('migrate docusaurus: origins the components fetch from and frame', () => {
  it('are in the site policy, and nothing else is', () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'origins'),
      {
        'src/components/Stars.tsx': [
          "import { useEffect, useState } from 'react';",
          'const src = (query: string) => `https://play.kysely.dev/?q=${query}`;',
          'export default function Stars({ query }: { query: string }) {',
          '  const [stars, setStars] = useState(0);',
          '  useEffect(() => {',
          "    fetch('https://api.github.com/repos/kysely-org/kysely').then((r) => r.json()).then((d) => setStars(d.stargazers_count));",
          '  }, []);',
          '  return <div><span>{stars} stars</span><iframe src={src(query)} title="playground" /></div>;',
          '}',
          '',
        ].join('\n'),
        'docs/index.mdx': [
          '---',
          'slug: /',
          '---',
          "import Stars from '@site/src/components/Stars';",
          '',
          '# Home',
          '',
          '<Stars query="select" />',
          '',
        ].join('\n'),
      },
      { title: 'Origins' },
    );
    const out = path.join(temp, 'origins-out');
    const { report } = migrateAndBuild('docusaurus', site, out);
    expect(report).toContain('https://api.github.com');
    const policy = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(out, 'dist/_headers'), 'utf8'))![1]!;
    expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/api\.github\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/play\.kysely\.dev/);
    expect(policy).not.toMatch(/\*/);
  });
});
