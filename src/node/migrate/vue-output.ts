/**
 * What a VitePress site's Vue component rendered, made into HTML the built site can serve as the component showed it
 * (SECURITY.md, "Who is trusted"): each element that carries a class, a scope attribute (`data-v-…`) or a link target
 * gets the component-output mark (html-allow-list.ts COMPONENT_MARK), which makes the build keep those attributes,
 * and each inline `style="…"` becomes a class whose rule goes into the site's stylesheet, since the site's
 * Content-Security-Policy (`style-src 'self'`) would block the attribute in the reader's browser.
 *
 * The input is Vue's server renderer's own output (vue/server-renderer), whose attribute values are always double
 * quoted with `"`, `<`, `>` and `&` escaped (@vue/shared escapeHtml), so its start tags are read with one pattern.
 */
import { createHash } from 'node:crypto';
import { COMPONENT_MARK } from '../markdown/html-allow-list.js';

/** A start tag of Vue's server output: name, attributes (each ` name` or ` name="value"`), `/` if self-closing. */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/g;

/** The attributes the build keeps only on marked elements. */
const NEEDS_MARK = /\s(?:class|style|target|rel|loading|data-v-[a-z0-9-]+)(?:=|[\s>]|$)/;

/**
 * Marks the elements of a component's HTML and moves its inline styles into classes.
 * @param html what Vue's server renderer gave (hydration comments already removed)
 * @param rules the site's inline-style classes so far: class name -> CSS rule; new ones are added
 * @param drop a value that must not reach the page (an asset import that names no file, vue-render.ts): an
 *   attribute whose value holds a match is left out, as is an inline-style declaration that holds one
 * @returns the HTML with `style` attributes replaced by `dg-vs-<8 hex digits>` classes (the SHA-256 of the style)
 */
export function componentOutputHtml(html: string, rules: Map<string, string>, drop?: RegExp): string {
  const dropped = drop ? new RegExp(drop.source, drop.flags.replace('g', '')) : undefined;
  return html.replace(START_TAG, (whole, tag: string, written: string, selfClosing: string) => {
    const attributes = dropped
      ? written.replace(/\s([^\s"'>/=]+)="([^"]*)"/g, (attribute, name: string, value: string) =>
          name !== 'style' && dropped.test(value) ? '' : attribute,
        )
      : written;
    if (!NEEDS_MARK.test(`${attributes} `))
      return attributes === written ? whole : `<${tag}${attributes}${selfClosing ? ' /' : ''}>`;
    let style = '';
    let rest = attributes.replace(/\sstyle="([^"]*)"/, (_, value: string) => {
      style = value;
      return '';
    });
    const declarations = safeDeclarations(unescapeAttribute(style), dropped);
    if (declarations) {
      const name = `dg-vs-${createHash('sha256').update(declarations).digest('hex').slice(0, 8)}`;
      // An inline style outranks the stylesheet's rules; `!important` gives the class the same precedence.
      rules.set(name, `.${name}{${declarations}}`);
      rest = /\sclass="/.test(rest)
        ? rest.replace(/\sclass="([^"]*)"/, (_, value: string) => ` class="${value ? `${value} ` : ''}${name}"`)
        : `${rest} class="${name}"`;
    }
    return `<${tag}${rest} ${COMPONENT_MARK}${selfClosing ? ' /' : ''}>`;
  });
}

/**
 * A `url()` that names nothing: empty, or a value a binding gave that is no URL (`undefined`, `null`,
 * `[object Object]`); in a stylesheet it would be a relative URL the site's CSS bundle cannot resolve.
 */
const EMPTY_URL = /url\(\s*(['"]?)\s*(?:undefined|null|\[object Object\])?\s*\1\s*\)/i;

/**
 * An inline style's declarations, each made `!important`, or '' when there is none. A declaration that could leave
 * its rule (`{`, `}`, `<`, `@`, a backslash: a value from page data is not trusted to write the site's stylesheet),
 * one with a `url()` that names nothing (EMPTY_URL) and one that matches `drop` are dropped.
 */
function safeDeclarations(style: string, drop?: RegExp): string {
  return splitDeclarations(style)
    .map((declaration) => declaration.trim())
    .filter((declaration) => /^-{0,2}[a-zA-Z][\w-]*\s*:/.test(declaration) && !/[{}<@\\]/.test(declaration))
    .filter((declaration) => !EMPTY_URL.test(declaration) && !drop?.test(declaration))
    .map((declaration) => (/!\s*important\s*$/i.test(declaration) ? declaration : `${declaration} !important`))
    .join(';');
}

/** Splits at the `;` outside parentheses and quotes (`background: url("a;b")` is one declaration). */
function splitDeclarations(style: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < style.length; i++) {
    const char = style[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      parts.push(style.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(style.slice(start));
  return parts;
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
