import type { Root } from 'hast';
import { useContext } from 'react';
import { CodeBlock } from './CodeBlock.js';
import { labelledElements } from './content-labels.js';
import { ContentRendererContext } from './content-renderer.js';
import { mdxComponents } from './mdx-components.js';

/** Tag name -> component: the content's code blocks, labelled elements, and the site's components (theme.mdxComponents). */
const components = { ...mdxComponents, pre: CodeBlock, ...labelledElements };

/**
 * Renders Markdown content: from hast through the one shared hast -> React conversion (server rendering and
 * client-side navigation), or, on the first load in the browser, as the server-rendered HTML already in the page.
 * @param tree hast from the route data, or null
 * @param html the server-rendered HTML of this block (first load only)
 */
export function Content({ tree, html }: { tree: Root | null; html?: string }) {
  const render = useContext(ContentRendererContext);
  if (tree && render) return <div className="dg-markdown">{render(tree, components)}</div>;
  if (html !== undefined) return <div className="dg-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  return null;
}
