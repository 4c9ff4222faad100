/**
 * A hast tree written as GitHub-flavoured Markdown, in one pass: the serializer of the Markdown twins
 * (markdown-twin.ts). It reads the trees docgen's own pipeline makes (and sanitised HTML from OpenAPI descriptions):
 * paragraphs, headings, lists, block quotes, code blocks, tables, thematic breaks, links, images, emphasis, strong,
 * inline code, strikethrough and line breaks; any other element is transparent (its children are written in its
 * place, as a block or inline as the element is).
 *
 * It replaces hast-util-to-mdast + mdast-util-to-markdown, which wrote the same Markdown at about ten times the CPU
 * (a whitespace-minifying copy of the tree, then an escape pass of some forty patterns over every text): the twins of
 * this site cost a quarter of its cold build. The tests keep those packages as the oracle: both outputs, parsed again
 * by remark, must give the same text (tests/unit/render/hast-markdown.test.ts).
 *
 * Rules follow CommonMark 0.31 and GFM 0.29: escapes only where a character would start a construct (§2.4,
 * §6.2 for `_` inside words), code spans and fences longer than any backtick run inside (§4.5, §6.1), link
 * destinations in `<…>` when they hold spaces or parentheses (§6.3), pipes escaped in table cells (GFM §4.10).
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';

/** How URLs are written: links (a route's page may become its twin) and images. */
export interface MarkdownUrls {
  link(href: string): string;
  image(src: string): string;
}

type Node = Root | RootContent | ElementContent;

/** Elements written as blocks (HTML's flow content that Markdown has a block for, or that wraps blocks). */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'details',
  'dialog',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * Markdown for a tree's content.
 * @param tree a hast root (or element) whose children are written
 * @param urls how link and image URLs are written
 * @returns the blocks separated by blank lines, without a trailing newline ('' for no content)
 */
export function hastToMarkdown(tree: Root | Element, urls: MarkdownUrls): string {
  return new Writer(urls).blocks(tree.children).join('\n\n');
}

/**
 * Markdown for an inline link: `[text](url)`, the text escaped.
 * @param text the link's text
 * @param url the destination as written
 */
export function markdownLink(text: string, url: string): string {
  return `[${escapeLine(escapeText(text.replace(/\s+/g, ' ').trim()))}](${destination(url)})`;
}

class Writer {
  constructor(private readonly urls: MarkdownUrls) {}

  /** The blocks of a list of children: runs of inline content become paragraphs. */
  blocks(children: readonly Node[]): string[] {
    const out: string[] = [];
    let run: Node[] = [];
    let previousList: 'ul' | 'ol' | null = null;
    let alternate = false;
    const flush = () => {
      if (run.length === 0) return;
      const text = this.paragraph(run);
      run = [];
      if (text) {
        out.push(text);
        previousList = null;
      }
    };
    for (const child of children) {
      if (child.type === 'element' && BLOCK.has(child.tagName)) {
        flush();
        const tag = child.tagName;
        if (tag === 'ul' || tag === 'ol') {
          // Two lists in a row would be read as one: the second takes the other marker (CommonMark §5.3).
          alternate = previousList === tag ? !alternate : false;
          const list = this.list(child, alternate);
          if (list) {
            out.push(list);
            previousList = tag;
          }
          continue;
        }
        const written = this.block(child);
        if (written.length > 0) previousList = null;
        out.push(...written);
      } else if (child.type === 'element' || child.type === 'text') {
        run.push(child);
      }
    }
    flush();
    return out;
  }

  /** A block element as zero or more blocks. */
  private block(node: Element): string[] {
    const tag = node.tagName;
    if (tag === 'p' || tag === 'summary' || tag === 'dt' || tag === 'figcaption') {
      const text = this.paragraph(node.children);
      return text ? [text] : [];
    }
    if (/^h[1-6]$/.test(tag)) {
      const text = this.inline(node.children, { breaks: false }).trim();
      return text ? [`${'#'.repeat(Number(tag[1]))} ${text.replace(/^#/, '\\#')}`] : [];
    }
    if (tag === 'blockquote') {
      const inner = this.blocks(node.children).join('\n\n');
      return inner ? [inner.replace(/^/gm, '> ').replace(/^> $/gm, '>')] : [];
    }
    if (tag === 'pre') return [this.code(node)];
    if (tag === 'hr') return ['---'];
    if (tag === 'table') {
      const table = this.table(node);
      return table ? [table] : [];
    }
    return this.blocks(node.children);
  }

