/**
 * Raw HTML policy (issue #7, documented in README "Writing content"): raw HTML in Markdown is rejected with a
 * MarkdownSyntax error at its position, never rendered, so no page can carry author-injected markup or script.
 * HTML comments are allowed and dropped.
 */
import type { Html, Root } from 'mdast';
import type { VFile } from 'vfile';
import { walk } from './walk.js';
import { reportAt } from './context.js';

/** remark plugin; fills `file.data.docgen.errors`. */
export function remarkRawHtml() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    walk(tree, 'html', (node: Html) => {
      if (/^\s*<!--[\s\S]*-->\s*$/.test(node.value)) return;
      reportAt(
        ctx,
        String(file.value),
        node,
        'MarkdownSyntax',
        `Raw HTML is not allowed in Markdown (${JSON.stringify(node.value.trim().slice(0, 40))}). Use Markdown syntax, or put the markup in a code span or code block.`,
      );
    });
  };
}
