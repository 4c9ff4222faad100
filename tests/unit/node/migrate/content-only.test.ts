/** Only pages and static files reach the migrated content folder, so only they reach dist/ (write-site.ts contentOnly). */
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentOnly, copyTree } from '../../../../src/node/migrate/write-site.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docgen-content-only-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('contentOnly', () => {
  it('leaves out manifests, lock files, components, example code and templates that no page names', () => {
    const from = path.join(dir, 'docs');
    mkdirSync(path.join(from, 'guide'), { recursive: true });
    const files: Record<string, string> = {
      'guide/page.mdx': "import Src from '!!raw-loader!./example.js';\n\n![x](./shot.png)\n",
      'guide/example.js': 'console.log(1);\n',
      'guide/shot.png': 'png',
      'guide/Widget.jsx': 'export default () => null;\n',
      'guide/demo.vue': '<template/>\n',
      'package.json': '{}',
      'yarn.lock': '',
      'template.html': '<html></html>',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(from, name), text);
    const skipped: string[] = [];
    const to = path.join(dir, 'out');
    copyTree(from, to, contentOnly(from, skipped));
    expect(readdirSync(to, { recursive: true }).map(String).sort()).toEqual([
      'guide',
      'guide/example.js',
      'guide/page.mdx',
      'guide/shot.png',
    ]);
    expect(skipped.sort()).toEqual([
      'guide/Widget.jsx',
      'guide/demo.vue',
      'package.json',
      'template.html',
      'yarn.lock',
    ]);
  });

  it('keeps a file only when a page references it, not when a page mentions its name (VitePress guide pages)', () => {
    const from = path.join(dir, 'vp');
    mkdirSync(path.join(from, 'guide'), { recursive: true });
    mkdirSync(path.join(from, 'snippets'), { recursive: true });
    mkdirSync(path.join(from, 'components', 'Chart'), { recursive: true });
    const files: Record<string, string> = {
      'guide/config.md':
        'Edit `config.ts` and `package.json`:\n\n```json\n// tsconfig.json\n```\n\n<<< @/snippets/snippet.js{2}\n\n<<< ../snippets/region.ts#one [tab]\n\n' +
        "<!--@include: ../parts/intro.html-->\n\nimport Chart from '../components/Chart';\nimport Badge from '@site/src/Badge';\n\n[pure](/pure.html)\n",
      'config.ts': 'export default {};\n',
      'package.json': '{}',
      'tsconfig.json': '{}',
      'pure.html': '<p>pure</p>',
      'snippets/snippet.js': 'a\nb\n',
      'snippets/region.ts': '// #region one\n',
      'snippets/unused.js': '',
      'components/Chart/index.jsx': 'export default () => null;\n',
    };
    mkdirSync(path.join(from, 'parts'), { recursive: true });
    files['parts/intro.html'] = '<p>x</p>';
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(from, name), text);
    const skipped: string[] = [];
    copyTree(from, path.join(dir, 'vp-out'), contentOnly(from, skipped));
    expect(skipped.sort()).toEqual(['config.ts', 'package.json', 'snippets/unused.js', 'tsconfig.json']);
  });

  it('keeps what a kept module imports by relative path, transitively (a component beside the pages and its modules)', () => {
    const from = path.join(dir, 'transitive');
    mkdirSync(path.join(from, 'start'), { recursive: true });
    const files: Record<string, string> = {
      'start.mdx': "import { Installation } from './start/Installation';\n\n<Installation />\n",
      'start/Installation.tsx':
        "import { MANAGERS } from './shared';\n// import { Old } from './old';\nexport const Installation = () => MANAGERS;\n",
      'start/shared.tsx': "import Dialect from './Dialect';\nexport const MANAGERS = [Dialect];\n",
      'start/Dialect.jsx': 'export default () => null;\n',
      'start/old.tsx': 'export const Old = 1;\n',
      'start/types.ts': 'export type T = 1;\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(from, name), text);
    const skipped: string[] = [];
    copyTree(from, path.join(dir, 'transitive-out'), contentOnly(from, skipped));
    expect(skipped.sort()).toEqual(['start/old.tsx', 'start/types.ts']);
  });
});

