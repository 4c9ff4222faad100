/**
 * A fast path for the most common kind of OpenAPI `description`: paragraphs of text with only inline code spans,
 * inline links and simple emphasis, perhaps ending in a tight bullet list, rendered without the Markdown parser to
 * exactly the HTML that markdown.ts's unified pipeline (remark-parse + remark-gfm + remark-rehype + rehypeSafeUrls +
 * hast-util-to-html) makes of them. Anything else (nested or intraword emphasis, other lists, headings, raw HTML,
 * autolink literals, escapes, entities, hard breaks, indentation ...) is declined and goes to the parser. Most
 * descriptions of real documents are of this kind (the 38 documents of the bench corpus: 9,355 of the 10,904
 * distinct descriptions that are not plain text, 66 % of their characters), and the parser was the largest cost
 * of a large document's build.
 *
 * Rules applied (CommonMark 0.31 and GFM 0.29 spec sections):
 * - paragraphs are separated by blank lines; their lines join with "\n" (§4.8 paragraphs, §6.8 soft line breaks);
 *   a line may not start with whitespace (indented code, §4.4) nor with a character that can start a block
 *   (`- + # > = | : ~ < !`, `*` or `_` unless emphasis opens there, an ordered-list marker) nor end with
 *   whitespace (hard line breaks, §6.7);
 * - a block may end in a tight bullet list: one-line `- ` items, not continued after a blank line (§5.2, §5.3);
 * - a code span is one backtick, content without backtick, line ending or edge space, escaped (§6.1);
 * - a link is `[label](destination)` with an http(s), `/`, `./`, `../` or `#` destination of URL-safe
 *   characters (§6.3), not preceded by `!` (an image); http(s) links get rel="noopener noreferrer" (rehypeSafeUrls);
 * - `_` only between ASCII letters or digits, where it can neither open nor close emphasis (§6.2 rule 2, 6), or
 *   around simple emphasis (EMPHASIS below), as `*` is;
 * - `&` only where it does not form a character reference (§2.5); `@` and `www.` are declined; an `http(s)://`
 *   autolink literal (GFM §6.9) only in its plain form (BARE_URL), any other `://` is declined.
 * A second fast path (renderHtmlParagraphs) takes descriptions written as raw HTML paragraphs of text and code.
 */

