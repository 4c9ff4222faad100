/**
 * VitePress code snippet imports (VitePress "Markdown Extensions", Import Code Snippets): a line
 * `<<< path[#region][{[lines] [lang][:line-numbers] [attrs]}][ [title]]` is a code block holding the file's text, or
 * the text of its VS Code region(s) `#region name` ... `#endregion name`. `@/x` (or `@x`) is below the content
 * folder (VitePress: srcDir), any other path is relative to the page. Markdown never reads outside the project
 * (SECURITY.md): a path that leaves it is refused. remark-snippet-imports.ts parses the line; this module reads
 * the reference, the file and the region, and lists what a page imports (its page cache key and dev's watcher).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkRead, readPolicyOf } from '../read-policy.js';

/** A parsed `<<<` reference (VitePress parseSnippetPath: suffixes peeled off right to left). */
export interface SnippetReference {
  /** The path as written, without region, braces and title. */
  filepath: string;
  /** Region name after `#`, or ''. */
  region: string;
  /** Highlighted lines (`1,3-5`), or ''. */
  lines: string;
  /** Language from the braces (may end in `:line-numbers`), or ''; else the file's extension is the language. */
  lang: string;
  extension: string;
  /** What follows the language in the braces, passed on to the code block's meta. */
  attrs: string;
  /** `[title]`, or the file name: a code group's tab label. */
  title: string;
}

const LINES = /^\d+(?:[,-]\d+)*$/;

/**
 * Parses what follows `<<<` on the line.
 * @example parseSnippetReference(' ./a.ts#setup{2,4-5 ts:line-numbers} [a.ts]')
 */
export function parseSnippetReference(raw: string): SnippetReference {
  let rest = raw.trim();
  let title = '';
  const titled = /\s*\[(.+)\]$/.exec(rest);
  if (titled) {
    title = titled[1]!;
    rest = rest.slice(0, titled.index).trimEnd();
  }
  let lines = '';
  let lang = '';
  let attrs = '';
  const brace = rest.lastIndexOf('{');
  if (rest.endsWith('}') && brace > 0) {
    let meta = rest.slice(brace + 1, -1).trim();
    rest = rest.slice(0, brace).trimEnd();
    if (/^[\d\s,-]+$/.test(meta) && LINES.test(meta.replace(/\s+/g, ''))) {
      lines = meta.replace(/\s+/g, '');
      meta = '';
    }
    const first = /^\S+/.exec(meta)?.[0];
    if (first && LINES.test(first)) {
      lines = first;
      meta = meta.slice(first.length).trimStart();
    }
    lang = /^\S+/.exec(meta)?.[0] ?? '';
    attrs = meta.slice(lang.length).trim();
  }
  let region = '';
  const regionMatch = /#([\w.-]+)$/.exec(rest);
  if (regionMatch) {
    region = regionMatch[1]!;
    rest = rest.slice(0, regionMatch.index);
  }
  const filepath = rest.trim();
  const filename = filepath.split(/[\\/]/).pop() ?? '';
  return {
    filepath,
    region,
    lines,
    lang,
    extension: /\.([a-zA-Z0-9]+)$/.exec(filename)?.[1] ?? '',
    attrs,
    title: title || filename,
  };
}

/** Where a page's snippet paths are resolved: its file, the content folder (`@`) and the project root. */
export interface SnippetRoots {
  file: string;
  contentRoot: string;
  projectRoot: string;
  /** config `allowedReadPaths` (absolute): other folders a page may read. */
  allowedReadPaths?: readonly string[];
}

/**
 * The absolute path a reference names, its symbolic links resolved when it exists.
 * @returns the path, or `outside: true` when it leaves the project root, the content folder and config
 *   `allowedReadPaths` (never read; read-policy.ts)
 */
export function resolveSnippetPath(filepath: string, roots: SnippetRoots): { file: string; outside: boolean } {
  const named = filepath.startsWith('@')
    ? path.join(roots.contentRoot, filepath.slice(/^@[\\/]/.test(filepath) ? 2 : 1))
    : path.resolve(path.dirname(roots.file), filepath);
  return checkRead(
    named,
    readPolicyOf({ root: roots.projectRoot, contentPath: roots.contentRoot, allowedReadPaths: roots.allowedReadPaths }),
  );
}

/** A line that may start a snippet import: `<<<` after indentation, block quote markers and list markers. */
const IMPORT_LINE = /^(?:[ \t>]|(?:[-+*]|\d{1,9}[.)])(?=[ \t]))*<<<(.+)$/gm;

