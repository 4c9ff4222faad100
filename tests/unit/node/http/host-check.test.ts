import { describe, expect, it } from 'vitest';
import { createHostCheck, hostnameOf, isLoopback } from '../../../../src/node/http/host-check.js';

describe('host check (DNS rebinding)', () => {
  it('on loopback accepts localhost, 127.0.0.1, [::1] and the bound host with any port', () => {
    const allowed = createHostCheck({ host: '127.0.0.1' });
    for (const host of [
      'localhost',
      'localhost:4173',
      'LOCALHOST:1',
      'localhost.:80',
      '127.0.0.1',
      '127.0.0.1:3000',
      '[::1]',
      '[::1]:4173',
      undefined,
    ]) {
      expect(allowed(host), String(host)).toBe(true);
    }
    const bound = createHostCheck({ host: '127.0.0.2' });
    expect(bound('127.0.0.2:9000')).toBe(true);
  });

  it('on loopback refuses every other host, and malformed Host values', () => {
    const allowed = createHostCheck({ host: '127.0.0.1' });
    for (const host of [
      'evil.example',
      'evil.example:4173',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '10.0.0.1',
      '[::2]',
      '',
      'local host',
      'a@localhost',
      '[::1',
      'localhost/x',
    ]) {
      expect(allowed(host), host).toBe(false);
    }
  });

  it('accepts --allowed-hosts names, a leading dot taking subdomains', () => {
    const allowed = createHostCheck({ host: 'localhost', allowedHosts: ['docs.test', '.example.test'] });
    expect(allowed('docs.test:3000')).toBe(true);
    expect(allowed('example.test')).toBe(true);
    expect(allowed('a.b.example.test:1')).toBe(true);
    expect(allowed('other.test')).toBe(false);
    expect(allowed('badexample.test')).toBe(false);
  });

  it('checks nothing when bound to a non-loopback address', () => {
    for (const host of ['0.0.0.0', '192.168.1.5', '::'])
      expect(createHostCheck({ host })('anything.example')).toBe(true);
  });

  it('knows loopback addresses and parses Host values', () => {
    expect(['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', 'example.com', '128.0.0.1'].some(isLoopback)).toBe(false);
    expect(hostnameOf('[::1]:80')).toBe('::1');
    expect(hostnameOf('Example.COM.')).toBe('example.com');
    expect(hostnameOf('a b')).toBeNull();
  });
});
