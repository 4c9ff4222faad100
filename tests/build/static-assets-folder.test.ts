/**
 * Static files under `assets/` (Docusaurus' `static/assets/`, published at /assets/... beside its own hashed
 * `assets/js/...`): they build and are copied beside docgen's hashed assets; only a path equal to one of docgen's
 * is an error. The host headers keep docgen's hashed assets immutable and revalidate the site's own files there.
 * Real builds of the docusaurus fixture through the CLI.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../../src/node/serve/headers-file.js';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const dir = copyFixture('docusaurus');
afterAll(() => removeDir(dir));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
mkdirSync(path.join(dir, 'content/assets/images'), { recursive: true });
writeFileSync(path.join(dir, 'content/assets/ポインタ位置.png'), PNG);
writeFileSync(path.join(dir, 'content/assets/images/diagram.png'), PNG);
writeFileSync(
  path.join(dir, 'content/docs/photos.md'),
  '# Photos\n\n![pointer](</assets/ポインタ位置.png>)\n\n![diagram](/assets/images/diagram.png)\n',
);

describe('static files under assets/', () => {
  it('build, and are copied beside the hashed assets', () => {
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const dist = path.join(dir, 'dist');
    expect(readFileSync(path.join(dist, 'assets/ポインタ位置.png'))).toEqual(PNG);
    expect(readFileSync(path.join(dist, 'assets/images/diagram.png'))).toEqual(PNG);
    const page = parse(readFileSync(path.join(dist, 'docs/photos.html'), 'utf8'));
    for (const src of page.querySelectorAll('main img').map((img) => img.getAttribute('src') ?? ''))
      expect(existsSync(path.join(dist, decodeURI(src))), src).toBe(true);
  });

  it('are revalidated while the hashed assets stay immutable', () => {
    const dist = path.join(dir, 'dist');
    const rules = parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8'));
    const cacheOf = (url: string) => headersFor(rules, url).get('Cache-Control');
    const script = readdirSync(path.join(dist, 'assets')).find((name) => /^main\..+\.js$/.test(name))!;
    const data = readdirSync(path.join(dist, 'assets/data'))[0]!;
    expect(cacheOf(`/assets/${script}`)).toMatch(/immutable/);
    expect(cacheOf(`/assets/data/${data}`)).toMatch(/immutable/);
    expect(cacheOf('/assets/ポインタ位置.png')).toBe('public, max-age=0, must-revalidate');
    expect(cacheOf('/assets/images/diagram.png')).toBe('public, max-age=0, must-revalidate');
    const nginx = readFileSync(path.join(dist, 'nginx.conf.example'), 'utf8');
    expect(nginx).toContain(`location = /assets/${script} {`);
    expect(nginx).toContain('location /assets/data/ {');
    expect(nginx).not.toContain('location /assets/ {');
  });

  it('is an error only at the exact path of a hashed asset', () => {
    const dist = path.join(dir, 'dist');
    const script = readdirSync(path.join(dist, 'assets')).find((name) => /^main\..+\.js$/.test(name))!;
    copyFileSync(path.join(dist, 'assets', script), path.join(dir, 'content/assets', script));
    const result = runDocgen(['build', '--force'], dir);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DuplicateRoute');
    expect(result.stderr).toContain(`content/assets/${script}`);
    expect(result.stderr).not.toMatch(/ポインタ位置|diagram\.png/);
  });
});
