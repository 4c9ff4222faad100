/**
 * DNS-rebinding protection for `docgen dev` and `docgen serve`, like Vite's `server.allowedHosts`: a page on
 * another site can point its own domain name at 127.0.0.1 and then read a loopback server as same-origin, but its
 * requests still carry that domain in `Host`. A server bound to a loopback address therefore answers only
 * requests naming a loopback host (or a host the user allowed); one bound to another address is meant to be
 * reached by other names and checks nothing.
 */

/** Host names every loopback server accepts, in the form `hostnameOf` returns. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * True for an address or name that always means this machine: `localhost`, 127.0.0.0/8, `::1` and its
 * IPv4-mapped forms (RFC 6761 §6.3 for `localhost`, RFC 1122 §3.2.1.3 for 127/8, RFC 4291 §2.5.3 for ::1).
 * @param host a bind address or host name, IPv6 with or without brackets
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(name)
  );
}

/**
 * The host name of a `Host` header value, without port, brackets or a trailing dot, lower-cased.
 * @param header e.g. 'LocalHost:3000', '[::1]:4173', 'example.com.'
 * @returns 'localhost', '::1', 'example.com'; null when the value is not a host (empty, spaces, bad brackets)
 */
export function hostnameOf(header: string): string | null {
  const value = header.trim().toLowerCase();
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s/@]+))(?::\d*)?$/.exec(value);
  if (!match) return null;
  return (match[1] ?? match[2]!).replace(/\.$/, '');
}

/**
 * Creates the check for one server.
 * @param options.host the address the server is bound to (`--host`)
 * @param options.allowedHosts extra accepted host names (`--allowed-hosts`); a leading dot (`.example.com`)
 *   also accepts every subdomain, as Vite's `server.allowedHosts` does
 * @returns a predicate over the request's `Host` header: true when the request may be answered. A request
 *   without `Host` passes (browsers always send one, so it cannot come from a rebinding page)
 */
export function createHostCheck(options: {
  host: string;
  allowedHosts?: readonly string[];
}): (hostHeader: string | undefined) => boolean {
  if (!isLoopback(options.host)) return () => true;
  const exact = new Set([...LOOPBACK_NAMES, options.host.toLowerCase().replace(/^\[|\]$/g, '')]);
  const suffixes: string[] = [];
  for (const entry of options.allowedHosts ?? []) {
    const name = entry
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (name.startsWith('.')) suffixes.push(name);
    else if (name) exact.add(name);
  }
  return (hostHeader) => {
    if (hostHeader === undefined) return true;
    const name = hostnameOf(hostHeader);
    if (name === null) return false;
    return exact.has(name) || suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix));
  };
}
