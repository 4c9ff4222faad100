import { describe, expect, it } from 'vitest';
import { assignRoutes, routePathOf } from '../../../../src/node/content/routes.js';
import type { SourcePage } from '../../../../src/node/content/collect.js';

describe('routePathOf', () => {
  it.each([
    ['index.md', undefined, '/'],
    ['docs/devSpecification/SPN/hub.md', undefined, '/docs/devSpecification/SPN/hub'],
    ['docs/devDesign/apigateway/index.md', undefined, '/docs/devDesign/apigateway/'],
    ['docs/guide/README.md', undefined, '/docs/guide/'],
    ['docs/devDesign/index.md', '/docs/devDesign/index', '/docs/devDesign/index'],
    ['docs/a/b.md', 'c', '/docs/a/c'],
    ['docs/a/b.md', '../x', '/docs/x'],
    ['docs/ガイド/はじめ に.md', undefined, '/docs/ガイド/はじめ に'],
  ])('%s (slug %s) -> %s', (relPath, slug, expected) => {
    expect(routePathOf(relPath, slug)).toBe(expected);
  });
});

describe('assignRoutes', () => {
  const page = (relPath: string, slug?: string): SourcePage => ({
    file: `/site/content/${relPath}`,
    relPath,
    source: slug ? `---\nslug: ${slug}\n---\n` : '',
    frontMatter: slug ? { slug } : {},
  });

  it('reports a duplicate route with both files and the slug line', () => {
    const { routeOf, errors } = assignRoutes([page('docs/a.md'), page('docs/b.md', '/docs/a')], new Map());
    expect(routeOf.get('/site/content/docs/a.md')).toBe('/docs/a');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe('DuplicateRoute');
    expect(errors[0]!.message).toContain('docs/a.md');
    expect(errors[0]!.message).toContain('docs/b.md');
    expect(errors[0]!.line).toBe(2);
  });

  it('keeps the first page with a warning when onDuplicateRoutes is warn (Docusaurus builds such a site)', () => {
    const pages = [page('md/graphql/graphql.md'), page('md/graphql/index.md')];
    const { routeOf, errors } = assignRoutes(pages, new Map(), [], 'warn');
    expect(routeOf.get('/site/content/md/graphql/graphql.md')).toBe('/md/graphql/');
    expect(routeOf.has('/site/content/md/graphql/index.md')).toBe(false);
    expect(errors.map((error) => [error.code, error.severity, error.line])).toEqual([['DuplicateRoute', 'warning', 1]]);
    expect(errors[0]!.message).toContain('md/graphql/graphql.md is kept');
    expect(assignRoutes(pages, new Map(), [], 'ignore').errors).toEqual([]);
  });

  it('reports a page that claims an API route', () => {
    const { errors } = assignRoutes([page('api/zone.md')], new Map([['/api/zone', 'openapi/zone.yaml']]));
    expect(errors[0]!.code).toBe('DuplicateRoute');
    expect(errors[0]!.message).toContain('openapi/zone.yaml');
  });
});
