/**
 * The try-it console sends the reader's token only to the servers the OpenAPI document declares:
 * a path such as `//evil.example/x` or `/\evil.example/x` stays a path of the server, a variable host takes only
 * the values the document enumerates, and the CSP lists exact origins, never a wildcard.
 */
import { describe, expect, it } from 'vitest';
import { allowedOrigins, expandServerUrls, tryItRequestUrl } from '../../../src/shared/try-it-url.js';

const page = 'https://docs.example.org/api/zone';
const zone = { url: 'https://{host}:8080/v1', variables: [{ name: 'host', default: 'localhost', enum: [] }] };
const regions = {
  url: 'https://{region}.api.example.com',
  variables: [{ name: 'region', default: 'eu', enum: ['eu', 'us'] }],
};

describe('try-it destinations', () => {
  it('expands enumerated variables, and takes only the default of others', () => {
    expect(expandServerUrls(regions)).toEqual(['https://eu.api.example.com', 'https://us.api.example.com']);
    expect(allowedOrigins([zone, regions])).toEqual([
      'https://eu.api.example.com',
      'https://localhost:8080',
      'https://us.api.example.com',
    ]);
    expect(allowedOrigins([{ url: 'https://{host}', variables: [{ name: 'host', default: '*', enum: [] }] }])).toEqual(
      [],
    ); // never a wildcard
    expect(allowedOrigins([{ url: '/v1', variables: [] }])).toEqual([]); // relative: the site itself ('self')
    expect(allowedOrigins([{ url: '/v1', variables: [] }], page)).toEqual(['https://docs.example.org']);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/..//evil.example/x',
    '/%2F%2Fevil.example',
  ])('keeps the path %s on the declared server', (path) => {
    const request = tryItRequestUrl({
      server: 'https://localhost:8080/v1',
      path,
      query: 'a=1',
      allowed: allowedOrigins([zone]),
      base: page,
    });
    expect('url' in request && new URL(request.url).origin).toBe('https://localhost:8080');
  });

  it('refuses a server the reader typed that the document does not declare, and a non-http URL', () => {
    expect(
      tryItRequestUrl({
        server: 'https://evil.example',
        path: '/rrsets',
        query: '',
        allowed: allowedOrigins([zone]),
        base: page,
      }),
    ).toEqual({ refused: 'foreign', origin: 'https://evil.example' });
    expect(tryItRequestUrl({ server: 'javascript:alert(1)', path: '/x', query: '', allowed: [], base: page })).toEqual({
      refused: 'invalid',
    });
    expect(
      tryItRequestUrl({
        server: 'https://us.api.example.com',
        path: '/pets',
        query: 'limit=2',
        allowed: allowedOrigins([regions]),
        base: page,
      }),
    ).toEqual({ url: 'https://us.api.example.com/pets?limit=2' });
  });
});
