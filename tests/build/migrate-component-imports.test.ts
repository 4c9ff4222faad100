/**
 * A Docusaurus site's components import further files of the site by relative path (kysely-org/kysely's site:
 * docs/getting-started.mdx imports `./getting-started/Installation`, which imports `./shared` and
 * `./IUseADifferentDialect`; its examples import `../../../src/components/Playground`, which imports
 * `./Playground.module.css` and `./playground-example-types`; its home page shows `v{packageJson.version}` from
 * `../../package.json`). migrate carries every file a carried component imports, transitively, so each component
 * renders; a relative import naming no file is in MIGRATION.md at its file:line, and the build's warning names the
 * import that failed; the new package.json keeps the site's name, version, description and license.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-component-imports-'));
afterAll(() => removeDir(temp));

describe('migrate docusaurus: the files the site components import', () => {
  it('are carried with them, so components in docs/ and src/ render, and package.json keeps its version', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'package.json': JSON.stringify({
        name: 'query-site',
        version: '1.2.3',
        description: 'The site of a query builder',
        license: 'MIT',
        private: true,
        scripts: { start: 'docusaurus start', build: 'docusaurus build', 'generate-snippets': 'node gen.js' },
        dependencies: { '@docusaurus/core': '^3.10.0', react: '^18.3.1' },
      }),
      'docusaurus.config.js': [
        'module.exports = {',
        "  title: 'Query', url: 'https://example.com', baseUrl: '/',",
        "  presets: [['classic', { docs: {}, blog: false }]],",
        '};',
        '',
      ].join('\n'),
      'docs/getting-started.mdx': [
        '# Getting started',
        '',
        "import { Installation } from './getting-started/Installation'",
        "import { Summary } from './getting-started/Summary'",
        '',
        '<Installation />',
        '',
        '<Summary />',
        '',
      ].join('\n'),
      'docs/getting-started/Installation.tsx': [
        "import { PACKAGE_MANAGERS, useDialect } from './shared';",
        "import IUseADifferentDialect from './IUseADifferentDialect';",
        'export function Installation() {',
        '  return <div><p>Install with {PACKAGE_MANAGERS.join(" or ")} for {useDialect()}.</p><IUseADifferentDialect /></div>;',
        '}',
        '',
      ].join('\n'),
      // As kysely's shared.tsx, it reads the query through @docusaurus/router's useLocation.
      'docs/getting-started/shared.tsx': [
        "import { useLocation } from '@docusaurus/router';",
        "export const PACKAGE_MANAGERS = ['npm', 'pnpm'];",
        "export function useDialect() { return new URLSearchParams(useLocation().search).get('dialect') ?? 'postgresql'; }",
        '',
      ].join('\n'),
      'docs/getting-started/IUseADifferentDialect.tsx':
        'export default function IUseADifferentDialect() {\n  return <p>Another dialect?</p>;\n}\n',
      'docs/getting-started/Summary.tsx': [
        "import { SNIPPETS } from './snippets.generated';",
        'export function Summary() {',
        '  return <p>{SNIPPETS.length} snippets</p>;',
        '}',
        '',
      ].join('\n'),
      'docs/examples/select/simple.mdx': [
        '# A simple select',
        '',
        "import { Playground } from '../../../src/components/Playground'",
        '',
        '<Playground code="db.selectFrom(\'person\')" />',
        '',
      ].join('\n'),
      'src/components/Playground.tsx': [
        "import styles from './Playground.module.css';",
        "import { exampleTitle } from './playground-example-types';",
        'export function Playground({ code }: { code: string }) {',
        '  return <div className={styles.playground}>{exampleTitle(code)}</div>;',
        '}',
        '',
      ].join('\n'),
      'src/components/Playground.module.css': '.playground { border: 1px solid #ccc; }\n',
      'src/components/playground-example-types.ts':
        'export const exampleTitle = (code: string): string => `Example: ${code}`;\n',
      'src/pages/index.tsx': [
        "import Layout from '@theme/Layout';",
        "import packageJson from '../../package.json';",
        'export default function Home() {',
        '  return <Layout><h1>Query</h1><p className="version">v{packageJson.version}</p></Layout>;',
        '}',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const { report, output } = migrateAndBuild('docusaurus', site, out);

    // A component beside the pages, and the sibling modules it imports (a named and a default export).
    const start = readFileSync(path.join(out, 'dist/docs/getting-started.html'), 'utf8');
    expect(start).toContain('Install with npm or pnpm for postgresql.');
    expect(start).toContain('<p>Another dialect?</p>');
    // A component of src/ named by a relative path from a docs subfolder, with its CSS module and a sibling module.
    const example = readFileSync(path.join(out, 'dist/docs/examples/select/simple.html'), 'utf8');
    expect(example).toMatch(/<div class="[^"]*playground[^"]*">Example: db\.selectFrom\(&#x27;person&#x27;\)<\/div>/);
    // The page now imports src/'s copy: no second copy of the component in content/, where it would be published.
    expect(existsSync(path.join(out, 'content/src'))).toBe(false);

    // The import that names no file: in the report at its file:line, and the build's warning names it.
    expect(report).toMatch(
      /docs\/getting-started\/Summary\.tsx:1 {2}import '\.\/snippets\.generated' names no file of the site/,
    );
    expect(output).toContain('snippets.generated');
    expect(output).not.toContain('it is not a component');
    expect(output.match(/TemplateRenderFailed/g)).toHaveLength(1);

    // The home page reads the site's package.json, which keeps the site's own fields beside docgen's scripts.
    expect(readFileSync(path.join(out, 'dist/index.html'), 'utf8')).toContain('<p class="version">v1.2.3</p>');
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: 'query-site',
      version: '1.2.3',
      description: 'The site of a query builder',
      license: 'MIT',
      private: true,
      scripts: { build: 'docgen build' },
    });
    expect(pkg.dependencies).not.toHaveProperty('@docusaurus/core');
    expect(report).toMatch(/package\.json.*'generate-snippets'/);
    // The modules the docs' component imports were carried, so the report does not call them left out.
    expect(report).not.toMatch(/shared\.tsx|IUseADifferentDialect/);
  });
});
