/**
 * A Docusaurus site whose own component imports an npm package (tailcallhq/tailcallhq.github.io's components import
 * lucide-react, graphiql, react-on-screen…): migrate adds the packages its components import to the new
 * package.json with the versions the site listed (React and Docusaurus' modules left out), and an `.npmrc` with
 * `legacy-peer-deps`, since such packages often name React 18 as a peer, which `npm install` refuses beside
 * docgen's React 19. Once installed, a CommonJS package that requires React renders in the page: the theme's server
 * module gives bundled CommonJS code a `require` (esbuild's ES module output has none).
 * A package a page imports itself (a blog post's `import { ImgComparisonSlider } from '@img-comparison-slider/react'`,
 * jellyfin.org) is added as well. The new package.json keeps the site's `type` (here none), so a Babel-compiled
 * CommonJS package (`exports.__esModule`, `exports.default`, as `@mdi/react` ships) gives its default import
 * `exports.default`, as webpack does for Docusaurus.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-component-packages-'));
afterAll(() => removeDir(temp));

describe("migrate docusaurus: the packages the site's components import", () => {
  it('are added to package.json, and once installed a CommonJS one that requires React renders', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'package.json': JSON.stringify({
        dependencies: {
          '@docusaurus/core': '^3.5.0',
          react: '^18.0.0',
          'cjs-badge': '^1.2.0',
          'unused-package': '^4.0.0',
          'babel-icon': '^7.0.0',
        },
        devDependencies: { 'date-words': '~2.0.1', 'shout-case': '^0.8.0' },
      }),
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Packages', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: { routeBasePath: '/' } }]],",
        '};',
        '',
      ].join('\n'),
      'src/components/Badge.tsx': [
        "import React from 'react';",
        "import Link from '@docusaurus/Link';",
        "import badge from 'cjs-badge';",
        "import { words } from 'date-words/lib/words';",
        "import Icon from 'babel-icon';",
        'export default function Badge({ label }: { label: string }) {',
        '  return <Link to="/"><Icon />{badge(label)}{words}</Link>;',
        '}',
        '',
      ].join('\n'),
      'docs/index.mdx': [
        '---',
        'slug: /',
        '---',
        '# Home',
        '',
        "import Badge from '@site/src/components/Badge';",
        "import { shout } from 'shout-case';",
        '',
        '<Badge label="new" />',
        '',
        '<p>{shout("hello")}</p>',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies).toMatchObject({
      'babel-icon': '^7.0.0',
      'cjs-badge': '^1.2.0',
      'date-words': '~2.0.1',
      'shout-case': '^0.8.0',
    });
    expect(pkg).not.toHaveProperty('type');
    expect(Object.keys(pkg.dependencies)).not.toContain('react');
    expect(Object.keys(pkg.dependencies)).not.toContain('unused-package');
    expect(readFileSync(path.join(out, '.npmrc'), 'utf8')).toContain('legacy-peer-deps=true');
    expect(readFileSync(path.join(out, 'MIGRATION.md'), 'utf8')).toContain(
      "package.json  the site's pages and components import 4 package(s) (babel-icon, cjs-badge, date-words, shout-case)",
    );
    // What `npm install` brings: a CommonJS package that requires React, and an ES module one.
    writeTree(path.join(out, 'node_modules'), {
      'cjs-badge/package.json': JSON.stringify({ name: 'cjs-badge', version: '1.2.3', main: 'index.js' }),
      'cjs-badge/index.js': [
        "const React = require('react');",
        "module.exports = (label) => React.createElement('span', { className: 'cjs-badge' }, 'badge: ' + label);",
        '',
      ].join('\n'),
      'date-words/package.json': JSON.stringify({ name: 'date-words', version: '2.0.1', type: 'module' }),
      'date-words/lib/words.js': "export const words = ' (today)';\n",
      'babel-icon/package.json': JSON.stringify({ name: 'babel-icon', version: '7.1.0', main: 'index.js' }),
      'babel-icon/index.js': [
        "'use strict';",
        "Object.defineProperty(exports, '__esModule', { value: true });",
        "const React = require('react');",
        "exports.default = function Icon() { return React.createElement('i', { className: 'babel-icon' }, '*'); };",
        '',
      ].join('\n'),
      'shout-case/package.json': JSON.stringify({ name: 'shout-case', version: '0.8.1', main: 'index.js' }),
      'shout-case/index.js': 'exports.shout = (text) => text.toUpperCase();\n',
    });
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stderr).not.toMatch(/TemplateRenderFailed|Dynamic require/);
    const html = readFileSync(path.join(out, 'dist/index.html'), 'utf8');
    expect(html).toContain('<i class="babel-icon">*</i><span class="cjs-badge">badge: new</span> (today)');
    expect(html).toContain('<p>HELLO</p>');
  });
});
