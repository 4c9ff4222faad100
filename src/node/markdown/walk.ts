/**
 * A preorder walk over a unist tree (mdast or hast) with unist-util-visit's contract, for docgen's own plugins:
 * `visitor(node, index, parent)` may return SKIP (do not enter the node), a number (the index of the next
 * sibling to visit), `[SKIP, index]`, or nothing; the node's children are read after the visitor ran, so it may
 * replace or wrap the node in its parent. unist-util-visit 5 allocates a closure, names it and copies the
 * ancestor list for every node it passes, which made tree walks a sixth of Markdown compile time in the profile of
 * the 1,000-page corpus; this walk allocates nothing per node. EXIT is not supported (no plugin uses it).
 */
import type { Node, Parent } from 'unist';
import { SKIP } from 'unist-util-visit';

export { SKIP };

/** What a visitor may return (unist-util-visit's `VisitorResult` without EXIT). */
type WalkResult = void | typeof SKIP | number | [typeof SKIP | undefined, number?];

/** The root and every node type its children may be (mdast and hast list all content types there). */
type TreeNode<T extends Node> = T | (T extends { children: (infer C)[] } ? C : never);
/** A node of the tree that has children. */
type TreeParent<T extends Node> = TreeNode<T> & { children: TreeNode<T>[] };

export type WalkVisitor<T extends Node, N> = (
  node: N,
  index: number | undefined,
  parent: TreeParent<T> | undefined,
) => WalkResult;

/**
 * Walks `tree` in preorder, calling `visitor` for every node whose `type` is `test` (every node when omitted).
 * @param tree root node (visited too, with index and parent undefined)
 */
export function walk<T extends Node, N extends TreeNode<T> = TreeNode<T>>(tree: T, visitor: WalkVisitor<T, N>): void;
export function walk<T extends Node, N extends TreeNode<T> = TreeNode<T>>(
  tree: T,
  test: string,
  visitor: WalkVisitor<T, N>,
): void;
export function walk<T extends Node, N extends TreeNode<T>>(
  tree: T,
  testOrVisitor: string | WalkVisitor<T, N>,
  maybeVisitor?: WalkVisitor<T, N>,
): void {
  const test = typeof testOrVisitor === 'string' ? testOrVisitor : undefined;
  const visitor = (typeof testOrVisitor === 'string' ? maybeVisitor : testOrVisitor)!;
  const visit = (node: Node, index: number | undefined, parent: Parent | undefined): WalkResult => {
    const result =
      test === undefined || node.type === test
        ? visitor(node as N, index, parent as TreeParent<T> | undefined)
        : undefined;
    const action = Array.isArray(result) ? result[0] : result;
    const children = (node as Partial<Parent>).children;
    if (children && action !== SKIP) {
      const self = node as Parent;
      let offset = 0;
      while (offset > -1 && offset < self.children.length) {
        const next = visit(self.children[offset]!, offset, self);
        const jump = Array.isArray(next) ? next[1] : next;
        offset = typeof jump === 'number' ? jump : offset + 1;
      }
    }
    return result;
  };
  visit(tree, undefined, undefined);
}
