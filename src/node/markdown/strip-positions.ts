/**
 * Dropping what a compiled tree no longer needs before it is stored (processor.ts, and piecewise.ts for each piece
 * of a huge page).
 */

/** Removes unist positions and data, at every depth, so route data files stay small. */
export function stripPositions(node: { position?: unknown; data?: unknown; children?: unknown[] }): void {
  delete node.position;
  delete node.data;
  if (node.children) for (const child of node.children) stripPositions(child as typeof node);
}