  /** Inline content as a paragraph: whitespace collapsed, trimmed, line-start characters escaped. */
  private paragraph(children: readonly Node[]): string {
    let text = this.inline(children, { breaks: true }).replace(/^[ \n]+|[ \n]+$/g, '');
    if (text === '' || text === '\\') return '';
    if (!text.includes('\n')) return escapeLine(text);
    text = text.replace(/ *\\\n */g, '\\\n');
    return text.split('\n').map(escapeLine).join('\n');
  }

  private list(node: Element, alternate: boolean): string {
    const ordered = node.tagName === 'ol';
    const start = ordered ? Number(node.properties?.start ?? 1) || 1 : 1;
    const items = node.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'li');
    // A loose list (CommonMark §5.3) is one whose items hold paragraphs: remark-rehype wraps their content in `p`.
    const loose = items.some((item) => item.children.some((c) => c.type === 'element' && c.tagName === 'p'));
    const written: string[] = [];
    items.forEach((item, i) => {
      const marker = ordered ? `${start + i}${alternate ? ')' : '.'} ` : alternate ? '* ' : '- ';
      const body = this.blocks(item.children).join(loose ? '\n\n' : '\n');
      const indent = ' '.repeat(marker.length);
      written.push(marker + body.replace(/\n(?!\n|$)/g, `\n${indent}`));
    });
    return written.join(loose ? '\n\n' : '\n');
  }

  private code(node: Element): string {
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code') ?? node;
    const classes = classesOf(code);
    const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    const title = node.properties?.dataTitle;
    const meta = typeof title === 'string' && title ? ` title=${JSON.stringify(title)}` : '';
    const value = textOf(code).replace(/\n$/, '');
    const fence = '`'.repeat(Math.max(3, longestRun(value, '`') + 1));
    return `${fence}${lang}${meta}\n${value}\n${fence}`;
  }

  private table(node: Element): string {
    const rows: Element[] = [];
    const collect = (parent: Element) => {
      for (const child of parent.children) {
        if (child.type !== 'element') continue;
        if (child.tagName === 'tr') rows.push(child);
        else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') collect(child);
      }
    };
    collect(node);
    if (rows.length === 0) return '';
    const cells = rows.map((row) =>
      row.children.filter((c): c is Element => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th')),
    );
    const columns = Math.max(...cells.map((row) => row.length));
    if (columns === 0) return '';
    const [head = [], ...body] = cells;
    const align = Array.from({ length: columns }, (_, i) => alignOf(head[i]));
    const line = (row: Element[]) =>
      `| ${Array.from({ length: columns }, (_, i) => (row[i] ? this.cell(row[i]) : '')).join(' | ')} |`;
    const rule = `| ${align.map((a) => (a === 'left' ? ':-' : a === 'right' ? '-:' : a === 'center' ? ':-:' : '-')).join(' | ')} |`;
    return [line(head), rule, ...body.map(line)].join('\n');
  }

  /** A table cell on one line: its blocks joined by spaces, pipes escaped. */
  private cell(node: Element): string {
    const text = this.blocks(node.children)
      .map((block) => block.replace(/\\\n/g, ' ').replace(/\n+/g, ' '))
      .join(' ');
    return text.replace(/\|/g, '\\|');
  }

  /** Inline content, whitespace collapsed to single spaces; a `br` is a hard break (`\` and newline) or a space. */
  private inline(children: readonly Node[], options: { breaks: boolean }): string {
    let out = '';
    for (const child of children) out += this.phrasing(child, options);
    return out;
  }

  private phrasing(node: Node, options: { breaks: boolean }): string {
    if (node.type === 'text')
      return escapeText(/[\t\n\r\f]| {2}/.test(node.value) ? node.value.replace(/[ \t\n\r\f]+/g, ' ') : node.value);
    if (node.type !== 'element') return '';
    switch (node.tagName) {
      case 'br':
        return options.breaks ? '\\\n' : ' ';
      case 'strong':
      case 'b':
        return wrap('**', this.inline(node.children, options));
      case 'em':
      case 'i':
        return wrap('*', this.inline(node.children, options));
      case 'del':
      case 's':
        return wrap('~~', this.inline(node.children, options));
      case 'code':
      case 'kbd':
      case 'samp':
        return inlineCode(textOf(node));
      case 'a': {
        const text = this.inline(node.children, { breaks: false }).trim();
        const href = node.properties?.href;
        // A link with no text (a heading's anchor) reads as nothing: it is left out.
        if (typeof href !== 'string' || href === '' || text === '') return text;
        return `[${text}](${destination(this.urls.link(href))}${title(node)})`;
      }
      case 'img': {
        const src = node.properties?.src;
        if (typeof src !== 'string' || src === '') return '';
        const alt = typeof node.properties?.alt === 'string' ? node.properties.alt : '';
        return `![${escapeText(alt.replace(/\s+/g, ' ').trim())}](${destination(this.urls.image(src))}${title(node)})`;
      }
      default:
        return this.inline(node.children, options);
    }
  }
}

