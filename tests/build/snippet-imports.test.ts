/**
 * A file a VitePress snippet import (`<<< path`) reads is a dependency of its page: editing it rebuilds the page in
 * a full build (the page cache key holds the file's content), in an incremental build (the pages importing a file
 * outside content/ are rebuilt alone) and under `docgen dev` (the watcher sees it, the page compiles again), and an
 * unchanged site is still "nothing changed". Real builds of the basic fixture through the CLI; the imported YAML is
 * Vite's (tests/fixtures/real-docs/vite/docs/guide/static-deploy-github-pages.yaml).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, repoRoot, runDocgen, startDev } from '../helpers/site.js';

const dir = copyFixture('basic');
afterAll(() => removeDir(dir));

const outside = path.join(dir, 'snippets/greet.ts'); // outside content/: not a static file of the site
const inside = path.join(dir, 'content/docs/guide/deploy.yaml'); // inside content/: also copied as a static file
mkdirSync(path.dirname(outside), { recursive: true });
writeFileSync(
  outside,
  ['export function greet() {', '  // #region body', "  return 'first';", '  // #endregion body', '}', ''].join('\n'),
);
copyFileSync(path.join(repoRoot, 'tests/fixtures/real-docs/vite/docs/guide/static-deploy-github-pages.yaml'), inside);
const intro = path.join(dir, 'content/docs/guide/intro.md');
writeFileSync(
  intro,
  `${readFileSync(intro, 'utf8')}\n## Snippets\n\n<<< ../../../snippets/greet.ts#body\n\n- The workflow:\n\n  <<< ./deploy.yaml#content [deploy.yml]\n`,
);

/** The code blocks' texts of a built page. */
function codeOf(file: string): string[] {
  return parse(readFileSync(path.join(dir, 'dist', file), 'utf8'), { blockTextElements: {} })
    .querySelectorAll('main pre code')
    .map((code) => code.text);
}

function build() {
  const result = runDocgen(['build'], dir);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return result.stdout;
}

describe('snippet imports in docgen build', () => {
  it('show the imported code', () => {
    build();
    const code = codeOf('docs/guide/intro.html');
    expect(code).toContain("return 'first';\n");
    expect(
      code.find((text) =>
        text.startsWith('# Simple workflow for deploying static content to GitHub Pages\nname: Deploy'),
      ),
    ).toBeDefined();
  });

  it('an unchanged site is up to date', () => {
    expect(build()).toContain('nothing changed since the last build');
  });

  it('an edit of an imported file outside content/ rebuilds the pages importing it, incrementally', () => {
    writeFileSync(outside, readFileSync(outside, 'utf8').replace("'first'", "'second'"));
    const out = build();
    expect(out).toMatch(/rebuilt 1 changed page of \d+ routes/);
    expect(codeOf('docs/guide/intro.html')).toContain("return 'second';\n");
    expect(build()).toContain('nothing changed since the last build');
  });

  it('an edit of an imported file inside content/ rebuilds the page in a full build (page cache key)', () => {
    writeFileSync(
      inside,
      readFileSync(inside, 'utf8').replace('name: Deploy static content to Pages', 'name: Deploy the docs'),
    );
    const out = build();
    expect(out).toContain('building every page');
    expect(codeOf('docs/guide/intro.html').some((text) => text.includes('name: Deploy the docs'))).toBe(true);
  });

  it('a full build from the page cache shows the edit of a file outside content/ too', () => {
    writeFileSync(outside, readFileSync(outside, 'utf8').replace("'second'", "'third'"));
    // A static file's edit builds every page, each from the page cache when its key is unchanged.
    const favicon = path.join(dir, 'content/favicon.svg');
    writeFileSync(favicon, readFileSync(favicon, 'utf8').replace('</svg>', '<!-- edited --></svg>'));
    const out = build();
    expect(out).toContain('building every page: content/favicon.svg changed');
    expect(codeOf('docs/guide/intro.html')).toContain("return 'third';\n");
  });

  it('a missing file is an error at the import line', () => {
    const text = readFileSync(intro, 'utf8');
    try {
      writeFileSync(intro, text.replace('./deploy.yaml#content', './nope.yaml'));
      const result = runDocgen(['build'], dir);
      expect(result.status).toBe(1);
      const lines = text.split('\n');
      const line = lines.findIndex((l) => l.includes('<<< ./deploy.yaml')) + 1;
      expect(result.stderr + result.stdout).toContain('[SnippetNotFound]');
      expect(result.stderr + result.stdout).toContain(`content/docs/guide/intro.md:${line}:3`);
    } finally {
      writeFileSync(intro, text);
    }
  });
});

describe('snippet imports in docgen dev', () => {
  it('an edit of an imported file outside content/ updates the page', async () => {
    writeFileSync(outside, readFileSync(outside, 'utf8').replace(/return '.*';/, "return 'before dev';"));
    const server = await startDev(dir);
    const page = () => fetch(`${server.url}/docs/guide/intro`).then((r) => r.text());
    try {
      expect(await page()).toContain('before dev');
      // The watcher adds a file once a compiled page imports it: an edit within the same moment would go unseen.
      await new Promise((resolve) => setTimeout(resolve, 500));
      writeFileSync(outside, readFileSync(outside, 'utf8').replace("'before dev'", "'from dev'"));
      let html = '';
      for (let i = 0; i < 100 && !html.includes('from dev'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        html = await page();
      }
      expect(html).toContain('from dev');
    } finally {
      await server.close();
    }
  });
});
