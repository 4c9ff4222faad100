/**
 * Whether the site's Content-Security-Policy lets a page load an external URL (CSP Level 3 "Does url match source
 * list?", the part that applies to an absolute http(s) URL): `*`, scheme sources (`https:`), host sources with an
 * optional scheme, `*.` wildcard and port (`https://*.example.com:8443`; a path in the source is ignored, which only
 * makes this answer more permissive). Keywords (`'self'`, `'none'`, nonces, hashes) never match an external URL.
 */

/**
 * @param url an absolute URL (`https://img.shields.io/x.svg`)
 * @param sources the directive's sources as written in the policy (`['https://img.shields.io', 'data:']`)
 * @returns true when some source matches
 */
export function cspAllows(url: URL, sources: readonly string[]): boolean {
  return sources.some((source) => sourceMatches(url, source));
}

function sourceMatches(url: URL, source: string): boolean {
  if (source === '*') return url.protocol === 'http:' || url.protocol === 'https:';
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return schemeMatches(url.protocol, source.toLowerCase());
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[^/:]+)(?::(\d+|\*))?(?:\/.*)?$/i.exec(source);
  if (!match || source.startsWith("'")) return false;
  const [, scheme, host, port] = match;
  if (scheme ? !schemeMatches(url.protocol, scheme.toLowerCase() + ':') : !schemeMatches(url.protocol, 'https:'))
    return false;
  const hostname = url.hostname.toLowerCase();
  const pattern = host!.toLowerCase();
  if (pattern.startsWith('*.') ? !hostname.endsWith(pattern.slice(1)) : pattern !== '*' && hostname !== pattern)
    return false;
  if (port === '*') return true;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return (port ?? defaultPort) === (url.port || defaultPort);
}

/** A source's scheme allows the URL's, with CSP's upgrades (http: allows https:). */
function schemeMatches(protocol: string, scheme: string): boolean {
  return protocol === scheme || (scheme === 'http:' && protocol === 'https:');
}
