import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { RecentParses } from '../../../../src/node/markdown/remark-parse-format.js';
import { compile } from '../../../helpers/markdown.js';

const tree = (text: string): Root => ({
  type: 'root',
  children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
});

describe('RecentParses', () => {
  it('parses a text seen again and again twice, and gives later parses a copy', () => {
    const recent = new RecentParses();
    let parses = 0;
    const parse = (text: string) => () => (parses++, tree(text));
    const given: Root[] = [];
    for (let i = 0; i < 10; i++) given.push(recent.parse('a', false, parse('a')));
    expect(parses).toBe(2);
    expect(new Set(given).size).toBe(10);
    for (const root of given) expect(root).toEqual(tree('a'));
  });

  it('gives the untouched tree after a transformer changed the one it was given', () => {
    const recent = new RecentParses();
    for (let i = 0; i < 5; i++) {
      const root = recent.parse('a', false, () => tree('a'));
      expect(root).toEqual(tree('a'));
      (root.children[0] as { children: { value: string }[] }).children[0]!.value = 'changed';
      root.children.push({ type: 'thematicBreak' });
    }
  });

  it('keeps MDX and CommonMark parses of one text apart, and never remembers a huge text', () => {
    const recent = new RecentParses();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      recent.parse('a', false, () => (seen.push('md'), tree('md')));
      expect(recent.parse('a', true, () => (seen.push('mdx'), tree('mdx')))).toEqual(tree('mdx'));
    }
    expect(seen).toEqual(['md', 'mdx', 'md', 'mdx']);
    const huge = 'x'.repeat(64 * 1024);
    let parses = 0;
    for (let i = 0; i < 3; i++) recent.parse(huge, false, () => (parses++, tree('x')));
    expect(parses).toBe(3);
  });
});

describe('one text compiled once per docs version', () => {
  it('compiles the same each time, with the same diagnostics, MDX expressions and exports included', async () => {
    const source = [
      'export const plan = { name: "標準", limit: 5 };',
      '',
      '# タイトル',
      '',
      '## 概要 {#overview}',
      '',
      'プラン {plan.name} は {plan.limit * 2} 件まで。脚注[^1]。',
      '',
      ':::tip[ヒント]',
      '本文です。',
      ':::',
      '',
      '```ts title="a.ts" {1}',
      'const a = 1;',
      '```',
      '',
      '## 概要',
      '',
      '[^1]: 注。',
      '',
    ].join('\n');
    const first = await compile(source, undefined, { mdx: true });
    // Content JavaScript is not run here (no site components): the export and expressions are dropped with warnings.
    expect(first.errors.map((e) => [e.severity, e.line])).toEqual([
      ['warning', 1],
      ['warning', 7],
      ['warning', 7],
    ]);
    expect(first.html).toContain('脚注');
    for (let i = 0; i < 4; i++) {
      const again = await compile(source, undefined, { mdx: true });
      expect(again.html).toBe(first.html);
      expect([again.ids, again.toc, again.h1, again.errors]).toEqual([first.ids, first.toc, first.h1, first.errors]);
    }
  });
});
