/**
 * A Docusaurus 3 site whose preset has `blog: false` and whose blog is a plugin module of the site's own
 * (`['./plugins/blog-plugin', { blogTitle, postsPerPage, … }]`) that imports `@docusaurus/plugin-content-blog` and
 * returns its instance with an extended `contentLoaded` (featured posts, categories): the blog is still
 * plugin-content-blog with those options, publishing `blog/` at /blog. After migrate, the posts are pages, the
 * options reach site.config.ts (its remark plugins the site's, as the docs' are), a doc's link to a post resolves with onBrokenLinks 'throw', and MIGRATION.md does not
 * call the plugin one docgen does not run.
 */
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runDocgen, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-migrate-blog-plugin-wrapper-'));
afterAll(() => removeDir(temp));

const WRAPPER = `const blogPluginExports = require('@docusaurus/plugin-content-blog');

const defaultBlogPlugin = blogPluginExports.default;

async function blogPluginExtended(...pluginArgs) {
  const blogPluginInstance = await defaultBlogPlugin(...pluginArgs);
  return {
    ...blogPluginInstance,
    async contentLoaded(data) {
      const featured = data.content.blogPosts.filter((post) => post.metadata.frontMatter.featured);
      data.actions.setGlobalData({ featured });
      return blogPluginInstance.contentLoaded(data);
    },
  };
}

module.exports = { ...blogPluginExports, default: blogPluginExtended };
`;

describe('migrate docusaurus: a blog published by a site plugin extending plugin-content-blog', () => {
  it('carries the blog with the plugin options', () => {
    const site = writeTree(path.join(temp, 'site'), {
      'package.json': JSON.stringify({ dependencies: { '@docusaurus/core': '^3.1.0' } }),
      'docusaurus.config.js': [
        "const math = require('remark-math');",
        'module.exports = {',
        "  title: 'Wrapped blog', url: 'https://example.com', baseUrl: '/', onBrokenLinks: 'throw',",
        "  presets: [['classic', { docs: { routeBasePath: 'docs' }, blog: false }]],",
        '  plugins: [',
        "    ['./plugins/blog-plugin', { blogTitle: 'Project blog', postsPerPage: 5, remarkPlugins: [math] }],",
        '  ],',
        '};',
        '',
      ].join('\n'),
      'plugins/blog-plugin.js': WRAPPER,
      'docs/intro.md': '# Intro\n\nRead [the release post](/blog/release-1).\n',
      'blog/2026-01-02-release-1/index.md': [
        '---',
        'slug: release-1',
        'title: Release 1',
        'featured: true',
        '---',
        '',
        'The first release of the project.',
        '',
        '<!-- truncate -->',
        '',
        'Everything it brings.',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'out');
    const migrate = runDocgen(['migrate', 'docusaurus', site, '--out', out], temp);
    expect(migrate.status, migrate.stdout + migrate.stderr).toBe(0);
    // remark-math and rehype-katex, which migrate added to package.json: docgen's own copies, as npm install gives.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const build = runDocgen(['build'], out);
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const report = readFileSync(path.join(out, 'MIGRATION.md'), 'utf8');
    expect(report).not.toContain('plugin ./plugins/blog-plugin is not carried over');
    // Its remark plugins are the site's (markdown-plugins.ts), as the docs' are.
    expect(report).not.toContain("blog option 'remarkPlugins'");
    const config = readFileSync(path.join(out, 'site.config.ts'), 'utf8');
    expect(config).toMatch(/"blog": \{/);
    expect(config).toMatch(/"title": "Project blog"/);
    expect(config).toMatch(/"postsPerPage": 5/);
    expect(config).toContain('remarkMath');
    const post = readFileSync(path.join(out, 'dist/blog/release-1.html'), 'utf8');
    expect(post).toContain('Everything it brings.');
    expect(existsSync(path.join(out, 'dist/blog.html')) || existsSync(path.join(out, 'dist/blog/index.html'))).toBe(
      true,
    );
  });
});
