/**
 * VitePress code snippet imports (snippet-imports.ts): a line starting with `<<<` (after at most three spaces of
 * indentation, in any container: a list item, a block quote, a code group) becomes a fenced code block holding the
 * file's text, as VitePress' markdown-it block rule does. Parsed by a micromark construct, so it works in CommonMark
 * and MDX pages alike (in MDX `<` would start JSX), and it cannot interrupt a paragraph (VitePress' rule has no
 * `alt`). A missing file or region is a SnippetNotFound diagnostic at the line as `onMissingSnippet` says (an error,
 * or an empty block), a path outside the project a SnippetOutsideProject error. Runs before remark-directives.ts, so a code group's tabs may be imports.
 */
import type { Code, Root } from 'mdast';
import type { CompileContext, Extension as FromMarkdownExtension, Token } from 'mdast-util-from-markdown';
import type { Code as CharCode, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';
import { reportAt, reportByPolicy } from './context.js';
import { parseSnippetReference, readSnippet } from './snippet-imports.js';
import { walk } from './walk.js';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    snippetImport: 'snippetImport';
    snippetImportMarker: 'snippetImportMarker';
    snippetImportValue: 'snippetImportValue';
  }
}

/** The `<<<` line as parsed: what follows the marker. */
export interface SnippetImport {
  type: 'snippetImport';
  value: string;
  position?: Code['position'];
  data?: Code['data'];
}

declare module 'mdast' {
  interface RootContentMap {
    snippetImport: SnippetImport;
  }
  interface BlockContentMap {
    snippetImport: SnippetImport;
  }
}

const LESS_THAN = 60;

/** The flow construct: `<<<`, then the rest of the line (not empty). */
const snippetConstruct: Construct = { name: 'snippetImport', tokenize: tokenizeSnippetImport };

function tokenizeSnippetImport(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  // micromark's codes: null at the end, -5 to -3 for CR, LF and CRLF (micromark-util-character markdownLineEnding)
  const isLineEnd = (code: CharCode) => code === null || code < -2;
  const start: State = (code) => {
    if (this.interrupt || code !== LESS_THAN) return nok(code);
    effects.enter('snippetImport');
    effects.enter('snippetImportMarker');
    return marker(code);
  };
  const marker: State = (code) => {
    if (code === LESS_THAN && size < 3) {
      size += 1;
      effects.consume(code);
      return marker;
    }
    if (size < 3 || isLineEnd(code)) return nok(code);
    effects.exit('snippetImportMarker');
    effects.enter('snippetImportValue');
    return value(code);
  };
  const value: State = (code) => {
    if (isLineEnd(code)) {
      effects.exit('snippetImportValue');
      effects.exit('snippetImport');
      return ok(code);
    }
    effects.consume(code);
    return value;
  };
  return start;
}

/** The micromark extension: tried before HTML (CommonMark) and JSX (MDX), which also start at `<` (remark-parse-format.ts). */
const SYNTAX: Extension = { flow: { [LESS_THAN]: [snippetConstruct] } };

const TREE: FromMarkdownExtension = {
  enter: {
    snippetImport(this: CompileContext, token: Token) {
      this.enter({ type: 'snippetImport', value: '' } as never, token);
    },
  },
  exit: {
    snippetImportValue(this: CompileContext, token: Token) {
      (this.stack.at(-1) as unknown as SnippetImport).value = this.sliceSerialize(token);
    },
    snippetImport(this: CompileContext, token: Token) {
      this.exit(token);
    },
  },
};

/**
 * remark plugin: registers the syntax and turns each import into a `code` node (language from the braces or the
 * file's extension; meta: `{lines}`, `showLineNumbers` for `:line-numbers`, the attributes, `[title]`).
 */
export function remarkSnippetImports(this: Processor) {
  const data = this.data();
  (data.docgenFirstSyntax ??= []).push(SYNTAX);
  (data.fromMarkdownExtensions ??= []).push(TREE);
  return (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    // No walk of a page without imports (nearly every page): each one starts with `<<<`.
    if (!ctx.contentRoot || !ctx.projectRoot || !String(file.value).includes('<<<')) return;
    const roots = {
      file: ctx.file,
      contentRoot: ctx.contentRoot,
      projectRoot: ctx.projectRoot,
      allowedReadPaths: ctx.allowedReadPaths,
    };
    walk(tree, 'snippetImport', (node: SnippetImport, index, parent) => {
      if (!parent || index === undefined) return;
      const reference = parseSnippetReference(node.value);
      const read = readSnippet(reference, roots);
      if (!('problem' in read && read.problem === 'outside')) (ctx.reads ??= new Set()).add(read.file);
      const code: Code = { type: 'code', lang: null, meta: null, value: '', position: node.position };
      if ('problem' in read) {
        const shown = reference.filepath + (reference.region ? `#${reference.region}` : '');
        const message =
          read.problem === 'outside'
            ? `The snippet import <<< ${shown} names a file outside the project (${read.file}); Markdown never reads outside the project folder. Move the file into the project.`
            : read.problem === 'missing'
              ? `The snippet import <<< ${shown} names a file that does not exist (${read.file}). Fix the path: '@/' starts at the content folder, any other path at the page's folder.`
              : `The snippet import <<< ${shown} names a region '${reference.region}' that ${read.file} does not mark (a '#region ${reference.region}' ... '#endregion ${reference.region}' comment pair).`;
        if (read.problem === 'outside') reportAt(ctx, String(file.value), node, 'SnippetOutsideProject', message);
        // `onMissingSnippet` 'warn' or 'ignore' (a migrated VitePress site): the page is built, the block empty (a code
        // group keeps its tab).
        else reportByPolicy(ctx, String(file.value), node, 'SnippetNotFound', message, ctx.policies.onMissingSnippet);
      }
      const numbered = /:line-numbers$/.test(reference.lang);
      const lang = reference.lang.replace(/:(?:no-)?line-numbers(?:=\d+)?$/, '') || reference.extension;
      const meta = [
        reference.lines && `{${reference.lines}}`,
        numbered && 'showLineNumbers',
        reference.attrs,
        reference.title && `[${reference.title}]`,
      ]
        .filter(Boolean)
        .join(' ');
      Object.assign(code, { lang: lang || null, meta: meta || null, value: 'code' in read ? read.code : '' });
      parent.children[index] = code as never;
    });
  };
}
