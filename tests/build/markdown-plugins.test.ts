/**
 * The site's own remark and rehype plugins (`markdown.remarkPlugins` / `rehypePlugins`), run
 * after docgen's, in worker threads as on the main thread, part of the page cache key, and in `docgen dev`.
 * The fixture uses the real remark-math + rehype-katex and a local plugin with options.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;
const page = (file = 'docs/math.html') => readFileSync(path.join(dir, 'dist', file), 'utf8');
/** A page's main content, without the asset URLs and data hashes that differ between builds. */
const mainOf = (html: string) => parse(html).querySelector('main')!.innerHTML;

function build(args: string[] = [], env: Record<string, string> = {}) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const result = runDocgen(['build', ...args], dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return result;
  } finally {
    process.env = saved;
  }
}

beforeAll(() => {
  dir = copyFixture('plugins', { linkNodeModules: true });
});
afterAll(() => removeDir(dir));

describe('Markdown plugins from site.config.ts', () => {
  it('runs remark-math and rehype-katex, and a local plugin with its options, on the main thread', () => {
    build(['--force'], { DOCGEN_THREADS: '0' });
    const doc = parse(page());
    expect(doc.querySelectorAll('main .katex').length).toBe(2);
    expect(doc.querySelector('main .katex-display')).not.toBeNull();
    expect(doc.querySelector('main .katex-display annotation')!.text).toContain('\\int_0^1 x^2');
    // The local plugin ran after docgen's own: its replacement is in the text, the word it replaced is gone.
    expect(doc.querySelector('main p')!.text).toContain('in Tsunagi.');
    expect(page()).not.toContain('PRODUCT');
    // docgen's own plugins still ran (heading ids), before the site's.
    expect(doc.querySelector('main h2#section')).not.toBeNull();
  });

  it('gives the same pages when worker threads compile them (they load the config themselves)', () => {
    build(['--force'], { DOCGEN_THREADS: '0' });
    const local = [mainOf(page()), mainOf(page('index.html'))];
    const result = build(['--force'], { DOCGEN_THREADS: '2' });
    expect(result.stdout).toContain('with 2 worker threads');
    expect([mainOf(page()), mainOf(page('index.html'))]).toEqual(local);
  });

  it('compiles pages again when a plugin option changes (the options are part of the cache key)', () => {
    build();
    const config = path.join(dir, 'site.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("to: 'Tsunagi'", "to: 'Kakehashi'"));
    const result = build([], { DOCGEN_THREADS: '2' });
    expect(result.stdout).not.toContain('nothing changed');
    expect(parse(page()).querySelector('main p')!.text).toContain('in Kakehashi.');
    expect(page('index.html')).toContain('Kakehashi');
  });

  it('rejects a plugin entry that is not a function, naming its key path', () => {
    const config = path.join(dir, 'site.config.ts');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, before.replace('rehypePlugins: [rehypeKatex]', "rehypePlugins: ['rehype-katex']"));
    try {
      const result = runDocgen(['build'], dir);
      expect(result.status).toBe(1);
      expect(result.stderr + result.stdout).toMatch(/ConfigInvalid[\s\S]*markdown\.rehypePlugins\[0\]/);
    } finally {
      writeFileSync(config, before);
    }
  });

  it('runs the plugins in docgen dev', async () => {
    const dev = await startDev(dir);
    try {
      const html = await (await fetch(`${dev.url}/docs/math`)).text();
      expect(parse(html).querySelectorAll('main .katex').length).toBe(2);
    } finally {
      await dev.close();
    }
  });
});
