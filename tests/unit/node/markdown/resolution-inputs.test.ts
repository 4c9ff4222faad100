/**
 * The files an import's resolution depends on (resolution-inputs.ts): the package.json of the packages a bundle
 * used, and where Node's lookup would find an import that failed, from esbuild's real error.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { failedLookupFiles, lookupFilesOf, packageFilesOf } from '../../../../src/node/markdown/resolution-inputs.js';
import { removeDir, writeTree } from '../../../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-resolution-inputs-'));
afterAll(() => removeDir(temp));

describe('packageFilesOf', () => {
  it('names each package folder once, scoped and nested ones included, and skips files outside node_modules', () => {
    expect(
      packageFilesOf([
        '/site/src/components/Tag.jsx',
        '/site/node_modules/clsx/dist/clsx.js',
        '/site/node_modules/clsx/package.json',
        '/site/node_modules/@docsearch/react/dist/esm/index.js',
        '/site/node_modules/a/node_modules/b/index.js',
        '/site/node_modules/.pnpm/x@1.0.0/node_modules/x/lib/x.js',
      ]),
    ).toEqual([
      '/site/node_modules/.pnpm/x@1.0.0/node_modules/x/package.json',
      '/site/node_modules/@docsearch/react/package.json',
      '/site/node_modules/a/node_modules/b/package.json',
      '/site/node_modules/clsx/package.json',
    ]);
  });
});

describe('lookupFilesOf', () => {
  it("lists a package's folder in every node_modules from the importer up", () => {
    const files = lookupFilesOf('@tippyjs/react/headless', '/site/src/components');
    expect(files.slice(0, 3)).toEqual([
      '/site/src/components/node_modules/@tippyjs/react/package.json',
      '/site/src/node_modules/@tippyjs/react/package.json',
      '/site/node_modules/@tippyjs/react/package.json',
    ]);
    expect(files.at(-1)).toBe('/node_modules/@tippyjs/react/package.json');
    expect(lookupFilesOf('outdent', '/site/node_modules/a')).not.toContain(
      '/site/node_modules/a/node_modules/node_modules/outdent/package.json',
    );
  });

  it('tries the extensions and indexes of a relative path, and nothing for URLs and built-ins', () => {
    const files = lookupFilesOf('./generated/Installation', '/site/docs');
    expect(files).toContain('/site/docs/generated/Installation.tsx');
    expect(files).toContain('/site/docs/generated/Installation/index.js');
    expect(lookupFilesOf('node:fs', '/site')).toEqual([]);
    expect(lookupFilesOf('https://esm.sh/react', '/site')).toEqual([]);
  });
});

describe('failedLookupFiles', () => {
  it("reads esbuild's unresolved imports at their importers, the entry's from the working folder", async () => {
    const site = writeTree(path.join(temp, 'site'), {
      'src/components/Tag.jsx': "import cx from 'tiny-classnames';\nexport default () => cx('tag');\n",
    });
    const error = await build({
      stdin: {
        contents: "import 'pluralize-lite';\nimport './src/components/Tag.jsx';\n",
        resolveDir: site,
        loader: 'js',
      },
      bundle: true,
      write: false,
      logLevel: 'silent',
      absWorkingDir: site,
    }).catch((failure: unknown) => failure);
    const files = failedLookupFiles(error, site);
    expect(files).toContain(path.join(site, 'node_modules/pluralize-lite/package.json'));
    expect(files).toContain(path.join(site, 'src/components/node_modules/tiny-classnames/package.json'));
    expect(files).toContain(path.join(site, 'node_modules/tiny-classnames/package.json'));
    expect(failedLookupFiles(new Error('Could not resolve "x"'), site)).toEqual([]);
  });
});
