import type { Root } from 'hast';
import { hastToReact } from '../../src/shared/hast-to-react.js';
import { CodeBlock } from './CodeBlock.js';

const components = { pre: CodeBlock };

/** Renders Markdown content (hast from the route data) through the one shared hast -> React conversion. */
export function Content({ tree }: { tree: Root | null }) {
  if (!tree) return null;
  return <div className="dg-markdown">{hastToReact(tree, components)}</div>;
}