/** Characters and sequences that decline the fast path anywhere outside a code span or a link destination. */
const DECLINE = /[*[\]<\\~\u0000-\u0008\u000b-\u001f\u007f\r\t@]|:\/\/|www\.|&#?[A-Za-z0-9]+;/i;
/** A line that could start or interrupt a block, or carry a hard break or indentation (emphasis may start it). */
const LINE_DECLINE = /^(?:[-+#>=|:~<!]|[*_](?![*_]?[A-Za-z0-9])|\d{1,9}[.)])|^\s|\s$/;
/** An inline link with a plain label and a URL-safe destination; a `!` before it would make it an image. */
const LINK =
  /(?<!!)\[([^\][()`\n]+)\]\(((?:https?:\/\/|\/|#|\.{1,2}\/)(?:[-A-Za-z0-9._~:/?#=+,@]|%[0-9A-Fa-f]{2})*)\)/g;
const LINK_SLOT = /\u0001(\d+)\u0002/g;
/**
 * A GFM autolink literal (GFM 0.29 §6.9) of the plain kind: `http://` or `https://` after the start or a space or
 * line ending, a domain of at least two alphanumeric-and-hyphen segments (no underscore), then perhaps a path, query
 * or fragment of URL-safe characters. What follows the match must be the end, a space or a line ending, or the text
 * is declined (the literal would run on through characters left out here). Its trailing `? . , :` are not part of
 * the link (§6.9 extended autolink path validation).
 */
const BARE_URL =
  /(?<=^|[ \n])https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:[/?#](?:[-A-Za-z0-9._~:/?#=+,]|%[0-9A-Fa-f]{2})*)?/g;
const URL_TRAILING = /[?.,:]+$/;
/**
 * A GitHub alert marker (`> [!NOTE]`), which CommonMark and GFM read as literal text: brackets with no link
 * destination and no reference definition (§6.3). Not after `!` or `\` and not before `:`, `(` or `[`, where it
 * could be an image, an escape, a definition or a link.
 */
const ALERT = /(?<![!\\])\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\](?![:([])/g;
const CODE_SLOT = /\u0003(\d+)\u0004/g;
/**
 * Emphasis (`*em*`, `_em_`) or strong emphasis (`**strong**`, `__strong__`) on one line, whose opening run can only
 * open (after the start, whitespace or `(`, before a letter or digit) and whose closing run can only close (after a
 * letter, digit, `.`, `:` or `)`, before the end, whitespace or punctuation), with no `*` or `_` run inside (§6.2).
 * A code span (a slot) may start or end the content: its backtick is punctuation, and the runs' neighbours on the
 * other side (the start, whitespace or `(`; the end, whitespace or punctuation) keep them opening and closing.
 */
const EMPHASIS = /(?<=^|[\s(])(\*\*|__|\*|_)([A-Za-z0-9\u0003](?:[^*_\n]*[A-Za-z0-9.:)\u0004])?)\1(?=$|[\s.,:;!?)])/g;
const EMPHASIS_SLOT = /\u0005(\d+)\u0006/g;

/** Escapes text as hast-util-to-html does in text and double-quoted attributes (only `&` and `<` can occur). */
function escape(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
}

/**
 * HTML of one paragraph's or item's inline content (lines joined by "\n"), or undefined when it needs the parser.
 * Code spans are taken first, as they bind more tightly than link brackets (§6.3): a link label may hold one, and
 * nothing inside one is a link.
 */
function renderInline(paragraph: string): string | undefined {
  const parts = paragraph.split('`');
  if (parts.length % 2 === 0) return undefined; // an unmatched backtick
  const codes: string[] = [];
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const code = parts[i]!;
    if (code === '' || code.includes('\n') || /^ | $/.test(code) || /[\u0000-\u0008\u000b-\u001f\u007f]/.test(code))
      return undefined;
    codes.push(`<code>${escape(code)}</code>`);
    text += `\u0003${codes.length - 1}\u0004${parts[i + 1]!}`;
  }
  const html = renderText(text);
  return html?.replace(CODE_SLOT, (_slot, i: string) => codes[Number(i)]!);
}

/** HTML of text whose code spans are slots (may contain links), or undefined when it needs the parser. */
function renderText(text: string): string | undefined {
  const links: string[] = [];
  let declined = false;
  const slotted = text.replace(LINK, (_match, label: string, url: string) => {
    if (/^\s|\s$/.test(label) || !isPlain(label)) declined = true;
    links.push(
      `<a href="${escape(url)}"${/^https?:/.test(url) ? ' rel="noopener noreferrer"' : ''}>${escape(label)}</a>`,
    );
    return `\u0001${links.length - 1}\u0002`;
  });
  if (declined) return undefined;
  const marked = slotted.includes('[!')
    ? slotted.replace(ALERT, (marker: string) => `\u0001${links.push(marker) - 1}\u0002`)
    : slotted;
  const linked = !marked.includes('://')
    ? marked
    : marked.replace(BARE_URL, (url: string, at: number, whole: string) => {
        const next = whole.charAt(at + url.length);
        if (next !== '' && next !== ' ' && next !== '\n') declined = true;
        const trailing = URL_TRAILING.exec(url)?.[0] ?? '';
        const href = url.slice(0, url.length - trailing.length);
        links.push(`<a href="${escape(href)}" rel="noopener noreferrer">${escape(href)}</a>`);
        return `\u0001${links.length - 1}\u0002${trailing}`;
      });
  if (declined) return undefined;
  const spans: string[] = [];
  const outer = linked.replace(EMPHASIS, (_match, marker: string, content: string) => {
    if (!isPlain(content.replace(LINK_SLOT, ' '))) declined = true;
    const tag = marker.length === 2 ? 'strong' : 'em';
    spans.push(`<${tag}>${escape(content)}</${tag}>`);
    return `\u0005${spans.length - 1}\u0006`;
  });
  if (declined || !isPlain(outer.replace(LINK_SLOT, ' ').replace(EMPHASIS_SLOT, ' '))) return undefined;
  return escape(outer)
    .replace(EMPHASIS_SLOT, (_slot, i: string) => spans[Number(i)]!)
    .replace(LINK_SLOT, (_slot, i: string) => links[Number(i)]!);
}

/** True when text (code spans as slots) has no inline syntax besides them. */
function isPlain(text: string): boolean {
  const bare = text.replace(CODE_SLOT, ' ');
  return !DECLINE.test(bare) && !bare.replace(/(?<=[A-Za-z0-9])_+(?=[A-Za-z0-9])/g, '').includes('_');
}

/**
 * Renders a description that is trivial Markdown (see the module comment) without the parser.
 * @param markdown the description as written (leading blank lines and trailing whitespace are ignored, as by the
 *   parser; leading spaces on the first line are not, as they may make an indented code block)
 * @returns the same HTML as the full pipeline, or undefined when the text needs the parser
 */
export function renderTrivialMarkdown(markdown: string): string | undefined {
  if (/[\u0000-\u0008]/.test(markdown)) return undefined; // the slots below are made of these
  const blocks = markdown
    .replace(/^\s*\n/, '')
    .trimEnd()
    .split(/\n\n+/);
  const html: string[] = [];
  let afterList = false;
  for (const block of blocks) {
    const lines = block.split('\n');
    if (lines[0]!.startsWith('>')) {
      // A block quote (§5.1); after a list it would raise the question of the list's end: left to the parser.
      const quote = afterList ? undefined : renderQuote(lines);
      if (quote === undefined) return undefined;
      html.push(quote);
      continue;
    }
    let items = lines.findIndex((line) => line.startsWith('- '));
    if (items === -1) items = lines.length;
    // A list after a blank line that follows a list continues it, as a loose list (§5.3): left to the parser.
    else if (items === 0 && afterList) return undefined;
    if (items > 0) {
      const paragraph = lines.slice(0, items);
      const inline = paragraph.some((line) => LINE_DECLINE.test(line)) ? undefined : renderInline(paragraph.join('\n'));
      if (inline === undefined) return undefined;
      html.push(`<p>${inline}</p>`);
    }
    afterList = items < lines.length;
    if (afterList) {
      const list = renderList(lines.slice(items));
      if (list === undefined) return undefined;
      html.push(list);
    }
  }
  return html.join('\n');
}

/**
 * A block quote of one paragraph, every line marked `> ` (no lazy continuation line, no blank line inside, §5.1),
 * as GitHub writes its alerts (`> [!NOTE]\n> text`), or undefined when it is anything else.
 */
function renderQuote(lines: string[]): string | undefined {
  const content: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('> ')) return undefined;
    const text = line.slice(2);
    if (text === '' || LINE_DECLINE.test(text)) return undefined;
    content.push(text);
  }
  const inline = renderInline(content.join('\n'));
  return inline === undefined ? undefined : `<blockquote>\n<p>${inline}</p>\n</blockquote>`;
}

/** A tight bullet list of one-line `- ` items (§5.2, §5.3), or undefined when any line is something else. */
function renderList(lines: string[]): string | undefined {
  let html = '<ul>\n';
  for (const line of lines) {
    const content = line.startsWith('- ') ? line.slice(2) : '';
    const inline = content === '' || LINE_DECLINE.test(content) ? undefined : renderInline(content);
    if (inline === undefined) return undefined;
    html += `<li>${inline}</li>\n`;
  }
  return html + '</ul>';
}

/**
 * Lines of HTML paragraphs holding only text and code elements: `<p>Creates a <code>Reader</code> object.</p>`, as
 * Stripe writes every description. No `&`, no attributes, no other element, no whitespace at either end of a line.
 */
const HTML_PARAGRAPHS =
  /^(?:<p>(?:[^<>&\u0000-\u0008\u000b-\u001f\u007f\r\n]|<code>[^<>&\u0000-\u001f\u007f]+<\/code>)+<\/p>)+$/;

/**
 * Renders a description made of raw HTML paragraphs (HTML_PARAGRAPHS, one or more lines, blank lines between them
 * or not) without the parser. Each line starts an HTML block (CommonMark 0.31 §4.6, start condition 6: `p` is one
 * of its tag names) that a blank line or the end closes, which the parser passes through whole; the allow-list keeps `p` and `code` without
 * attributes as they are, and hast-util-to-html writes the same text back, as no `&` or `<` is in it. Blank lines
 * only end blocks: the output is the lines joined by "\n".
 * @returns the HTML, or undefined when any line is something else
 */
export function renderHtmlParagraphs(markdown: string): string | undefined {
  if (!markdown.startsWith('<p>')) return undefined;
  const lines = markdown.split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (line === '') continue;
    if (!HTML_PARAGRAPHS.test(line)) return undefined;
    kept.push(line);
  }
  return kept.join('\n');
}
