/**
 * Twoslash blocks (src/node/markdown/rehype-twoslash.ts) in a migrated VitePress site that uses
 * `@shikijs/vitepress-twoslash`, as Shiki's VitePress integration docs write them: the built page shows the code
 * the reader sees in VitePress (setup above `// ---cut---`, cut ranges, flags and `// ^?` lines removed), while a
 * block without the `twoslash` meta word keeps its text.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateAndBuild, removeDir, writeTree } from '../helpers/site.js';

const temp = mkdtempSync(path.join(tmpdir(), 'docgen-twoslash-'));
afterAll(() => removeDir(temp));

describe('twoslash blocks in a VitePress site', () => {
  it('are built without their hidden setup and markers', () => {
    const site = path.join(temp, 'site');
    writeTree(site, {
      'package.json':
        '{ "private": true, "devDependencies": { "vitepress": "^1.6.3", "@shikijs/vitepress-twoslash": "^3.0.0" } }\n',
      '.vitepress/config.mts': [
        "import { transformerTwoslash } from '@shikijs/vitepress-twoslash'",
        '',
        'export default {',
        "  title: 'Router',",
        '  markdown: { codeTransformers: [transformerTwoslash()] },',
        '}',
        '',
      ].join('\n'),
      'index.md': '# Router\n\nSee [the API](/api/).\n',
      'api/index.md': [
        '# API',
        '',
        '```ts twoslash',
        "import { Router } from 'tiny-router'",
        'const router = new Router()',
        '// ---cut---',
        "router.get('/posts/:id', (ctx) => {",
        "  const id = ctx.param('id')",
        '  //    ^?',
        '  return ctx.json({ id })',
        '})',
        '```',
        '',
        '```ts twoslash',
        '// @noErrors',
        '// ---cut-start---',
        'type Env = { Bindings: { TOKEN: string } }',
        '// ---cut-end---',
        'const app = new Router<Env>()',
        'app.env.TOKEN',
        '//      ^|',
        '```',
        '',
        '```ts',
        '// ---cut---',
        'const plain = true',
        '```',
        '',
      ].join('\n'),
    });
    const out = path.join(temp, 'migrated');
    migrateAndBuild('vitepress', site, out);
    const blocks = parse(readFileSync(path.join(out, 'dist/api/index.html'), 'utf8'), {
      blockTextElements: { script: true, style: true },
    })
      .querySelectorAll('main pre')
      .map((pre) => pre.text);
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain("router.get('/posts/:id'");
    expect(blocks[0]).not.toMatch(/---cut|new Router\(\)|\^\?/);
    expect(blocks[1]).toContain('const app = new Router<Env>()');
    expect(blocks[1]).not.toMatch(/---cut|type Env|@noErrors|\^\|/);
    expect(blocks[2]).toContain('// ---cut---');
  });
});
