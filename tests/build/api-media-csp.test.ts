/**
 * Video in OpenAPI descriptions is allowed by the site's own Content-Security-Policy, as their images are: the
 * origins of `<video>` and `<track>` URLs (the HTML allow-list keeps those; it drops `<audio>`) join a `media-src`
 * directive; the policy otherwise falls back to `default-src 'self'`, which blocks them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const DESCRIPTION = '    テスト用のアクション API です。';
const MEDIA =
  '<video src="https://videos.example/demo.mp4" poster="https://posters.example/p.png" controls><track src="https://captions.example/ja.vtt"></video>';

let dir: string;
let build: ReturnType<typeof runDocgen>;

beforeAll(() => {
  dir = copyFixture('api');
  const spec = path.join(dir, 'openapi/actions.yaml');
  const yaml = readFileSync(spec, 'utf8');
  expect(yaml).toContain(DESCRIPTION);
  writeFileSync(spec, yaml.replace(DESCRIPTION, `${DESCRIPTION}${MEDIA}`));
  build = runDocgen(['build'], dir);
}, 180_000);
afterAll(() => removeDir(dir));

describe('media in OpenAPI descriptions and the CSP', () => {
  it("collects their origins into media-src, and the poster's into img-src", () => {
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(path.join(dir, 'dist/_headers'), 'utf8'))![1]!;
    expect(policy).toContain("media-src 'self' https://captions.example https://videos.example;");
    expect(policy).toMatch(/img-src [^;]*https:\/\/posters\.example/);
  });
});