/** `**text**` with the spaces at its edges moved outside (a delimiter run next to a space cannot open or close). */
function wrap(marker: string, text: string): string {
  const inner = text.trim();
  if (inner === '' || inner === '\\') return text.includes(' ') ? ' ' : '';
  const lead = text.startsWith(' ') ? ' ' : '';
  const trail = text.endsWith(' ') ? ' ' : '';
  return `${lead}${marker}${inner}${marker}${trail}`;
}

/** An inline code span: a fence longer than any backtick run inside, padded where CommonMark §6.1 strips or needs it. */
function inlineCode(value: string): string {
  const text = value.replace(/[\n\r]+/g, ' ');
  if (text === '') return '';
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad =
    text.startsWith('`') || text.endsWith('`') || (/^ .*[^ ].* $/.test(text) && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link or image destination: in `<…>` when it holds spaces, parentheses or angle brackets (CommonMark §6.3). */
function destination(url: string): string {
  if (url === '') return '<>';
  if (!/[\s()<>\\]/.test(url)) return url;
  return `<${url.replace(/[<>\\]/g, (c) => `\\${c}`).replace(/\n/g, '%0A')}>`;
}

function title(node: Element): string {
  const value = node.properties?.title;
  return typeof value === 'string' && value ? ` "${value.replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
}

const PUNCTUATION = /[\p{P}\p{S}]/u;
const SPACE = /\s/;

/**
 * Escapes the characters of a text that would open a construct anywhere in a line: backslashes before punctuation,
 * `` ` ``, `*`, `[`, `]`, `~`, `<` before what could be a tag or autolink, `&` before what could be an entity, and `_`
 * unless it sits inside a word (CommonMark §6.2: an intraword `_` never opens or closes emphasis). A URL in the text
 * is left as written, for GFM readers to autolink (mdast-util-to-markdown writes `https\://` to prevent that).
 */
function escapeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    switch (c) {
      case '\\':
        out += i + 1 < value.length && PUNCTUATION.test(value[i + 1] ?? '') ? '\\\\' : c;
        break;
      case '`':
      case '*':
      case '[':
      case ']':
      case '~':
        out += `\\${c}`;
        break;
      case '<':
        out += /[A-Za-z/!?]/.test(value[i + 1] ?? '') ? '\\<' : c;
        break;
      case '&':
        out += /^&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/.test(value.slice(i, i + 40)) ? '\\&' : c;
        break;
      case '_': {
        const before = value[i - 1];
        const after = value[i + 1];
        const inWord =
          before !== undefined &&
          after !== undefined &&
          !SPACE.test(before) &&
          !SPACE.test(after) &&
          !PUNCTUATION.test(before) &&
          !PUNCTUATION.test(after);
        out += inWord ? c : '\\_';
        break;
      }
      default:
        out += c;
    }
  }
  return out;
}

/**
 * Escapes what would start a block at the start of a line of a paragraph: an ATX heading, a block quote, a list item,
 * a thematic break or setext underline, an ordered item (CommonMark §4.1–§4.3, §5.1, §5.2).
 */
function escapeLine(line: string): string {
  const first = line.charCodeAt(0);
  // Only these can start a block: '#', '+', '-', '=', '>' and digits (a quick test first: most lines start otherwise).
  if (!(first === 35 || first === 43 || first === 45 || first === 61 || first === 62 || (first >= 48 && first <= 57)))
    return line;
  if (/^#{1,6}(\s|$)/.test(line) || /^>/.test(line)) return `\\${line}`;
  if (/^[-+](\s|$)/.test(line) || /^=+\s*$/.test(line)) return `\\${line}`;
  if (/^(-\s*){3,}$/.test(line)) return `\\${line}`;
  const ordered = /^(\d{1,9})([.)])(\s|$)/.exec(line);
  if (ordered?.[1]) return `${ordered[1]}\\${line.slice(ordered[1].length)}`;
  return line;
}

function classesOf(node: Element): string[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function alignOf(cell: Element | undefined): 'left' | 'right' | 'center' | null {
  if (!cell) return null;
  const align =
    cell.properties?.align ?? /text-align:\s*(left|right|center)/.exec(String(cell.properties?.style ?? ''))?.[1];
  return align === 'left' || align === 'right' || align === 'center' ? align : null;
}

/** The text of a node and its descendants, as written. */
function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element' && node.type !== 'root') return '';
  let out = '';
  for (const child of node.children) out += textOf(child);
  return out;
}

function longestRun(value: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
