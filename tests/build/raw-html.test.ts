/**
 * Raw HTML in CommonMark pages: `docgen build` of tests/fixtures/sites/raw-html keeps what the
 * allow-list allows (with Markdown inside `<details>` still Markdown), drops the rest with a warning at its
 * file:line, fails under `onDroppedHtml: 'throw'` and says nothing under 'ignore'; `docgen dev` serves the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
let build: ReturnType<typeof runDocgen>;
const content = (file: string) =>
  parse(readFileSync(path.join(dir, 'dist', file), 'utf8')).querySelector('.dg-markdown')!;

beforeAll(() => {
  dir = copyFixture('raw-html');
  build = runDocgen(['build'], dir);
});
afterAll(() => removeDir(dir));

/** The fixture again, with `onDroppedHtml` set to `policy`, built with --json. */
function buildWithPolicy(policy: 'throw' | 'ignore') {
  const other = copyFixture('raw-html');
  const config = path.join(other, 'site.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("onDroppedHtml: 'warn'", `onDroppedHtml: '${policy}'`));
  try {
    const result = runDocgen(['build', '--json'], other);
    return {
      ...result,
      json: JSON.parse(result.stdout) as {
        errors: { code: string; file: string; line: number }[];
        warnings: { code: string; file: string; line: number }[];
      },
    };
  } finally {
    removeDir(other);
  }
}

describe('raw HTML the allow-list keeps', () => {
  it('builds', () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    expect(build.stderr).not.toContain('content/docs/html.md');
  });

  it('renders <br>, <kbd>, <code> inline', () => {
    expect(content('docs/html.html').querySelector('p')!.innerHTML).toBe(
      'Line one<br>line two, press <kbd>Ctrl</kbd> + <kbd>C</kbd>, run <code>npm ci</code>.',
    );
  });

  it('renders <details>/<summary> with the Markdown inside it', () => {
    const details = content('docs/html.html').querySelector('details')!;
    expect(details.querySelector('summary')!.innerHTML).toBe('Show the <em>details</em>');
    expect(details.querySelector('p strong')!.text).toBe('bold');
    expect(details.querySelector('a')!.getAttribute('href')).toBe('#anchor-target');
    expect(details.querySelectorAll('ul li').map((li) => li.text)).toEqual(['one', 'two']);
  });

  it('keeps links, images in figures, video with its track, and an iframe from a listed origin', () => {
    const page = content('docs/html.html');
    expect(page.querySelector('a[title="Example"]')!.getAttribute('href')).toBe('https://example.com/docs');
    const figure = page.querySelector('figure')!;
    expect(figure.querySelector('img')!.attributes).toEqual({
      src: '/img/diagram.png',
      alt: 'A diagram',
      width: '320',
    });
    expect(figure.querySelector('figcaption')!.text).toBe("The diagram's caption");
    const video = page.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/demo.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.querySelector('track')!.getAttribute('kind')).toBe('captions');
    expect(page.querySelector('iframe')!.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    // ...which the CSP lets load, and nothing else
    expect(readFileSync(path.join(dir, 'dist/_headers'), 'utf8')).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com;",
    );
  });

  it("keeps an author's heading id, in the TOC, as the target of #anchor links; docgen's admonition beside it is untouched", () => {
    const page = content('docs/html.html');
    expect(page.querySelector('h2#anchor-target')!.text).toBe("An author's heading");
    const html = readFileSync(path.join(dir, 'dist/docs/html.html'), 'utf8');
    expect(parse(html).querySelector('.dg-toc a')!.getAttribute('href')).toBe('#anchor-target');
    expect(page.querySelector('.dg-admonition--note')!.getAttribute('role')).toBe('note');
    expect(html).not.toContain('data-dg-trusted');
  });
});

describe('raw HTML the allow-list drops', () => {
  it('drops script, handlers, javascript: URLs and unlisted iframes, keeping the text around them', () => {
    const page = content('docs/dropped.html');
    expect(page.innerHTML).not.toMatch(/script|onerror|javascript:|evil\.example|<font/);
    expect(page.text).toContain('kept text after.');
    expect(page.querySelector('img')!.attributes).toEqual({ src: 'x' });
  });

  it('warns once per element, naming file:line:column', () => {
    const warnings = build.stderr.match(/^\[DroppedHtml\] warning: .*\n\s+content\/docs\/dropped\.md:\d+:\d+$/gm) ?? [];
    expect(warnings.map((w) => /:(\d+:\d+)$/.exec(w)![1])).toEqual(['8:1', '10:4', '10:59', '12:1', '14:1']);
    expect(build.stderr).toContain('onerror="window.__dropped = 1" on <img>');
    expect(build.stderr).toContain('<font> (its content is kept)');
    expect(build.stderr).toMatch(/5 warnings/);
  });

  it("fails the build under onDroppedHtml: 'throw', with every drop as an error", () => {
    const result = buildWithPolicy('throw');
    expect(result.status).toBe(1);
    expect(result.json.errors.map((e) => [e.code, e.file, e.line])).toEqual(
      [8, 10, 10, 12, 14].map((line) => ['DroppedHtml', 'content/docs/dropped.md', line]),
    );
  });

  it("says nothing under onDroppedHtml: 'ignore'", () => {
    const result = buildWithPolicy('ignore');
    expect(result.status).toBe(0);
    expect(result.json).toMatchObject({ errors: [], warnings: [] });
    expect(result.stderr).toBe('');
  });
});

describe('raw HTML and the page cache', () => {
  it('compiles a page again when the iframe origins change, though the page did not', () => {
    const other = copyFixture('raw-html');
    const config = path.join(other, 'site.config.ts');
    const original = readFileSync(config, 'utf8');
    const iframes = () =>
      parse(readFileSync(path.join(other, 'dist/docs/html.html'), 'utf8')).querySelectorAll('.dg-markdown iframe')
        .length;
    try {
      // 'ignore': the page has no diagnostic, so its compiled form is cached
      writeFileSync(
        config,
        original
          .replace("onDroppedHtml: 'warn'", "onDroppedHtml: 'ignore'")
          .replace("iframeOrigins: ['https://www.youtube-nocookie.com']", 'iframeOrigins: []'),
      );
      expect(runDocgen(['build'], other).status).toBe(0);
      expect(iframes()).toBe(0);
      writeFileSync(config, original.replace("onDroppedHtml: 'warn'", "onDroppedHtml: 'ignore'"));
      expect(runDocgen(['build'], other).status).toBe(0);
      expect(iframes()).toBe(1);
    } finally {
      removeDir(other);
    }
  });
});

describe('raw HTML under docgen dev', () => {
  it('serves the content the build wrote, and prints the warnings of the page it compiles', async () => {
    const dev = await startDev(dir);
    try {
      for (const route of ['docs/html', 'docs/dropped']) {
        const served = parse(await (await fetch(`${dev.url}/${route}`)).text()).querySelector(
          '.dg-markdown',
        )!.innerHTML;
        expect(served, route).toBe(content(`${route}.html`).innerHTML);
      }
      await expect
        .poll(() => dev.output())
        .toMatch(/onerror="window.__dropped = 1" on <img>[\s\S]*content\/docs\/dropped\.md:10:4/);
    } finally {
      await dev.close();
    }
  });
});
