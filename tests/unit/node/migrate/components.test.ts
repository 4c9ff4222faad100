/**
 * The rules migrate/components.ts applies to a Docusaurus site's imports: every import form of a page is found
 * (a move into content/ breaks any relative one), and the packages that pages and components import are the ones
 * the new package.json lists.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageOf } from '../../../../src/node/migrate/component-imports.js';
import { componentDependencies, importsOf } from '../../../../src/node/migrate/components.js';
import { writeTree } from '../../../helpers/site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-components-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importsOf', () => {
  it('finds default, named, namespace and side-effect imports with their lines; types and code blocks left out', () => {
    const page = [
      '# Donations',
      "import { donations, type Donation } from '../../../src/data/donations';",
      "import Chart, { series as rows } from './chart';",
      "import * as icons from '@site/src/icons';",
      "import './table.css';",
      "import type { Props } from './types';",
      '```js',
      "import { hidden } from './in-a-code-block';",
      '```',
      "import Tabs from '@theme/Tabs';",
    ].join('\n');
    expect(importsOf(page)).toEqual([
      { names: ['donations'], from: '../../../src/data/donations', line: 2 },
      { names: ['Chart', 'rows'], from: './chart', line: 3 },
      { names: ['icons'], from: '@site/src/icons', line: 4 },
      { names: [], from: './table.css', line: 5 },
      { names: ['Tabs'], from: '@theme/Tabs', line: 10 },
    ]);
  });
});

describe('packageOf', () => {
  it('names the package of a bare request, and none for site code, built-ins and what docgen provides', () => {
    expect(packageOf('@img-comparison-slider/react')).toBe('@img-comparison-slider/react');
    expect(packageOf('@mdi/js/commonjs/mdi')).toBe('@mdi/js');
    expect(packageOf('outdent')).toBe('outdent');
    expect(packageOf('!!raw-loader!prismjs/themes/x.css')).toBe('prismjs');
    for (const request of ['./x', '../x', '/x', 'fs', 'node:path', 'react', '@docusaurus/Link', '@theme/Tabs'])
      expect(packageOf(request)).toBeNull();
  });
});

describe('componentDependencies', () => {
  it("lists what pages and components import that the site's package.json lists, with its version", () => {
    const site = writeTree(path.join(dir, 'site'), {
      'package.json': JSON.stringify({
        dependencies: { '@docusaurus/core': '3.9.0', react: '^18', '@img-comparison-slider/react': '^8.0.0' },
        devDependencies: { outdent: '^0.8.0', 'lucide-react': '^0.400.0', unused: '1.0.0' },
      }),
    });
    const out = writeTree(path.join(dir, 'out'), {
      'content/blog/post.mdx':
        "import { ImgComparisonSlider } from '@img-comparison-slider/react';\n\n<ImgComparisonSlider />\n",
      'content/docs/intro.mdx':
        "import { outdent } from 'outdent';\nimport fs from 'fs';\n\n```js\nimport x from 'unused';\n```\n",
      'src/components/Icon.tsx': "import { Rocket } from 'lucide-react';\nexport default Rocket;\n",
    });
    expect(componentDependencies(site, out)).toEqual({
      '@img-comparison-slider/react': '^8.0.0',
      'lucide-react': '^0.400.0',
      outdent: '^0.8.0',
    });
  });
});
