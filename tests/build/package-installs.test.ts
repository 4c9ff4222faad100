/**
 * Warm builds see packages installed and removed (src/node/markdown/resolution-inputs.ts): a page of a site with
 * its own components imports a package, directly or through one of its components, as Docusaurus sites do
 * (`import pluralize from 'pluralize'` in a page, a component importing `clsx`). Without it the build warns that the
 * import failed; after `npm install` a plain `docgen build` (no --force) renders the page with it; after the package
 * is removed the warning comes back. Real builds of the site-components fixture through the CLI, with a cache
 * folder of their own.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { fixtureWithOwnCache, runDocgen, writeTree } from '../helpers/site.js';

const site = fixtureWithOwnCache('site-components');

const PAGE = [
  '---',
  'title: Counting',
  '---',
  '',
  "import pluralize from 'pluralize-lite';",
  "import Tag from '@site/src/components/Tag';",
  '',
  'We ship {pluralize(3, "plugin")} today.',
  '',
  '<Tag label="beta" />',
  '',
].join('\n');

const TAG = [
  "import cx from 'tiny-classnames';",
  '',
  'export default function Tag({ label }) {',
  "  return <span className={cx('tag', 'tag--' + label)}>{label}</span>;",
  '}',
  '',
].join('\n');

/** What `npm install <name>@<version>` leaves in the site: a package whose main module is `code`. */
function install(name: string, code: string, version = '1.0.0'): void {
  writeTree(path.join(site.dir(), 'node_modules', name), {
    'package.json': `${JSON.stringify({ name, version, main: 'index.js' })}\n`,
    'index.js': code,
  });
}

function build(): { output: string; main: ReturnType<typeof parse> } {
  const result = runDocgen(['build'], site.dir());
  expect(result.status, result.stdout + result.stderr).toBe(0);
  const html = readFileSync(path.join(site.dir(), 'dist/docs/counting.html'), 'utf8');
  return { output: result.stdout + result.stderr, main: parse(html).querySelector('.dg-markdown')! };
}

describe('docgen build after packages are installed or removed', () => {
  it('warns while they are missing, renders with them once installed, and warns again once removed', () => {
    writeFileSync(path.join(site.dir(), 'content/docs/counting.mdx'), PAGE);
    mkdirSync(path.join(site.dir(), 'src/components'), { recursive: true });
    writeFileSync(path.join(site.dir(), 'src/components/Tag.jsx'), TAG);

    const missing = build();
    expect(missing.output).toContain('Could not resolve "pluralize-lite"');
    expect(missing.output).toContain('Could not resolve "tiny-classnames"');
    expect(missing.main.text).not.toContain('3 plugins');

    install('pluralize-lite', 'module.exports = (n, word) => n + " " + word + (n === 1 ? "" : "s");\n');
    install('tiny-classnames', 'module.exports = (...names) => names.join(" ");\n');
    const installed = build();
    expect(installed.output).not.toContain('nothing changed');
    expect(installed.output).not.toContain('Could not resolve');
    expect(installed.main.text).toContain('We ship 3 plugins today.');
    expect(installed.main.querySelector('span.tag.tag--beta')?.text).toBe('beta');

    // An upgrade (a new version: npm rewrites the package's package.json) is seen too.
    install('pluralize-lite', 'module.exports = (n, word) => n + " " + word.toUpperCase() + "S";\n', '2.0.0');
    expect(build().main.text).toContain('We ship 3 PLUGINS today.');

    rmSync(path.join(site.dir(), 'node_modules/pluralize-lite'), { recursive: true });
    const removed = build();
    expect(removed.output).toContain('Could not resolve "pluralize-lite"');
    expect(removed.output).not.toContain('Could not resolve "tiny-classnames"');
    expect(removed.main.text).not.toContain('PLUGINS');
  });
});

/** The text of every script the build wrote under assets/ (the client bundle and the islands' chunks). */
function clientScripts(): string {
  const assets = path.join(site.dir(), 'dist/assets');
  return readdirSync(assets, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe("docgen build after an island's package is upgraded", () => {
  it('bundles the new version into the browser code, not the cached old one', () => {
    const counter = path.join(site.dir(), 'src/components/Counter.jsx');
    writeFileSync(
      counter,
      readFileSync(counter, 'utf8')
        .replace(
          "import React, { useState } from 'react';",
          "import React, { useState } from 'react';\nimport label from 'counter-label';",
        )
        .replace('{label}:', '{label(label)}:'),
    );
    install('counter-label', 'module.exports = (text) => text + " [label-v1]";\n');
    expect(build().output).not.toContain('Could not resolve "counter-label"');
    expect(clientScripts()).toContain('[label-v1]');
    install('counter-label', 'module.exports = (text) => text + " [label-v2]";\n', '2.0.0');
    build();
    expect(clientScripts()).toContain('[label-v2]');
    expect(clientScripts()).not.toContain('[label-v1]');
  });
});
