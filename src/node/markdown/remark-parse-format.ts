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
  const recent = new RecentParses();
  self.parser = (doc: string, file: VFile): Root => {
    const mdx = file.data.docgen?.mdx ?? false;
    return recent.parse(doc, mdx, () => {
      const extensions = self.data('micromarkExtensions') ?? [];
      const mdastExtensions = self.data('fromMarkdownExtensions') ?? [];
      const first = self.data('docgenFirstSyntax') ?? [];
      // micromark tries the constructs of a later extension before those of an earlier one at the same character.
      return fromMarkdown(doc, {
        ...self.data('settings'),
        extensions: mdx ? [...extensions, MDX_SYNTAX, ...first] : [...extensions, ...first],
        mdastExtensions: mdx ? [...mdastExtensions, MDX_TREE] : mdastExtensions,
      });
    });
  };
};

/** Texts remembered: a versioned site's copies of one page are compiled one after another (pool/pool.ts). */
const RECENT_TEXTS = 8;
/** Texts from this size are never remembered: a tree is about 100 times its text, and few pages are this large. */
const LARGEST_REMEMBERED = 64 * 1024;

/**
 * The parses of the last few texts that came twice. A versioned site holds the same page in every version (a
 * 10-version site parses each text 10 times, and micromark is the costliest step of a compile), so a text seen a
 * second time keeps its tree, and later parses of the same text (and format) get a copy of it, as transformers
 * change the tree they are given. A text seen once keeps nothing but its place in the list: a site without copies
 * pays no copy. The parser reads nothing but the text, the format and the processor's extensions, so a copy is
 * what a parse would give.
 */
export class RecentParses {
  /** Key (format + text) -> its untouched tree, or null when the text was seen once; oldest first. */
  private entries = new Map<string, Root | null>();

  parse(doc: string, mdx: boolean, parse: () => Root): Root {
    if (doc.length >= LARGEST_REMEMBERED) return parse();
    const key = (mdx ? 'x' : 'm') + doc;
    const entry = this.entries.get(key);
    this.entries.delete(key);
    let tree: Root;
    if (entry) tree = cloneTree(entry);
    else tree = parse();
    this.entries.set(key, entry ?? (entry === null ? cloneTree(tree) : null));
    if (this.entries.size > RECENT_TEXTS) this.entries.delete(this.entries.keys().next().value!);
    return tree;
  }
}

/**
 * A deep copy of a syntax tree: arrays and objects copied (keeping their prototype, as estree nodes of MDX
 * expressions are instances of acorn's Node), a RegExp (an estree regex literal's value) shared. Faster than
 * structuredClone, which serialises first, and a tree holds nothing else (no Map, Set or cycle).
 */
function cloneTree<T>(value: T): T {
  if (typeof value !== 'object' || value === null || value instanceof RegExp) return value;
  if (Array.isArray(value)) return value.map(cloneTree) as T;
  const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = cloneTree((value as Record<string, unknown>)[key]);
  return copy as T;
}
