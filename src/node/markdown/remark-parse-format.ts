/**
 * Reads each page as MDX or as CommonMark (Docusaurus `markdown.format`): one frozen processor for
 * both, whose parser adds MDX syntax (`micromark-extension-mdxjs`: JSX, `{expressions}`, `import`/`export`) for the
 * files `file.data.docgen.mdx` marks. In MDX, raw HTML, autolinks and indented code are not syntax (as in MDX 3); in
 * CommonMark, raw HTML is parsed and sanitised (rehype-author-html.ts).
 */
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import type { Plugin, Processor } from 'unified';
import type { VFile } from 'vfile';

declare module 'unified' {
  interface Data {
    /**
     * micromark extensions tried before every other at their characters, MDX's included (a `<<<` snippet import
     * line, remark-snippet-imports.ts, which MDX would read as a broken JSX tag).
     */
    docgenFirstSyntax?: MicromarkExtension[];
  }
}

/** The MDX extensions, made once: they hold no per-document state. */
const MDX_SYNTAX = mdxjs();
const MDX_TREE = mdxFromMarkdown();

/**
 * unified plugin used in place of remark-parse: the same parser (mdast-util-from-markdown with every extension the
 * other plugins register), plus MDX syntax for MDX files.
 */
export const remarkParseFormat: Plugin<[], string, Root> = function (this: Processor) {
  const self = this as unknown as Processor<Root>;
  self.parser = (doc: string, file: VFile): Root => {
    const mdx = file.data.docgen?.mdx ?? false;
    const extensions = self.data('micromarkExtensions') ?? [];
    const mdastExtensions = self.data('fromMarkdownExtensions') ?? [];
    const first = self.data('docgenFirstSyntax') ?? [];
    // micromark tries the constructs of a later extension before those of an earlier one at the same character.
    return fromMarkdown(doc, {
      ...self.data('settings'),
      extensions: mdx ? [...extensions, MDX_SYNTAX, ...first] : [...extensions, ...first],
      mdastExtensions: mdx ? [...mdastExtensions, MDX_TREE] : mdastExtensions,
    });
  };
};
