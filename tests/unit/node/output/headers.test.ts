/**
 * HTML, SVG and XML files copied from content/ may not run script on the site's origin: the host
 * files give each of them a second, sandboxing policy.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  componentSourcesOf,
  createHeaderRules,
  isActiveContentFile,
  withComponentSources,
} from '../../../../src/node/output/headers.js';
import { headersFor, parseHeadersFile } from '../../../../src/node/serve/headers-file.js';

describe('host header rules', () => {
  it('knows which static files a browser would run script in', () => {
    for (const file of ['a.html', 'b/c.HTM', 'd.svg', 'e.svgz', 'f.xhtml', 'g.xml'])
      expect(isActiveContentFile(file), file).toBe(true);
    for (const file of ['a.png', 'b.pdf', 'c.json', 'd.txt', 'html', 'e.html.png'])
      expect(isActiveContentFile(file), file).toBe(false);
  });

  it('sandboxes each such file in _headers and nginx.conf.example, under the base URL', () => {
    const rules = createHeaderRules({
      inlineScripts: [],
      imgOrigins: [],
      connectOrigins: [],
      baseUrl: '/docs/',
      sandboxed: ['img/logo.svg', 'demo/日本語.html'],
    });
    expect(rules.headersFile).toContain('/docs/img/logo.svg\n  Content-Security-Policy: sandbox\n');
    expect(rules.headersFile).toContain(`${encodeURI('/docs/demo/日本語.html')}\n  Content-Security-Policy: sandbox\n`);
    expect(rules.nginxFile).toContain(
      'location = /docs/img/logo.svg {\n    add_header Content-Security-Policy "sandbox" always;',
    );
    // The site's own policy still covers every path.
    expect(rules.headersFile.startsWith(`/docs/*\n  Content-Security-Policy: default-src 'self'`)).toBe(true);
  });

  it("leaves out a locale's catch-all rule, which the site root's `/*` covers, and keeps its assets rule", () => {
    const options = { inlineScripts: [], imgOrigins: [], connectOrigins: [], baseUrl: '/en/', sandboxed: ['a.svg'] };
    const locale = createHeaderRules({ ...options, catchAll: false });
    expect(locale.headersFile.startsWith('/en/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')).toBe(
      true,
    );
    expect(locale.headersFile).not.toContain('/en/*\n');
    expect(locale.headersFile).toContain('/en/a.svg\n  Content-Security-Policy: sandbox\n');
    expect(createHeaderRules(options).headersFile.startsWith('/en/*\n  Content-Security-Policy:')).toBe(true);
  });

  it("adds the site's own sources to a directive; a new directive starts from 'self', as default-src gave it", () => {
    const rules = createHeaderRules({
      inlineScripts: [],
      imgOrigins: [],
      connectOrigins: [],
      baseUrl: '/',
      extra: { 'style-src': ["'unsafe-inline'", "'self'"], 'media-src': ['https://media.example'] },
    });
    expect(rules.csp).toContain("style-src 'self' 'unsafe-inline';");
    // Without 'self' the site's own videos would be blocked by a directive meant to add a host.
    expect(rules.csp).toContain("; media-src 'self' https://media.example; object-src 'none';");
  });

  it('lets frames load only from the iframe origins the site lists', () => {
    const none = createHeaderRules({ inlineScripts: [], imgOrigins: [], connectOrigins: [], baseUrl: '/' });
    expect(none.csp).not.toContain('frame-src');
    const listed = createHeaderRules({
      inlineScripts: [],
      imgOrigins: [],
      connectOrigins: [],
      frameOrigins: ['https://www.youtube-nocookie.com'],
      baseUrl: '/',
    });
    expect(listed.csp).toContain("; frame-src 'self' https://www.youtube-nocookie.com;");
  });

  it('serves the Markdown twins as text/markdown and llms.txt as UTF-8 text, on static hosts and nginx', () => {
    const rules = createHeaderRules({ inlineScripts: [], imgOrigins: [], connectOrigins: [], baseUrl: '/docs/' });
    const parsed = parseHeadersFile(rules.headersFile);
    const type = (pathname: string) => headersFor(parsed, pathname).get('Content-Type');
    expect(type('/docs/guide/intro.md')).toBe('text/markdown; charset=utf-8');
    expect(type('/docs/index.md')).toBe('text/markdown; charset=utf-8');
    expect(type('/docs/llms.txt')).toBe('text/plain; charset=utf-8');
    expect(type('/docs/en/llms-full.txt')).toBe('text/plain; charset=utf-8');
    expect(type('/docs/guide/intro')).toBeUndefined();
    expect(type('/docs/assets/main.js')).toBeUndefined();
    expect(rules.nginxFile).toContain(
      'location ~ ^/docs/.*\\.md$ {\n    types { } default_type "text/markdown; charset=utf-8";',
    );
  });
});

describe('componentSourcesOf and withComponentSources', () => {
  const policy = (styleSrc: string) =>
    `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self'; ${styleSrc}; img-src 'self'; object-src 'none'\n`;
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it("allows a component's <style> element (an SVG logo's stylesheet) and inline styles by hash", async () => {
    // kysely-org/kysely's BrandLogo renders an SVG holding <style type="text/css">\r\n\t.st0{fill:#ACCBFA;}…
    const dir = mkdtempSync(path.join(tmpdir(), 'docgen-sources-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<main><svg><style type="text/css">\r\n\t.st0{fill:#ACCBFA;}\r\n</style></svg><p style="color:red">x</p></main>',
    );
    const sources = await componentSourcesOf(dir);
    rmSync(dir, { recursive: true });
    expect(sources.styleElements).toEqual(['\n\t.st0{fill:#ACCBFA;}\n']);
    expect(withComponentSources(policy("style-src 'self'"), sources)).toContain(
      `style-src 'self' 'unsafe-hashes' ${sha('color:red')} ${sha('\n\t.st0{fill:#ACCBFA;}\n')};`,
    );
  });

  it("leaves a policy that allows 'unsafe-inline' styles as it is: a hash would make browsers ignore it", () => {
    const text = policy("style-src 'self' 'unsafe-inline'");
    expect(withComponentSources(text, { styles: ['color:red'], styleElements: ['a{}'], frameOrigins: [] })).toBe(text);
  });
});
