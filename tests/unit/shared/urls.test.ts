import { describe, expect, it } from 'vitest';
import {
  fragmentId,
  isExternalHref,
  resolveRoutePath,
  routeToFile,
  stripBase,
  withBase,
} from '../../../src/shared/urls.js';

const routes = new Set(['/', '/docs/devDesign/index', '/docs/devDesign/apigateway/', '/docs/a']);
const isRoute = (p: string) => routes.has(p);

describe('resolveRoutePath (spec §2: .html and /index.html stripped)', () => {
  it.each([
    ['/docs/a', '/docs/a'],
    ['/docs/a.html', '/docs/a'],
    ['/docs/a/', '/docs/a'],
    ['/docs/devDesign/apigateway/index.html', '/docs/devDesign/apigateway/'],
    ['/docs/devDesign/apigateway', '/docs/devDesign/apigateway/'],
    ['/docs/devDesign/index.html', '/docs/devDesign/index'],
    ['/index.html', '/'],
    ['/nope', null],
  ])('%s -> %s', (input, expected) => {
    expect(resolveRoutePath(input, isRoute)).toBe(expected);
  });
});

describe('routeToFile', () => {
  it('writes folder routes as index.html and others as .html', () => {
    expect(routeToFile('/')).toBe('index.html');
    expect(routeToFile('/docs/devDesign/apigateway/')).toBe('docs/devDesign/apigateway/index.html');
    expect(routeToFile('/docs/devDesign/index')).toBe('docs/devDesign/index.html');
    expect(routeToFile('/api/zone')).toBe('api/zone.html');
  });
});

describe('base URL', () => {
  it('adds and strips a base', () => {
    expect(withBase('/', '/docs/a')).toBe('/docs/a');
    expect(withBase('/site/', '/docs/a')).toBe('/site/docs/a');
    expect(withBase('/site/', 'https://x.example/')).toBe('https://x.example/');
    expect(stripBase('/site/', '/site/docs/a')).toBe('/docs/a');
    expect(stripBase('/site/', '/site')).toBe('/');
    expect(stripBase('/site/', '/other/docs/a')).toBeNull();
  });
  it('tells external hrefs', () => {
    expect(isExternalHref('https://github.com/x')).toBe(true);
    expect(isExternalHref('//cdn.example/x')).toBe(true);
    expect(isExternalHref('/docs/a')).toBe(false);
    expect(isExternalHref('./a.md')).toBe(false);
  });
});

describe('fragmentId', () => {
  it('decodes the id a fragment names, and takes a malformed escape as written', () => {
    expect(fragmentId('#%E6%A6%82%E8%A6%81')).toBe('概要');
    expect(fragmentId('#listPets')).toBe('listPets');
    expect(fragmentId('')).toBe('');
    expect(fragmentId('#%E0')).toBe('%E0');
  });
});
