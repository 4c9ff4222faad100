/**
 * The one allow-list for HTML an author writes in a page (SECURITY.md "Raw HTML"): raw HTML in
 * CommonMark pages (rehype-author-html.ts) and lowercase JSX elements in MDX pages both go through
 * `sanitizeAuthorElement`, one element at a time, so docgen's own elements inside them are never touched.
 *
 * The base is GitHub's schema (`hast-util-sanitize` `defaultSchema`, which `rehype-sanitize` wraps), plus
 * `figure`/`figcaption`, `video` (with `source` and `track`), and `iframe` when its `src` is on an origin the site
 * lists in `markdown.iframeOrigins`, and with `markdown.inlineStyles` the allowed declarations of a `style`
 * attribute (style-allow-list.ts). Never script, the `style` element, event handlers, `javascript:`,
 * `data:` or `vbscript:` URLs (only http, https, mailto and the like, or relative URLs), `<base>`, `<meta>`,
 * `<link>`, `<object>`, `<embed>`, `<form>`, `srcdoc`, SVG or MathML.
 *
 * Ids are kept as written, not prefixed with GitHub's `user-content-`: authors link to them (`[x](#setup)`), the
 * link checker resolves them, and a prefix would break both without the script GitHub adds to undo it. What the
 * prefix guards against (DOM clobbering) is handled instead by refusing ids in docgen's own namespaces (`dg-…`,
 * `__…`, e.g. `__docgen-boot`, the element the client reads its page data from) and by turning `<a name>` into an
 * id (`name` is what clobbers `document.*`); `name` elsewhere is dropped.
 *
 * An element with the component-output mark ({@link COMPONENT_MARK}, which `docgen migrate` puts on what a site's
 * own Vue component rendered: migrate/vue-output.ts) also keeps `class`, `data-*` (Vue's scope attributes
 * `data-v-…`), and `target`, `rel`, `loading`: the attributes a component's styling and links need. Everything
 * else is the same list: no element, attribute or URL that runs script is kept, marked or not, so a mark an author
 * writes by hand gains classes and nothing more.
 */
import type { Element, Properties } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { find, html } from 'property-information';
import { sanitizeStyle } from './style-allow-list.js';

/** What sanitizeAuthorElement decided for one element. */
export interface SanitizeResult {
  /** 'element': keep it (its properties were cleaned in place); 'children': unwrap it; 'nothing': drop it and its content. */
  keep: 'element' | 'children' | 'nothing';
  /**
   * What was removed, for the warning: the element (`<script> and its content`, `<font> (its content is kept)`), or
   * the attributes as written (`onerror="alert(1)"`, at most 40 characters of each value).
   */
  dropped: string[];
}

/** Elements removed together with their content: their content is code, fallback or metadata, not page text. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'svg',
  'math',
  'base',
  'meta',
  'link',
  'head',
]);

/** Attributes of embedded media; `src` is checked against the schema's protocols (http, https or relative). */
const MEDIA = ['src', 'width', 'height', 'title'];

/** GitHub's schema with docgen's additions; `clobber` is empty because ids are checked by `reservedId` instead. */
const AUTHOR_HTML_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: [
    ...defaultSchema.tagNames!,
    'figure',
    'figcaption',
    'video',
    'track',
    'iframe',
    'abbr',
    'mark',
    'small',
    'u',
    'cite',
    'dfn',
    'caption',
    'col',
    'colgroup',
    'wbr',
  ],
  attributes: {
    ...defaultSchema.attributes,
    // `name` clobbers document.*; form attributes have no form to act on (forms are not allowed)
    '*': defaultSchema.attributes!['*']!.filter(
      (name) =>
        typeof name !== 'string' || !['name', 'action', 'method', 'encType', 'acceptCharset', 'accept'].includes(name),
    ),
    video: [...MEDIA, 'poster', 'controls', 'loop', 'muted', 'playsInline', 'preload', 'autoPlay'],
    source: [...defaultSchema.attributes!.source!, 'src', 'type', 'media', 'sizes'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    iframe: [...MEDIA, 'allow', 'allowFullScreen', 'loading', 'referrerPolicy'],
  },
  protocols: { ...defaultSchema.protocols, poster: ['http', 'https'] },
  // Checked one element at a time, so no element sees its ancestors: the HTML parser already puts `td` in a table.
  ancestors: {},
  clobber: [],
  clobberPrefix: '',
};

/** The attribute that marks an element as a site component's output (the marked element loses it). */
export const COMPONENT_MARK = 'data-dg-component';

/**
 * Marks an element as what a site's own component rendered, for the passes after it: a React component's output
 * (rehype-site-components.ts) or a Vue one's (COMPONENT_MARK, put by migrate). Its ids are the component's, left as
 * rendered however often it is used (rehype-heading-slugs.ts).
 */
export function markComponentOutput(element: Element): void {
  element.data = { ...element.data, docgenComponentOutput: true } as Element['data'];
}

/** Whether markComponentOutput marked the element. */
export function isComponentOutput(element: Element): boolean {
  return (element.data as { docgenComponentOutput?: boolean } | undefined)?.docgenComponentOutput === true;
}

/** GitHub's schema allows only given classes on some elements (`li`: `task-list-item`): any class here. */
const ANY_CLASS = Object.fromEntries(
  Object.entries(AUTHOR_HTML_SCHEMA.attributes!).map(([tag, names]) => [
    tag,
    names.filter((name) => !(Array.isArray(name) && name[0] === 'className')),
  ]),
);

