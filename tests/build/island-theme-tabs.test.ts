/**
 * A site component that needs the browser (an island: bundle/islands.ts) and renders Docusaurus' `@theme/Tabs`, as
 * kysely-org/kysely's Playground does: the island's chunk bundles docgen's Tabs shim, which uses more of React
 * (`Children`, `isValidElement`) than the client's own React bindings (src/client/react.ts) export. The client
 * bundle failed (ClientBundleFailed: No matching export for import "Children"), and with it the whole build.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeDocusaurusSite } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-island-tabs-'));
afterAll(() => removeDir(temp));

describe('an island that renders @theme/Tabs', () => {
  it('bundles, renders its tabs at build time, and ships its chunk', () => {
    const site = writeDocusaurusSite(
      path.join(temp, 'site'),
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
    const out = path.join(temp, 'out');
    const { output } = migrateAndBuild('docusaurus', site, out);
    expect(output).not.toContain('ClientBundleFailed');
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('Clicked <!-- -->0');
    expect(html).toContain('npm install kysely');
    expect(html).toContain('pnpm add kysely');
    expect(html).toContain('<dg-island data-component="Switcher"');
  });
});
