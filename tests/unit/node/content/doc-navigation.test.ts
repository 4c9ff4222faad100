import { describe, expect, it } from 'vitest';
import type { FrontMatter } from '../../../../src/node/content/front-matter.js';
import { createDocNavigation } from '../../../../src/node/content/doc-navigation.js';
import type { Sidebar } from '../../../../src/shared/types.js';

const page = (relPath: string, title: string, frontMatter: FrontMatter = {}) => ({
  route: '/' + relPath.replace(/\.md$/, ''),
  title,
  sidebar: 'docs',
  page: { file: `/site/content/${relPath}`, relPath, source: '', frontMatter },
});

const sidebar: Sidebar = {
  id: 'docs',
  label: 'Docs',
  entry: '/base/docs/a',
  items: [
    { type: 'link', label: 'A', href: '/base/docs/a' },
    {
      type: 'category',
      label: 'Group',
      href: '/base/docs/g',
      collapsed: true,
      items: [{ type: 'link', label: 'B', href: '/base/docs/g/b' }],
    },
    { type: 'link', label: 'External', href: 'https://example.com' },
  ],
};

function build(
  pages: ReturnType<typeof page>[],
  options: { editUrl?: string; dates?: Map<string, string> | null } = {},
) {
  return createDocNavigation({
    pages,
    sidebars: { docs: sidebar },
    href: (route) => '/base' + route,
    editUrl: options.editUrl,
    root: '/site',
    contentPath: '/site/content',
    dates: options.dates ?? null,
  });
}

describe('createDocNavigation', () => {
  it('orders a category page before its items, skips external links, and builds the breadcrumb trail', () => {
    const { navigation, errors } = build(
      [page('docs/a.md', 'A'), page('docs/g.md', 'Group'), page('docs/g/b.md', 'B')],
      { editUrl: 'https://git.example/edit/main' },
    );
    expect(errors).toEqual([]);
    const b = navigation.get('/docs/g/b')!;
    expect(b.prev).toEqual({ href: '/base/docs/g', label: 'Group' });
    expect(b.next).toBeNull();
    expect(b.breadcrumbs).toEqual([
      { label: 'Docs', href: '/base/docs/a' },
      { label: 'Group', href: '/base/docs/g' },
      { label: 'B', href: null },
    ]);
    expect(b.editUrl).toBe('https://git.example/edit/main/content/docs/g/b.md');
    expect(navigation.get('/docs/a')!.breadcrumbs[0]).toEqual({ label: 'Docs', href: null }); // the entry itself
  });

  it('reports a pagination_prev naming no page as a DeadLink with a suggestion, and ignores dates when the option is off', () => {
    const { navigation, errors } = build([
      page('docs/a.md', 'A', { pagination_prev: 'docs/g/bb', last_update: { date: '2024-01-01' } }),
      page('docs/g/b.md', 'B'),
    ]);
    expect(errors.map((e) => [e.code, e.file])).toEqual([['DeadLink', '/site/content/docs/a.md']]);
    expect(errors[0]!.message).toContain("Did you mean 'docs/g/b'?");
    expect(navigation.get('/docs/a')!.prev).toBeNull();
    expect(navigation.get('/docs/a')!.lastUpdated).toBeNull();
    expect(
      build([page('docs/a.md', 'A', { last_update: { date: '2024-01-01' } })], { dates: new Map() }).navigation.get(
        '/docs/a',
      )!.lastUpdated,
    ).toBe('2024-01-01');
  });
});
