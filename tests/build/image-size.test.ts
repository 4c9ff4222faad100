/**
 * Local images get their intrinsic width and height at build time (no layout shift when they load): a PNG linked
 * relatively and by site path, an SVG sized by its viewBox, under a base URL; an image on another origin and a file
 * that is no image keep none. An image replaced by one of another size changes the page in the next build (the
 * page cache keeps the hash of each image it read: pool/compile-pages.ts) and in `docgen dev`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainOf } from '../helpers/differential.js';
import { copyFixture, removeDir, runDocgen, startDev } from '../helpers/site.js';

let dir: string;

/** A PNG's signature and IHDR chunk: all a reader of its size needs. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

beforeAll(() => {
  dir = copyFixture('basic');
  mkdirSync(path.join(dir, 'content/img'));
  writeFileSync(path.join(dir, 'content/img/shot.png'), png(640, 360));
  writeFileSync(
    path.join(dir, 'content/img/diagram.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40"/></svg>',
  );
  writeFileSync(path.join(dir, 'content/img/broken.png'), 'not an image');
  writeFileSync(
    path.join(dir, 'content/docs/guide/images.md'),
    [
      '---',
      'title: Images',
      '---',
      '',
      '![relative](../../img/shot.png)',
      '',
      '![by path](/img/shot.png)',
      '',
      '![svg](../../img/diagram.svg)',
      '',
      '![broken](../../img/broken.png)',
      '',
      '![elsewhere](https://example.com/x.png)',
      '',
    ].join('\n'),
  );
});
afterAll(() => removeDir(dir));

describe('intrinsic image sizes', () => {
  it('writes width and height of local raster and SVG images, none for others', () => {
    const result = runDocgen(['build', '--base-url', '/docs-site/'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const main = parse(readFileSync(path.join(dir, 'dist/docs/guide/images.html'), 'utf8')).querySelector('main')!;
    const img = (alt: string) => {
      const element = main.querySelector(`img[alt="${alt}"]`)!;
      return [element.getAttribute('src'), element.getAttribute('width'), element.getAttribute('height')];
    };
    expect(img('relative')).toEqual(['/docs-site/img/shot.png', '640', '360']);
    expect(img('by path')).toEqual(['/docs-site/img/shot.png', '640', '360']);
    expect(img('svg')).toEqual(['/docs-site/img/diagram.svg', '120', '40']);
    expect(img('broken')).toEqual(['/docs-site/img/broken.png', undefined, undefined]);
    // Another origin: the CSP turns it into its alt text (rehype-external-media.ts), never a sized image.
    expect(main.querySelector('img[alt="elsewhere"]')?.getAttribute('width')).toBeUndefined();
  });

  it('sizes an image replaced by one of another size anew, in the next build and in docgen dev', async () => {
    const page = (out: string) => readFileSync(path.join(dir, out, 'docs/guide/images.html'), 'utf8');
    const sizeIn = (html: string) => {
      const element = parse(html).querySelector('main img[alt="relative"]')!;
      return [element.getAttribute('width'), element.getAttribute('height')];
    };
    expect(runDocgen(['build'], dir).status).toBe(0);
    expect(sizeIn(page('dist'))).toEqual(['640', '360']);
    writeFileSync(path.join(dir, 'content/img/shot.png'), png(800, 600));
    const warm = runDocgen(['build'], dir);
    expect(warm.status, warm.stdout + warm.stderr).toBe(0);
    expect(sizeIn(page('dist'))).toEqual(['800', '600']);
    expect(runDocgen(['build', '--force', '--out-dir', 'dist-cold'], dir).status).toBe(0);
    expect(mainOf(page('dist'))).toBe(mainOf(page('dist-cold')));

    const dev = await startDev(dir);
    try {
      const fetchPage = () => fetch(`${dev.url}/docs/guide/images`).then((r) => r.text());
      expect(sizeIn(await fetchPage())).toEqual(['800', '600']);
      writeFileSync(path.join(dir, 'content/img/shot.png'), png(320, 200));
      let size = sizeIn(await fetchPage());
      for (let i = 0; i < 100 && size[0] !== '320'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        size = sizeIn(await fetchPage());
      }
      expect(size).toEqual(['320', '200']);
    } finally {
      await dev.close();
    }
  });
});
