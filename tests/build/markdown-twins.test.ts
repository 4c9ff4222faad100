/**
 * The Markdown twins of this site (render/markdown-twin.ts, render/api-twin.ts, render/llms-files.ts): every route
 * has one; it holds the text of the page's <main> (>= 97 % of its text lines over the site, >= 90 % on each page)
 * with no markup left over; the API twins list every operation, parameter, body property and response of their
 * documents; llms.txt lists the twins and every HTML page links its twin.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocgen, startDev, startServe } from '../helpers/site.js';
import { prefersMarkdown } from '../../src/node/http/markdown-negotiation.js';

let out: string;

beforeAll(() => {
  out = mkdtempSync(path.join(tmpdir(), 'docgen-twins-'));
  const result = runDocgen(['build', '--out-dir', out, '--force'], repoRoot, 240_000);
  expect(result.status, result.stderr).toBe(0);
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Elements whose text is not the page's text (chrome, hidden diagram sources are read from the twin's fence). */
const SKIP = new Set(['script', 'style', 'svg', 'button', 'template', 'nav', 'noscript', 'details']);
const BLOCK =
  /^(p|div|li|ul|ol|td|th|tr|table|pre|blockquote|dt|dd|br|hr|h[1-6]|section|figure|figcaption|summary|header|footer|label|article|aside|span class="dg-line")$/;

/** The text lines of the first <main> of an HTML page: one per block element, white space collapsed. */
function mainLines(html: string): string[] {
  const lines: string[] = [];
  let current = '';
  let inMain = 0;
  let skip = 0;
  const flush = () => {
    const line = current.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'main') inMain++;
        else if (inMain && SKIP.has(name)) skip++;
        if (inMain && BLOCK.test(name)) flush();
      },
      ontext(text) {
        if (inMain && !skip) current += text;
      },
      onclosetag(name) {
        if (inMain && BLOCK.test(name)) flush();
        if (name === 'main') inMain--;
        else if (inMain && SKIP.has(name)) skip--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return lines;
}

