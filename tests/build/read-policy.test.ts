/**
 * No file outside the project is read through any reference (SECURITY.md "Who is trusted", read-policy.ts): an
 * OpenAPI `$ref` (relative, absolute, `file:` URL, through a symbolic link, from a file another `$ref` reached),
 * a URL `$ref` (never fetched), a file site.config.ts names, a snippet import and a Markdown image. A reference that
 * leaves the project is an error naming the file and the JSON pointer (line:column for Markdown) and the file's
 * text never reaches `dist/`; config `allowedReadPaths` lists a folder that may be read. Real builds through the
 * CLI of the api fixture.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { leakDocument } from '../helpers/leak-document.js';
import { copyFixture, removeDir, runDocgen } from '../helpers/site.js';

const SECRET = 'TOP-SECRET-7f3a';
const secretDir = path.join(tmpdir(), `docgen-read-policy-${process.pid}`);
mkdirSync(secretDir, { recursive: true });
const secretYaml = path.join(secretDir, 'secret.yaml');
writeFileSync(secretYaml, `Secret:\n  type: string\n  description: ${SECRET}\n`);
writeFileSync(path.join(secretDir, 'secret.txt'), `${SECRET}\n`);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
  removeDir(secretDir);
});

/** A copy of the api fixture whose document's schema `Leak` is `$ref: <ref>`; `config` edits site.config.ts. */
function siteWithRef(
  ref: string,
  options: { config?: (text: string) => string; prepare?: (dir: string) => void } = {},
): string {
  const dir = copyFixture('api');
  dirs.push(dir);
  writeFileSync(path.join(dir, 'openapi/actions.yaml'), leakDocument(ref));
  writeFileSync(path.join(dir, 'content/docs/links.md'), '# リンク\n\n- [漏れ](/api/actions#leak)\n');
  if (options.config) {
    const file = path.join(dir, 'site.config.ts');
    writeFileSync(file, options.config(readFileSync(file, 'utf8')));
  }
  options.prepare?.(dir);
  return dir;
}

/** Every file's text under a folder (empty when it does not exist). */
function textOf(dir: string): string {
  let text = '';
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) text += readFileSync(path.join(entry.parentPath, entry.name), 'latin1');
  } catch {
    // no output
  }
  return text;
}

/** Builds and expects one refusal at actions.yaml's `Leak` (line 19) naming the pointer. */
function expectRefused(dir: string, file = 'openapi/actions.yaml:19') {
  const result = runDocgen(['build'], dir);
  const output = result.stdout + result.stderr;
  expect(result.status, output).toBe(1);
  expect(output).toMatch(
    /\[OpenApiInvalid\] The \$ref .* at \/components\/schemas\/Leak\/\$ref names .*, outside the project/,
  );
  expect(output).toContain(file);
  expect(output).not.toMatch(/InternalError|\n\s+at /);
  expect(textOf(path.join(dir, 'dist'))).not.toContain(SECRET);
}

