/**
 * What a Docusaurus site's own components reach in the reader's browser, read from their code: kysely-org/kysely's
 * home page fetches its star and download counts from api.github.com and api.npmjs.org, and its examples frame
 * play.kysely.dev. Docusaurus sets no CSP; docgen's blocked all three (counters stuck at 0, the playground a blocked
 * frame). migrate allows exactly those literal origins in `csp['connect-src']` and `csp['frame-src']`, and says so.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-component-origins-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: origins the components fetch from and frame', () => {
  it('are in the site policy, and nothing else is', () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'site'),
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
    const out = path.join(temp, 'out');
    const { report } = migrateAndBuild('docusaurus', site, out);
    expect(report).toContain('https://api.github.com');
    const policy = /Content-Security-Policy: (.+)/.exec(readFileSync(path.join(out, 'dist/_headers'), 'utf8'))![1]!;
    expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/api\.github\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/play\.kysely\.dev/);
    expect(policy).not.toMatch(/\*/);
  });
});