/** An MDX `import … from '…'` statement's module specifier (remark-mdx-content.ts reads raw imports). */
const MDX_IMPORT = /^import\s[^'"]*from\s*(['"])([^'"]+)\1/gm;

/**
 * The file a raw import names (`./file?raw`, `!!raw-loader!./file`, as Docusaurus sites import source files with
 * webpack's raw loader; `!!raw-loader!@site/src/x.js` from the site root), or null for any other module specifier.
 * @param importer the importing file (absolute); @param siteRoot what `@site/` names
 * @returns an absolute path (not checked against the read policy)
 */
export function rawImportFile(specifier: string, importer: string, siteRoot: string): string | null {
  const bare = specifier.replace(/^!!?(raw-loader!)?/, '');
  const loader = /^!!?raw-loader!/.test(specifier);
  if (!loader && !/\?raw$/.test(bare)) return null;
  const named = bare.replace(/\?raw$/, '');
  if (named.startsWith('.')) return path.resolve(path.dirname(importer), named);
  if (named.startsWith('@site/')) return path.resolve(siteRoot, named.slice('@site/'.length));
  return null;
}

/**
 * The files a page reads besides itself, inside the project: what its snippet imports (`<<<`) and its MDX raw
 * imports (`?raw`, `raw-loader!`) name, the partials its MDX imports name (`import X from './_x.md'`, or
 * `'@site/…'` from the site root: remark-mdx-content.ts inlines them) and, read in turn, what those partials import,
 * to the depth remark-mdx-content.ts inlines. A superset: lines in code fences count too, so nothing the parser
 * reads is missed (the compile also lists what it read, `MarkdownContext.reads`: the page cache keeps the hashes of
 * any other file with the entry, pool/compile-pages.ts). Part of the page cache key, the incremental build's record
 * and dev's watcher.
 * @param roots.siteRoot what `@site/` names (default: the content folder's parent, as remark-mdx-content.ts)
 * @returns absolute paths, sorted and unique; none without `<<<` or an import in the source
 */
export function importedFilesOf(source: string, roots: SnippetRoots & { siteRoot?: string }): string[] {
  const files = new Set<string>();
  const add = (filepath: string) => {
    const { file, outside } = resolveSnippetPath(filepath, roots);
    if (!outside) files.add(file);
  };
  if (source.includes('<<<')) {
    for (const match of source.matchAll(IMPORT_LINE)) {
      const reference = parseSnippetReference(match[1]!);
      if (reference.filepath) add(reference.filepath);
    }
  }
  if (!source.includes('import')) return [...files].sort();
  const policy = readPolicyOf({
    root: roots.projectRoot,
    contentPath: roots.contentRoot,
    allowedReadPaths: roots.allowedReadPaths,
  });
  const siteRoot = roots.siteRoot ?? path.dirname(roots.contentRoot);
  // Breadth first from the page, as deep as remark-mdx-content.ts inlines (MAX_PARTIAL_DEPTH 10, plus the page).
  let level: { file: string; text: string }[] = [{ file: roots.file, text: source }];
  for (let depth = 0; depth <= PARTIAL_DEPTH && level.length > 0; depth++) {
    const next: { file: string; text: string }[] = [];
    for (const { file, text } of level) {
      if (!text.includes('import')) continue;
      for (const match of text.matchAll(MDX_IMPORT)) {
        const specifier = match[2]!;
        const named = rawImportFile(specifier, file, siteRoot);
        if (named !== null) {
          if (!checkRead(named, policy).outside) files.add(named);
          continue;
        }
        const partial = partialImportPath(specifier, file, siteRoot);
        if (partial === null || files.has(partial) || checkRead(partial, policy).outside) continue;
        files.add(partial);
        try {
          next.push({ file: partial, text: readFileSync(partial, 'utf8') });
        } catch {
          // missing: the page reports it; its path stays listed, so adding the file compiles the page again
        }
      }
    }
    level = next;
  }
  return [...files].sort();
}

/** How deep partials import partials (remark-mdx-content.ts MAX_PARTIAL_DEPTH). */
const PARTIAL_DEPTH = 11;

/**
 * The file an MDX import of a partial names (remark-mdx-content.ts: a relative `.md`/`.mdx` specifier from the
 * importing file's folder, or `@site/…` from the site root), or null for any other specifier.
 */