/** {@link AUTHOR_HTML_SCHEMA} plus what a component's output keeps (see the module's comment). */
const COMPONENT_OUTPUT_SCHEMA: Schema = {
  ...AUTHOR_HTML_SCHEMA,
  attributes: {
    ...ANY_CLASS,
    '*': [...ANY_CLASS['*']!, 'className', 'data*'],
    a: [...ANY_CLASS.a!, 'target', 'rel'],
    img: [...ANY_CLASS.img!, 'loading'],
  },
};

/**
 * Checks one element an author wrote (raw HTML in a CommonMark page, or a lowercase JSX element in MDX) against
 * the allow-list, removing disallowed properties in place. Its children are not looked at: the caller walks them.
 * @param element a hast element; its `properties` (hast property names, or attribute names as JSX writes them) are
 *   rewritten in place, with hast property names
 * @param options.iframeOrigins https origins (`https://www.youtube-nocookie.com`) an `<iframe src>` may load
 *   (config `markdown.iframeOrigins`); an iframe elsewhere is dropped
 * @param options.inlineStyles keep a `style` attribute's allowed declarations (config `markdown.inlineStyles`,
 *   style-allow-list.ts); its value may be CSS text or a JSX style object
 * @returns what to keep and what was dropped (see SanitizeResult); an unknown element is unwrapped, as GitHub does
 */
export function sanitizeAuthorElement(
  element: Element,
  options: { iframeOrigins: readonly string[]; inlineStyles?: boolean },
): SanitizeResult {
  const tag = element.tagName.toLowerCase();
  if (tag === 'iframe') {
    // A protocol-relative src (`//player.bilibili.com/…`, as embed codes are pasted) loads over https on an https
    // site; it is written out with https: so the page does not depend on the scheme it is served with.
    const src = element.properties.src;
    if (typeof src === 'string' && src.startsWith('//')) element.properties.src = `https:${src}`;
    if (!allowedFrame(element.properties.src, options.iframeOrigins)) {
      return {
        keep: 'nothing',
        dropped: [
          `<iframe ${describeAttribute('src', element.properties.src)}> (not on an origin listed in markdown.iframeOrigins)`,
        ],
      };
    }
    element.children = []; // fallback content for browsers without frames, not page text
  } else if (DROP_WITH_CONTENT.has(tag)) {
    return { keep: 'nothing', dropped: [`<${tag}> and its content`] };
  } else if (tag === 'template') {
    // A Vue slot (`<template #lead>` in VitePress pages) holds page text: its content is unwrapped like any unknown
    // element's, each element of it checked in turn. parse5 keeps a template's children in `content`.
    const content = (element as Element & { content?: { children: Element['children'] } }).content;
    if (content) element.children = content.children;
    return { keep: 'children', dropped: ['<template> (its content is kept)'] };
  }
  // hast property names whatever the caller used (`colspan` from JSX, `colSpan` from parse5): the schema lists hast's
  const properties = Object.fromEntries(
    Object.entries(element.properties).map(([key, value]) => [find(html, key).property, value]),
  );
  const style = options.inlineStyles ? properties.style : undefined;
  if (style !== undefined) delete properties.style;
  const fromComponent = COMPONENT_MARK_PROPERTY in properties;
  const schema = fromComponent ? COMPONENT_OUTPUT_SCHEMA : AUTHOR_HTML_SCHEMA;
  delete properties[COMPONENT_MARK_PROPERTY];
  if (tag === 'a' && typeof properties.name === 'string' && properties.id === undefined) {
    properties.id = properties.name; // an old-style anchor keeps working, as an id
    delete properties.name;
  }
  const clean = sanitize(
    { type: 'root', children: [{ type: 'element', tagName: tag, properties, children: [] }] },
    schema,
  );
  const kept = clean.type === 'root' ? clean.children[0] : undefined;
  if (kept?.type !== 'element') return { keep: 'children', dropped: [`<${tag}> (its content is kept)`] };
  if (typeof kept.properties.id === 'string' && reservedId(kept.properties.id)) delete kept.properties.id;
  // docgen's own data attributes (`data-dg-…`) are the client's and the build's, never a component's.
  for (const key of Object.keys(kept.properties)) if (/^dataDg/.test(key)) delete kept.properties[key];
  const dropped = Object.keys(properties).filter(
    (key) => JSON.stringify(properties[key]) !== JSON.stringify(kept.properties[key]),
  );
  element.properties = kept.properties;
  if (fromComponent) markComponentOutput(element);
  const described = dropped.map((key) => describeAttribute(find(html, key).attribute, properties[key]));
  if (typeof style === 'string' || (typeof style === 'object' && style !== null && !Array.isArray(style))) {
    const { css, dropped: declarations } = sanitizeStyle(style as string | Record<string, unknown>);
    if (css) element.properties.style = css;
    if (declarations.length > 0) described.push(`style="${declarations.join(';')}"`);
  } else if (style !== undefined) described.push(describeAttribute('style', style));
  return { keep: 'element', dropped: described };
}

const COMPONENT_MARK_PROPERTY = find(html, COMPONENT_MARK).property;

/** True for ids in docgen's own namespaces (the theme's `dg-…` and the client's `__docgen…`). */
function reservedId(id: string): boolean {
  return /^(dg-|__)/i.test(id);
}

/** True when `src` is an absolute https URL on one of `origins`. */
function allowedFrame(src: Properties[string], origins: readonly string[]): boolean {
  if (typeof src !== 'string') return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && origins.includes(url.origin);
  } catch {
    return false;
  }
}

/** `name="value"` as an author would write it, the value cut to 40 characters and its control characters escaped. */
function describeAttribute(name: string, value: Properties[string]): string {
  if (value === true || value === '' || value === undefined || value === null) return name;
  const text = Array.isArray(value) ? value.join(' ') : String(value);
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  return `${name}=${shown}`;
}
