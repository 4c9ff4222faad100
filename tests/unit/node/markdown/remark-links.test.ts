/**
 * remark-links: absolute file-path links (`/guide/setup.md`), which Docusaurus resolves with `path.join(contentDir,
 * link)` (utils/src/markdownLinks.ts), so a doubled or dotted segment (`/platforms//android//limits.md`, as a
 * vrchat-community/creator-docs page writes) names the same file.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICIES } from '../../../../src/node/markdown/context.js';
import { compileMarkdown, createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';

const processor = createMarkdownProcessor();

async function compileAt(source: string) {
  return compileMarkdown({
    processor,
    source,
    frontMatter: {},
    ctx: {
      file: '/site/content/platforms/android/setup.md',
      relPath: 'platforms/android/setup.md',
      route: '/platforms/android/setup',
      routeByRelPath: new Map([
        ['platforms/android/setup.md', '/platforms/android/setup'],
        ['platforms/android/limits.md', '/platforms/android/limits'],
      ]),
      staticFiles: new Set(),
      href: (p) => p,
      policies: DEFAULT_POLICIES,
    },
  });
}

describe('remark-links: absolute file paths', () => {
  it('read a doubled slash or a dot segment as path.join does, so the link names the page', async () => {
    for (const url of [
      '/platforms//android//limits.md',
      '/platforms/./android/limits.md#size',
      '/platforms/x/../android/limits.md',
    ]) {
      const page = await compileAt(`See [the limits](${url}).\n`);
      expect(page.errors, url).toEqual([]);
      expect(
        page.links.map((link) => link.route),
        url,
      ).toEqual(['/platforms/android/limits']);
    }
  });
  it('still report a file path that names no page', async () => {
    const page = await compileAt('See [the limits](/platforms//android//missing.md).\n');
    expect(page.errors.map((error) => error.code)).toEqual(['DeadLink']);
  });
});