/** Text compared without white space and Markdown's syntax characters, so a line matches however it is marked up. */
const normal = (text: string) => text.replace(/\\([\s\S])/g, '$1').replace(/[\s*_`|#>\-[\]()!]/g, '');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        e.name.endsWith('.html') &&
        !path.relative(dir, e.parentPath).startsWith('assets') &&
        e.name !== '404.html',
    )
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/** The site's (Japanese) labels of a parameter's location, as the API twins write them. */
const IN_LABELS: Record<string, string> = { path: 'パス', query: 'クエリ', header: 'ヘッダー', cookie: 'Cookie' };

describe('Markdown twins of this site', () => {
  it('hold the text of every page: >= 97 % of the lines of <main> over the site, >= 90 % on each page', () => {
    let total = 0;
    let found = 0;
    const report: string[] = [];
    const shares: [string, number][] = [];
    for (const file of htmlFiles(out)) {
      const twinFile = path.join(out, file.replace(/\.html$/, '.md'));
      expect(existsSync(twinFile), `${file} has no twin`).toBe(true);
      const twin = readFileSync(twinFile, 'utf8');
      const haystack = normal(twin.replace(/\]\([^)\s]*\)/g, ']'));
      const lines = mainLines(readFileSync(path.join(out, file), 'utf8'));
      const missing = lines.filter((line) => !haystack.includes(normal(line)));
      const share = lines.length === 0 ? 1 : (lines.length - missing.length) / lines.length;
      report.push(
        `${file}: ${(share * 100).toFixed(1)} % of ${lines.length}${missing.length ? ` (missing: ${missing.slice(0, 5).join(' / ')})` : ''}`,
      );
      total += lines.length;
      found += lines.length - missing.length;
      shares.push([file, share]);
      // No markup leftovers: no HTML tags, JSX or theme classes outside code blocks.
      const prose = twin.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1$/gm, '').replace(/`[^`\n]*`/g, '');
      expect(prose, file).not.toMatch(/<\/?[a-zA-Z][\w-]*(\s[^>]*)?>|\bdg-[a-z]|className=|\{\/\*/);
    }
    console.log(report.join('\n') + `\nsite: ${((found / total) * 100).toFixed(2)} % of ${total} lines`);
    expect(found / total).toBeGreaterThanOrEqual(0.97);
    for (const [file, share] of shares) expect(share, file).toBeGreaterThanOrEqual(0.9);
  });

  it('turn admonitions, tabs, titled code and diagrams into Markdown', () => {
    const twin = readFileSync(path.join(out, 'docs/devDesign/apigateway/bff.md'), 'utf8');
    expect(twin.startsWith('# BFF（Backend for Frontend）\n\nフロントエンドごとのルーティングチェーンで')).toBe(true);
    expect(twin).toContain('> **注意**\n>\n> - `oidcClientSecret`');
    expect(twin).toContain('**YAML**\n\n```yaml title="routing-chain-shop-bff.yaml"\nname: shop-bff\n');
    expect(twin).toContain('**JSON**\n\n```json title="routing-chain-shop-bff.json"\n{');
    expect(twin).toContain('```mermaid\nflowchart LR\n');
    expect(twin).toContain(
      '[proxy](https://docs.tsunagi.example/docs/devSpecification/APIGateway/routing-action.md#proxy)',
    );
    expect(twin).toMatch(/^\| パス \| 認証 \| 転送先サービス \|$/m);
  });

  it('list every operation, parameter, body property and response of the three API documents', () => {
    for (const name of ['inventory', 'waitfor-services', 'zone']) {
      const doc = parseYaml(readFileSync(path.join(repoRoot, 'openapi', `${name}.yaml`), 'utf8'));
      const reference = readFileSync(path.join(out, 'api', `${name}.md`), 'utf8');
      const resolve = (node: any): any =>
        node?.$ref
          ? resolve(
              node.$ref
                .slice(2)
                .split('/')
                .reduce((o: any, k: string) => o[k], doc),
            )
          : node;
      const properties = (schema: any, seen = new Set<any>()): string[] => {
        schema = resolve(schema);
        if (!schema || seen.has(schema)) return [];
        seen.add(schema);
        return [
          ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [key, ...properties(value, seen)]),
          ...properties(schema.items, seen),
          ...[...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((s: any) =>
            properties(s, seen),
          ),
        ];
      };
      for (const [route, item] of Object.entries<any>(doc.paths)) {
        for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
          const op = item[method];
          if (!op) continue;
          expect(reference, `${name} ${method} ${route}`).toContain(`${method.toUpperCase()} ${route}`);
          const own = readFileSync(path.join(out, 'api', name, `${op.operationId}.md`), 'utf8');
          expect(own).toContain(`\`${method.toUpperCase()} ${route}\``);
          for (const parameter of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve))
            expect(own, `${op.operationId} ${parameter.name}`).toContain(
              `- \`${parameter.name}\` ${IN_LABELS[parameter.in]} `,
            );
          const body = resolve(op.requestBody);
          for (const media of Object.values<any>(body?.content ?? {}))
            for (const key of properties(media.schema))
              expect(reference, `${op.operationId} body ${key}`).toContain(`\`${key}\``);
          for (const status of Object.keys(op.responses))
            expect(own, `${op.operationId} ${status}`).toMatch(new RegExp(`^### ${status}$`, 'm'));
        }
      }
    }
  });

  it('are linked from every page and listed in llms.txt, llms-full.txt holding every listed doc twin', () => {
    for (const file of htmlFiles(out)) {
      const href = '/' + file.replace(/\.html$/, '.md');
      expect(readFileSync(path.join(out, file), 'utf8'), file).toContain(
        `<link rel="alternate" type="text/markdown" href="${href}">`,
      );
    }
    const llms = readFileSync(path.join(out, 'llms.txt'), 'utf8');
    expect(
      llms.startsWith(
        '# Tsunagi V2\n\n> microservice platform\n\n## 設計書\n\n- [設計概要](https://docs.tsunagi.example/docs/devDesign/index.md): ',
      ),
    ).toBe(true);
    expect(llms).toContain('- [Tsunagi インベントリ API](https://docs.tsunagi.example/api/inventory.md): ');
    const full = readFileSync(path.join(out, 'llms-full.txt'), 'utf8');
    for (const [, url] of llms.matchAll(/\]\(https:\/\/docs\.tsunagi\.example(\/docs\/[^)]+\.md)\)/g)) {
      expect(full, url).toContain(readFileSync(path.join(out, url!), 'utf8'));
    }
  });

  it('are served as text/markdown, and a page asked for with Accept: text/markdown answers with its twin', async () => {
    const server = await startServe(out);
    try {
      const twin = await fetch(`${server.url}/docs/devDesign/spn.md`);
      expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const page = await fetch(`${server.url}/docs/devDesign/spn`, { headers: { Accept: 'text/markdown' } });
      expect(page.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(page.headers.get('vary')).toMatch(/Accept\b/);
      expect(await page.text()).toBe(readFileSync(path.join(out, 'docs/devDesign/spn.md'), 'utf8'));
      const html = await fetch(`${server.url}/docs/devDesign/spn`, {
        headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    } finally {
      await server.close();
    }
  });
});

describe('docgen dev', () => {
  it('serves the same twins as the build, by URL and by Accept', async () => {
    const server = await startDev(repoRoot);
    try {
      for (const file of [
        'docs/devDesign/apigateway/bff.md',
        'index.md',
        'api/zone.md',
        'api/inventory/listRealms.md',
      ]) {
        const response = await fetch(`${server.url}/${file}`);
        expect(response.headers.get('content-type'), file).toBe('text/markdown; charset=utf-8');
        expect(await response.text(), file).toBe(readFileSync(path.join(out, file), 'utf8'));
      }
      const page = await fetch(`${server.url}/docs/devDesign/spn`, { headers: { Accept: 'text/markdown' } });
      expect(page.headers.get('vary')).toBe('Accept');
      expect(await page.text()).toBe(readFileSync(path.join(out, 'docs/devDesign/spn.md'), 'utf8'));
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('prefersMarkdown', () => {
  it('follows the qualities of Accept', () => {
    expect(prefersMarkdown('text/markdown')).toBe(true);
    expect(prefersMarkdown('text/markdown, text/html;q=0.9')).toBe(true);
    expect(prefersMarkdown('text/html, text/markdown;q=0.5')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0')).toBe(false);
    expect(prefersMarkdown('text/html,*/*;q=0.8')).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
  });
});
