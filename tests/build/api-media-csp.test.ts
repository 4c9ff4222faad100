/**
 * Media in OpenAPI descriptions. Video is allowed by the site's own Content-Security-Policy, as images are: the
 * origins of `<video>` and `<track>` URLs (the HTML allow-list keeps those; it drops `<audio>`) join a `media-src`
 * directive; the policy otherwise falls back to `default-src 'self'`, which blocks them. Images: a relative `src` is
 * relative to the document's own file (OpenAPI 3.1 §4.3), so the image is published as a content-hashed asset and
 * the reference points to it; a missing image, or one outside the folders content may read (read-policy.ts), is a
 * warning with file, line and JSON pointer and nothing is copied; an absolute https image is kept as written (its
 * origin joins the CSP's img-src).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const DESCRIPTION = '    テスト用のアクション API です。';
const MEDIA =
  '<video src="https://videos.example/demo.mp4" poster="https://posters.example/p.png" controls><track src="https://captions.example/ja.vtt"></video>';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGES = [
  '![データの流れ](./img/flow%20chart.png)',
  '<img src="img/flow chart.png" alt="same file as HTML">',
  '![missing](./img/gone.png)',
  '![outside](../../SECRET)',
  '![remote](https://images.example/remote.png)',
].join(' ');

let dir: string;
let secret: string;
let build: ReturnType<typeof runDocgen>;

beforeAll(() => {
  dir = copyFixture('api');
  const spec = path.join(dir, 'openapi/actions.yaml');
  const yaml = readFileSync(spec, 'utf8');
  expect(yaml).toContain(DESCRIPTION);
  secret = `${path.basename(dir)}-secret.png`;
  writeFileSync(spec, yaml.replace(DESCRIPTION, `${DESCRIPTION}${MEDIA} ${IMAGES.replace('SECRET', secret)}`));
  mkdirSync(path.join(dir, 'openapi/img'));
  writeFileSync(path.join(dir, 'openapi/img/flow chart.png'), PNG);
  writeFileSync(path.join(dir, '..', secret), PNG); // beside the project: outside its read policy
  build = runDocgen(['build'], dir);
}, 180_000);
afterAll(() => {
  removeDir(dir);
  removeDir(path.join(dir, '..', secret));
});

describe('media in OpenAPI descriptions and the CSP', () => {
  it("collects their origins into media-src, and the poster's into img-src", () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(path.join(dir, 'dist/_headers'), 'utf8'))![1]!;
    expect(policy).toContain("media-src 'self' https://captions.example https://videos.example;");
    expect(policy).toMatch(/img-src [^;]*https:\/\/posters\.example/);
    expect(policy).toMatch(/img-src [^;]*https:\/\/images\.example/);
  });
});

/** The API reference fragment of /api/actions (its hashed HTML asset). */
function reference() {
  const folder = path.join(dir, 'dist/assets/api');
  const file = readdirSync(folder).find((f) => f.startsWith('api_actions.') && f.endsWith('.html'))!;
  return parse(readFileSync(path.join(folder, file), 'utf8'));
}

describe('images in OpenAPI descriptions', () => {
  it('publishes a relative image as a hashed asset and points both spellings of it there', () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const media = readdirSync(path.join(dir, 'dist/assets/media')).filter((f) => f.startsWith('flow_chart.'));
    expect(media).toEqual([expect.stringMatching(/^flow_chart\.[0-9a-f]{10}\.png$/)]);
    expect(readFileSync(path.join(dir, 'dist/assets/media', media[0]!))).toEqual(PNG);
    const sources = reference()
      .querySelectorAll('img')
      .map((img) => img.getAttribute('src'));
    expect(sources.filter((src) => src === `/assets/media/${media[0]}`)).toHaveLength(2);
    expect(sources).toContain('https://images.example/remote.png');
  });

  it('reports a missing image and one outside the project with file, line and pointer, and copies neither', () => {
    const output = build.stdout + build.stderr;
    expect(output).toMatch(/The image "\.\/img\/gone\.png" in the description at \/info\/description does not exist/);
    expect(output).toContain(`The image "../../${secret}" in the description at /info/description is outside`);
    expect(output).toMatch(/openapi[/\\]actions\.yaml:\d+:\d+/);
    const copied = readdirSync(path.join(dir, 'dist/assets/media'));
    expect(copied.some((f) => f.startsWith('gone.') || f.includes('secret'))).toBe(false);
  });
});