describe('read policy: OpenAPI $ref', () => {
  it('refuses a relative $ref that leaves the project', () => {
    const dir = siteWithRef('');
    expectRefused(
      siteWithRef(`${path.relative(path.join(dir, 'openapi'), secretYaml).split(path.sep).join('/')}#/Secret`),
    );
  });

  it('refuses an absolute path and a file: URL', () => {
    expectRefused(siteWithRef(`${secretYaml}#/Secret`));
    expectRefused(siteWithRef(`${pathToFileURL(secretYaml).href}#/Secret`));
  });

  it('refuses a symbolic link inside the project that leads outside', () => {
    expectRefused(
      siteWithRef('./link.yaml#/Secret', {
        prepare: (dir) => symlinkSync(secretYaml, path.join(dir, 'openapi/link.yaml')),
      }),
    );
    expectRefused(
      siteWithRef('./linked/secret.yaml#/Secret', {
        prepare: (dir) => symlinkSync(secretDir, path.join(dir, 'openapi/linked')),
      }),
    );
  });

  it('refuses it in a file another $ref reached, at that file and pointer', () => {
    const dir = siteWithRef('./schemas.yaml#/Leak', {
      prepare: (site) =>
        writeFileSync(
          path.join(site, 'openapi/schemas.yaml'),
          `Ok:\n  type: string\nLeak:\n  $ref: '${secretYaml}#/Secret'\n`,
        ),
    });
    const result = runDocgen(['build'], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/The \$ref .* at \/Leak\/\$ref names .*secret\.yaml, outside the project/);
    expect(result.stderr).toContain('openapi/schemas.yaml:4');
    expect(textOf(path.join(dir, 'dist'))).not.toContain(SECRET);
  });

  it('reads a folder config `allowedReadPaths` lists', () => {
    const dir = siteWithRef(`${secretYaml}#/Secret`, {
      config: (text) =>
        text.replace(
          "buildDate: '2025-10-13',",
          `buildDate: '2025-10-13',\n  allowedReadPaths: [${JSON.stringify(secretDir)}],`,
        ),
    });
    const result = runDocgen(['build'], dir);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(textOf(path.join(dir, 'dist'))).toContain(SECRET);
  });

  it('never fetches a URL $ref', async () => {
    let requests = 0;
    const server = createServer((_, res) => {
      requests++;
      res.end(`Secret:\n  type: string\n  description: ${SECRET}\n`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const dir = siteWithRef(`http://127.0.0.1:${(server.address() as AddressInfo).port}/secret.yaml#/Secret`);
      const result = runDocgen(['build'], dir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        /at \/components\/schemas\/Leak\/\$ref names .*: its origin is not in site\.config\.ts `allowedRemoteOrigins`, so it was not fetched/,
      );
      expect(result.stderr).toContain('openapi/actions.yaml:19');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('reports a $ref naming no readable file (another host, another scheme, broken %-encoding) without an internal error', () => {
    for (const ref of ['file://other-host/etc/passwd', 'ftp://example.com/x.yaml', './%E0%A4%A.yaml']) {
      const result = runDocgen(['build'], siteWithRef(ref));
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/names no file docgen can read/);
      expect(result.stderr).not.toMatch(/InternalError/);
    }
  });
});

describe('read policy: files site.config.ts names', () => {
  it('refuses an `apis` document outside the project, naming the key', () => {
    writeFileSync(
      path.join(secretDir, 'outside.yaml'),
      `openapi: 3.0.3\ninfo:\n  title: ${SECRET}\n  version: '1'\npaths: {}\n`,
    );
    const dir = siteWithRef('#/components/schemas/Leak', {
      config: (text) =>
        text.replace("spec: 'openapi/actions.yaml'", `spec: ${JSON.stringify(path.join(secretDir, 'outside.yaml'))}`),
    });
    const result = runDocgen(['build'], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /\[ConfigInvalid\] site\.config\.ts: 'apis\[0\]\.spec' names .*outside\.yaml, outside the project/,
    );
    expect(result.stderr).toMatch(/site\.config\.ts:\d+:\d+/);
    expect(textOf(path.join(dir, 'dist'))).not.toContain(SECRET);
  });

  it('refuses a content folder outside the project', () => {
    const dir = siteWithRef('#/components/schemas/Leak', {
      config: (text) =>
        text.replace(
          "buildDate: '2025-10-13',",
          `buildDate: '2025-10-13',\n  contentDir: ${JSON.stringify(secretDir)},`,
        ),
    });
    const result = runDocgen(['build'], dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/'contentDir' names .*, outside the project/);
  });
});

describe('read policy: Markdown', () => {
  it('refuses a snippet import outside the project at its line, and reads it from an allowed folder', () => {
    const write = (dir: string) =>
      writeFileSync(
        path.join(dir, 'content/docs/snippet.md'),
        `---\ntitle: Snippet\n---\n\n# Snippet\n\n<<< ${path.join(secretDir, 'secret.txt')}\n`,
      );
    const refused = siteWithRef('#/components/schemas/Leak', { prepare: write });
    const result = runDocgen(['build'], refused);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\[SnippetOutsideProject\]/);
    expect(result.stderr).toContain('content/docs/snippet.md:7:1');
    expect(textOf(path.join(refused, 'dist'))).not.toContain(SECRET);
    const allowed = siteWithRef('#/components/schemas/Leak', {
      prepare: write,
      config: (text) =>
        text.replace(
          "buildDate: '2025-10-13',",
          `buildDate: '2025-10-13',\n  allowedReadPaths: [${JSON.stringify(secretDir)}],`,
        ),
    });
    const ok = runDocgen(['build'], allowed);
    expect(ok.status, ok.stderr).toBe(0);
    expect(textOf(path.join(allowed, 'dist'))).toContain(SECRET);
  });

  it('never copies or reads an image outside the content folder, nor one a symbolic link in it leads to', () => {
    writeFileSync(path.join(secretDir, 'secret.png'), SECRET);
    const dir = siteWithRef('#/components/schemas/Leak', {
      prepare: (site) => {
        symlinkSync(path.join(secretDir, 'secret.png'), path.join(site, 'content/docs/linked.png'));
        const rel = path
          .relative(path.join(site, 'content/docs'), path.join(secretDir, 'secret.png'))
          .split(path.sep)
          .join('/');
        writeFileSync(
          path.join(site, 'content/docs/image.md'),
          `---\ntitle: Image\n---\n\n# Image\n\n![a](${rel})\n\n![b](./linked.png)\n`,
        );
      },
      config: (text) =>
        text.replace("onBrokenAnchors: 'throw',", "onBrokenAnchors: 'throw',\n  onBrokenLinks: 'warn',"),
    });
    const result = runDocgen(['build'], dir);
    expect(result.stderr).not.toMatch(/InternalError/);
    expect(textOf(path.join(dir, 'dist'))).not.toContain(SECRET);
  });
});