function partialImportPath(specifier: string, from: string, siteRoot: string): string | null {
  if (!/\.mdx?$/.test(specifier)) return null;
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  if (specifier.startsWith('@site/')) return path.resolve(siteRoot, specifier.slice('@site/'.length));
  return null;
}

/** Region markers by comment style (VS Code's folding markers): the start and end line of a named region. */
const MARKERS: { start: RegExp; end: RegExp }[] = [
  // js, ts, java, go, rust, c, c#, f#: `// #region name`, `//#region`, `// region`
  { start: /^\s*\/\/\s*#?region\b\s*(.*?)\s*$/, end: /^\s*\/\/\s*#?endregion\b\s*(.*?)\s*$/ },
  // python, yaml, shell, c#, powershell, visual basic, c/c++: `# region`, `#region`, `#Region`, `#pragma region`
  {
    start: /^\s*#\s*(?:pragma\s+)?[rR]egion\b\s*(.*?)\s*$/,
    end: /^\s*#\s*(?:pragma\s+)?(?:[eE]nd ?[rR]egion)\b\s*(.*?)\s*$/,
  },
  // html, markdown, vue templates
  { start: /^\s*<!--\s*#?region\b\s*(.*?)\s*-->/, end: /^\s*<!--\s*#?endregion\b\s*(.*?)\s*-->/ },
  // css, less, scss
  { start: /^\s*\/\*\s*#region\b\s*(.*?)\s*\*\//, end: /^\s*\/\*\s*#endregion\b\s*(.*?)\s*\*\// },
  // sql, lua, bat
  {
    start: /^\s*(?:--|::|[rR][eE][mM])\s*#region\b\s*(.*?)\s*$/,
    end: /^\s*(?:--|::|[rR][eE][mM])\s*#endregion\b\s*(.*?)\s*$/,
  },
];

/**
 * The lines of every region called `name`, concatenated in order, without the marker lines of their comment style
 * and with their common indentation removed. A nested region of the same name belongs to the outer one; an
 * unnamed end closes the innermost region of its style.
 * @returns null when the file has no such region
 */
function regionOf(lines: string[], name: string): string[] | null {
  const open: { name: string; start: number; marker: number }[] = [];
  const found: { start: number; end: number; marker: number }[] = [];
  for (const [i, line] of lines.entries()) {
    if (!/region/i.test(line)) continue;
    const startMarker = MARKERS.findIndex((marker) => marker.start.test(line));
    if (startMarker >= 0) {
      open.push({ name: MARKERS[startMarker]!.start.exec(line)![1]!, start: i + 1, marker: startMarker });
      continue;
    }
    const endMarker = MARKERS.findIndex((marker) => marker.end.test(line));
    if (endMarker < 0) continue;
    const endName = MARKERS[endMarker]!.end.exec(line)![1]!;
    const index = endName
      ? open.findLastIndex((r) => r.name === endName)
      : open.findLastIndex((r) => r.marker === endMarker);
    if (index < 0) continue;
    const [closed] = open.splice(index);
    if (closed!.name === name && !open.some((r) => r.name === name))
      found.push({ start: closed!.start, end: i, marker: closed!.marker });
  }
  if (found.length === 0) return null;
  const styles = new Set(found.map((region) => MARKERS[region.marker]!));
  const picked = found
    .flatMap((region) => lines.slice(region.start, region.end))
    .filter((line) => ![...styles].some((m) => m.start.test(line) || m.end.test(line)));
  return dedent(picked);
}

/** Removes the indentation common to the lines that are not blank. */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return common === 0 ? lines : lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)![0].length)));
}

/** What an import reads: the code, or why it cannot. */
export type SnippetRead = { code: string; file: string } | { problem: 'outside' | 'missing' | 'region'; file: string };

/**
 * Reads an import's code: the file's text (or its region), without a final line break.
 * @returns the code, or the problem (a path outside the project, a missing file or folder, a missing region)
 */
export function readSnippet(reference: SnippetReference, roots: SnippetRoots): SnippetRead {
  const { file, outside } = resolveSnippetPath(reference.filepath, roots);
  if (outside) return { problem: 'outside', file };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: 'missing', file }; // missing, a folder, or unreadable
  }
  let lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (reference.region) {
    const region = regionOf(lines, reference.region);
    if (!region) return { problem: 'region', file };
    lines = region;
  }
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return { code: lines.join('\n'), file };
}