describe('indexDocs', () => {
  it("strips number prefixes as Docusaurus' DefaultNumberPrefixParser does, and finds category indexes in any case", async () => {
    const { indexDocs } = await import('../../../../src/node/migrate/docs-index.js');
    const docs = path.join(dir, 'prefixes');
    mkdirSync(path.join(docs, '02-Guides'), { recursive: true });
    mkdirSync(path.join(docs, '03-Setup'), { recursive: true });
    const names = [
      '0_115_0_Release.md',
      '01-intro.md',
      '2020-01-01-news.md',
      '02-Guides/guides.md',
      '03-Setup/03-SETUP.md',
    ];
    for (const name of names) writeFileSync(path.join(docs, name), '# x\n');
    const index = indexDocs(docs, true);
    expect([...index.keys()].sort()).toEqual([
      '0_115_0_Release',
      '2020-01-01-news',
      'Guides/guides',
      'Setup/SETUP',
      'intro',
    ]);
    // isCategoryIndex compares the names as written: `02-Guides/guides.md` is no index, `03-Setup/03-SETUP.md` is.
    expect(index.get('Guides/guides')!.slug).toBe('/Guides/guides');
    expect(index.get('Setup/SETUP')!.slug).toBe('/Setup/');
  });
});

describe('copyTree', () => {
  it('copies a linked file as the file, and leaves out a link to nothing, naming it, instead of failing', () => {
    const from = path.join(dir, 'public');
    mkdirSync(from, { recursive: true });
    writeFileSync(path.join(dir, 'logo.svg'), '<svg/>');
    symlinkSync('../logo.svg', path.join(from, 'logo.svg')); // as VitePress' docs/public links into art/
    symlinkSync('../art/missing.svg', path.join(from, 'mini.svg'));
    writeFileSync(path.join(from, 'robots.txt'), 'User-agent: *\n');
    const dangling: string[] = [];
    const to = path.join(dir, 'public-out');
    expect(copyTree(from, to, undefined, (relative) => dangling.push(relative))).toBe(2);
    expect(readdirSync(to).sort()).toEqual(['logo.svg', 'robots.txt']);
    expect(lstatSync(path.join(to, 'logo.svg')).isFile()).toBe(true);
    expect(dangling).toEqual(['mini.svg']);
  });

  it('writes a page that is not UTF-8 as UTF-8 with U+FFFD, as Docusaurus reads it, and names its first bad line', () => {
    const from = path.join(dir, 'sjis');
    mkdirSync(from, { recursive: true });
    // A Shift_JIS sample page: "文字コード は utf8" encoded as Shift_JIS on line 3 (doc-tech-ds txt-sjis.md).
    const sjis = Buffer.from([0x95, 0xb6, 0x8e, 0x9a, 0x83, 0x52, 0x81, 0x5b, 0x83, 0x68]);
    writeFileSync(
      path.join(from, 'txt-sjis.md'),
      Buffer.concat([Buffer.from('# sjis\n\n'), sjis, Buffer.from(' utf8\n')]),
    );
    writeFileSync(path.join(from, 'plain.md'), '# plain\n');
    const notes: [string, string | undefined, number | undefined][] = [];
    const to = path.join(dir, 'sjis-out');
    copyTree(from, to, undefined, (relative, message, line) => notes.push([relative, message, line]));
    const text = readFileSync(path.join(to, 'txt-sjis.md'), 'utf8');
    expect(text.startsWith('# sjis\n\n\uFFFD')).toBe(true);
    expect(text.endsWith(' utf8\n')).toBe(true);
    expect(notes).toHaveLength(1);
    expect(notes[0]![0]).toBe('txt-sjis.md');
    expect(notes[0]![1]).toContain('not UTF-8');
    expect(notes[0]![2]).toBe(3);
  });
});
