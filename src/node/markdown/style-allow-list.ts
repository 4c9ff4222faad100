/**
 * Inline `style` an author writes on HTML in a page, kept when the site asks for it (config
 * `markdown.inlineStyles`, which `docgen migrate` turns on: Docusaurus renders JSX `style={{textAlign: 'center'}}`
 * and VitePress raw `<div style="…">` as written). Kept by an allow-list of CSS properties that lay out and colour
 * the element itself (SECURITY.md "Raw HTML"): nothing that places it over the rest of the page (`position`,
 * `z-index`, `transform`, `inset`), no value that loads anything (`url(`, `image-set(`, `@import`) or hides a
 * token behind CSS escapes. The CSP then allows each distinct value by its hash (output/headers.ts
 * withComponentSources), never `'unsafe-inline'`.
 */
import parseStyle from 'style-to-object';

/** Properties kept (lowercase); a name ending in `-` keeps every property it starts (`margin-` keeps `margin-top`). */
const ALLOWED = [
  'color',
  'background',
  'background-color',
  'background-image',
  'opacity',
  'font',
  'font-',
  'text-',
  'line-height',
  'letter-spacing',
  'word-',
  'overflow-wrap',
  'white-space',
  'vertical-align',
  'list-style',
  'list-style-',
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'aspect-ratio',
  'margin',
  'margin-',
  'padding',
  'padding-',
  'border',
  'border-',
  'outline',
  'outline-',
  'box-sizing',
  'box-shadow',
  'overflow',
  'overflow-',
  'float',
  'clear',
  'display',
  'visibility',
  'object-fit',
  'object-position',
  'flex',
  'flex-',
  'justify-',
  'align-',
  'place-',
  'gap',
  'row-gap',
  'column-gap',
  'columns',
  'column-',
  'grid',
  'grid-',
  'order',
  'table-layout',
  'caption-side',
  'cursor',
  'user-select',
  'writing-mode',
  'direction',
];

/** Values that load something or hide what they say: a value matching this drops its declaration. */
const UNSAFE_VALUE = /url\s*\(|image(-set)?\s*\(|element\s*\(|expression\s*\(|@import|javascript:|\\|[<>]/i;

/**
 * React's rule for numbers in a style object (react-dom `CSSPropertyOperations`, `isUnitlessNumber`): a number gets
 * `px` unless the property takes a bare number; the ones among the allowed properties.
 */
const UNITLESS = new Set([
  'opacity',
  'font-weight',
  'line-height',
  'flex',
  'flex-grow',
  'flex-shrink',
  'order',
  'aspect-ratio',
  'column-count',
  'columns',
  'grid-row',
  'grid-row-start',
  'grid-row-end',
  'grid-column',
  'grid-column-start',
  'grid-column-end',
  'grid-area',
]);

/** What sanitizeStyle kept and dropped. */
export interface SanitizedStyle {
  /** The kept declarations as `name:value;name:value` (React's spelling), or null when none is kept. */
  css: string | null;
  /** The declarations dropped, as written (`position:fixed`), for the warning. */
  dropped: string[];
}

/**
 * Keeps the allowed declarations of an inline style.
 * @param style CSS declarations as an HTML `style` attribute holds them (`text-align: center; color: red`), or a
 *   React style object as JSX writes it (`{ textAlign: 'center', marginTop: 8 }`: camelCase names, numbers in px
 *   unless unitless, `null`/`false` values left out, as React renders them)
 * @returns the kept CSS and what was dropped; CSS that cannot be parsed is dropped whole
 */
export function sanitizeStyle(style: string | Record<string, unknown>): SanitizedStyle {
  const declarations: [string, string][] = [];
  if (typeof style === 'string') {
    try {
      parseStyle(style, (name, value) => declarations.push([name.toLowerCase(), value.trim()]));
    } catch {
      return { css: null, dropped: [style.slice(0, 40)] };
    }
  } else {
    for (const [key, value] of Object.entries(style)) {
      if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue;
      const name = cssName(key);
      if (typeof value === 'number')
        declarations.push([name, value === 0 || unitless(name) ? String(value) : `${value}px`]);
      else if (typeof value === 'string') declarations.push([name, value.trim()]);
      else declarations.push([name, JSON.stringify(value) ?? '']);
    }
  }
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const [name, value] of declarations) {
    if (allowedProperty(name) && !UNSAFE_VALUE.test(value) && value !== '') kept.push(`${name}:${value}`);
    else dropped.push(`${name}:${value}`.slice(0, 40));
  }
  return { css: kept.length > 0 ? kept.join(';') : null, dropped };
}

/** A style object's key as a CSS property name (React's `hyphenateStyleName`: `msTransition` -> `-ms-transition`). */
function cssName(key: string): string {
  if (key.startsWith('--')) return key;
  return key
    .replace(/([A-Z])/g, '-$1')
    .toLowerCase()
    .replace(/^ms-/, '-ms-');
}

/** Whether a number for this property is written bare (custom properties, UNITLESS with or without a vendor prefix). */
function unitless(name: string): boolean {
  return name.startsWith('--') || UNITLESS.has(name.replace(/^-(webkit|moz|ms)-/, ''));
}

function allowedProperty(name: string): boolean {
  // Custom properties only set variables for the element and its content (`--ifm-color-primary`).
  if (/^--[\w-]+$/.test(name)) return true;
  const unprefixed = name.replace(/^-(webkit|moz|ms)-/, '');
  return ALLOWED.some((allowed) => (allowed.endsWith('-') ? unprefixed.startsWith(allowed) : unprefixed === allowed));
}
