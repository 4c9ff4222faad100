/**
 * markdown/walk.ts keeps unist-util-visit's contract (which it replaced in docgen's plugins for speed): same
 * nodes in the same order with the same index and parent, SKIP, jumps, and children read after the visitor.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Node, Parent } from 'unist';
import { SKIP as VISIT_SKIP, visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { createMarkdownProcessor } from '../../../../src/node/markdown/processor.js';
import { SKIP, walk } from '../../../../src/node/markdown/walk.js';
import { repoRoot } from '../../../helpers/site.js';

const processor = createMarkdownProcessor();
const files = fg.sync(['tests/fixtures/sites/*/content/**/*.md'], { cwd: repoRoot }).sort().slice(0, 12);

type Seen = [string, number | undefined, string | undefined];
const seen = (node: Node, index: number | undefined, parent: Parent | undefined): Seen => [
  node.type,
  index,
  parent?.type,
];

describe('walk', () => {
  it.each(files)('visits %s like unist-util-visit, with and without a type test', (rel) => {
    const tree = processor.parse(readFileSync(path.join(repoRoot, rel), 'utf8'));
    for (const test of [undefined, 'text', 'heading']) {
      const expected: Seen[] = [];
      const actual: Seen[] = [];
      if (test) {
        visit(tree, test, (node, index, parent) => void expected.push(seen(node, index, parent as Parent)));
        walk(tree, test, (node, index, parent) => void actual.push(seen(node, index, parent as Parent)));
      } else {
        visit(tree, (node, index, parent) => void expected.push(seen(node, index, parent as Parent)));
        walk(tree, (node, index, parent) => void actual.push(seen(node, index, parent as Parent)));
      }
      expect(actual).toEqual(expected);
    }
  });

  it('honours SKIP, [SKIP, next] and a replaced node exactly as unist-util-visit does', () => {
    const make = () => ({
      type: 'root',
      children: [
        { type: 'a', children: [{ type: 'x' }] },
        { type: 'b', children: [{ type: 'y' }] },
        { type: 'c', children: [{ type: 'z' }] },
        { type: 'd' },
      ],
    });
    const run = (go: typeof walk | typeof visit, skip: unknown) => {
      const tree = make();
      const order: string[] = [];
      (go as typeof walk)(tree as Parent, (node: Node, index, parent) => {
        order.push(node.type);
        if (node.type === 'a') return skip as typeof SKIP;
        if (node.type === 'b' && parent && index !== undefined) {
          parent.children[index] = { type: 'wrapper', children: [node] } as never; // its own children are still entered
          return;
        }
        if (node.type === 'c' && index !== undefined) return [skip as typeof SKIP, index + 1];
      });
      return { order, tree: JSON.stringify(tree) };
    };
    expect(run(walk, SKIP)).toEqual(run(visit as unknown as typeof walk, VISIT_SKIP));
    expect(run(walk, SKIP).order).toEqual(['root', 'a', 'b', 'y', 'c', 'd']);
  });
});
