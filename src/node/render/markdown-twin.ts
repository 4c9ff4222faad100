/**
 * The Markdown twin of a page: the route's final content tree (PageData.content: hast after MDX components,
 * partials, admonitions, tabs, code titles and diagrams were resolved) written back as GitHub-flavoured Markdown for
 * readers that are assistants (llmstxt.org; Rspress 2 renders its pages the same way, from the rendered tree).
 *
 * docgen's own elements are first rewritten into plain HTML (`twinChildren`), then hast-markdown.ts writes it:
 * - `div.dg-admonition` -> a blockquote opening with its label in bold;
 * - `div.dg-tabs` -> each tab's label in bold, then its panel;
 * - `div.dg-code` -> a fenced block with its language and `title="…"` (Docusaurus' code block meta);
 * - `figure.dg-diagram` -> its ```mermaid (or other) source, never the SVG;
 * - theme-only parts (heading anchors, buttons, radio inputs, scripts, styles, SVG) are dropped.
 * Links become absolute URLs, and a link to a route points at that route's twin.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { PageData } from '../../shared/types.js';
import { twinPath } from '../../shared/twin-url.js';
import { stripBase, withBase } from '../../shared/urls.js';
import { hastToMarkdown, markdownLink } from './hast-markdown.js';

/** How a twin's links are made absolute. */
export interface TwinLinks {
  /** The site's origin (config `url`, e.g. 'https://docs.example.com'), or '' to keep links root-relative. */
  siteUrl: string;
  /** Base URL, starting and ending with '/'. */
  baseUrl: string;
  /** True for a route path (without base): a link to it is rewritten to the route's twin. */
  isRoute: (path: string) => boolean;
  /** The site's tagline, which the home page's hero shows under its name. */
  tagline?: string;
  /** The site's UI labels: an element the theme labels from the catalogue (`data-message`) gets its text. */
  messages?: Record<string, string>;
}

/** Elements that are theme chrome, not content. */
const DROPPED = new Set(['button', 'script', 'style', 'svg', 'template', 'input', 'noscript']);

/**
 * A page's twin.
 * @param page the route's data: title, description, content hast, and the home page's hero and features (`extra`)
 * @param links how links are made absolute
 * @returns Markdown text ending with one newline: `# title`, the description, then the content
 */
export function pageTwin(
  page: Pick<PageData, 'path' | 'title' | 'description' | 'content' | 'extra' | 'kind'>,
  links: TwinLinks,
): string {
  const head: string[] = [`# ${page.title}`];
  if (page.description) head.push(page.description);
  if (page.kind === 'home' && page.extra) head.push(...homeExtras(page.extra, links));
  const body = page.content ? contentMarkdown(page.content, { links, pagePath: page.path, title: page.title }) : '';
  return (
    [...head, body]
      .filter((part) => part.trim() !== '')
      .join('\n\n')
      .trimEnd() + '\n'
  );
}

/**
 * A hast fragment as Markdown, with docgen's elements resolved and links made absolute (see the module docstring).
 * @param options.title a leading h1 with this text is the page title already written: it is left out
 */
export function contentMarkdown(
  content: Root,
  options: { links: TwinLinks; pagePath: string; title?: string },
): string {
  const tree: Root = { type: 'root', children: twinChildren(content.children, options.links.messages ?? {}) };
  const first = tree.children.find((child) => child.type === 'element');
  if (
    first &&
    first.type === 'element' &&
    first.tagName === 'h1' &&
    hastToString(first).trim() === options.title?.trim()
  ) {
    tree.children.splice(tree.children.indexOf(first), 1);
  }
  return hastToMarkdown(tree, {
    link: (href) => twinUrl(href, options.links, options.pagePath, true),
    image: (src) => twinUrl(src, options.links, options.pagePath, false),
  }).trim();
}

/** The element's class names (hast keeps them as strings; the array is not copied). */
function classesOf(node: Element): string[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? (value as string[]) : [];
}

function twinChildren(
  children: readonly (RootContent | ElementContent)[],
  messages: Record<string, string>,
): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) out.push(...twinNode(child as ElementContent, messages));
  return out;
}

function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** One node of the content rewritten as plain HTML for hast-markdown.ts (a list: an element may become several). */
function twinNode(node: ElementContent, messages: Record<string, string>): ElementContent[] {
  if (node.type !== 'element') return node.type === 'text' ? [node] : [];
  const id = node.properties?.dataMessage;
  if (typeof id === 'string' && messages[id] && hastToString(node).trim() === '')
    node = { ...node, children: [text(messages[id])] };
  const classes = classesOf(node);
  if (DROPPED.has(node.tagName) || classes.includes('dg-heading-anchor')) return [];
  if (classes.includes('dg-admonition')) return [admonition(node, messages)];
  if (classes.includes('dg-tabs')) return tabs(node, messages);
  if (classes.includes('dg-code')) return [titledCode(node, messages)];
  if (classes.includes('dg-diagram')) return diagram(node, messages);
  return [{ ...node, children: twinChildren(node.children, messages) }];
}

function admonition(node: Element, messages: Record<string, string>): Element {
  const [title, ...rest] = node.children.filter((c) => c.type === 'element' || (c.type === 'text' && c.value.trim()));
  const titled = title && title.type === 'element' && classesOf(title).includes('dg-admonition__title');
  const label = titled ? element('p', [element('strong', [text(labelOf(title, messages))])]) : null;
  return element('blockquote', [...(label ? [label] : []), ...twinChildren(titled ? rest : node.children, messages)]);
}

function tabs(node: Element, messages: Record<string, string>): ElementContent[] {
  const elements = node.children.filter((c): c is Element => c.type === 'element');
  const labels = elements.filter((c) => classesOf(c).includes('dg-tabs__label'));
  const panels = elements.filter((c) => classesOf(c).includes('dg-tabs__panel'));
  return panels.flatMap((panel, i) => [
    element('p', [element('strong', [text(labels[i] ? labelOf(labels[i], messages) : `${i + 1}`)])]),
    ...twinChildren(panel.children, messages),
  ]);
}

function titledCode(node: Element, messages: Record<string, string>): Element {
  const elements = node.children.filter((c): c is Element => c.type === 'element');
  const title = elements.find((c) => classesOf(c).includes('dg-code__title'));
  const pre = findElement(node, (e) => e.tagName === 'pre');
  if (!pre) return element('div', twinChildren(node.children, messages));
  const code = findElement(pre, (e) => e.tagName === 'code');
  const language = typeof node.properties?.dataLanguage === 'string' ? node.properties.dataLanguage : null;
  const codeClasses = code ? classesOf(code) : [];
  const className = codeClasses.some((c) => c.startsWith('language-'))
    ? codeClasses
    : language
      ? [`language-${language}`]
      : [];
  return element(
    'pre',
    [element('code', [text(codeText(code ?? pre, messages))], { className })],
    title ? { dataTitle: hastToString(title).trim() } : {},
  );
}

/** The code's text without the theme's parts (line-number gutters, copy buttons). */
function codeText(node: Element, messages: Record<string, string>): string {
  return twinChildren(node.children, messages)
    .map((c) => (c.type === 'element' ? codeText(c, messages) : c.type === 'text' ? c.value : ''))
    .join('');
}

function diagram(node: Element, messages: Record<string, string>): ElementContent[] {
  const source = findElement(node, (e) => e.tagName === 'code' && classesOf(e).some((c) => c.startsWith('language-')));
  if (source)
    return [
      element('pre', [
        element('code', [text(hastToString(source))], {
          className: classesOf(source).filter((c) => c.startsWith('language-')),
        }),
      ]),
    ];
  const image = findElement(node, (e) => e.tagName === 'img');
  const caption = findElement(node, (e) => e.tagName === 'figcaption');
  return [
    ...(image ? [element('p', [image])] : []),
    ...(caption ? [element('p', twinChildren(caption.children, messages))] : []),
  ];
}

/** A label's text: as written, else the catalogue's label its `data-message` names. */
function labelOf(node: Element, messages: Record<string, string>): string {
  const written = hastToString(node).trim();
  const id = node.properties?.dataMessage;
  return written || (typeof id === 'string' ? (messages[id] ?? '') : '');
}

function findElement(node: Element, test: (e: Element) => boolean): Element | null {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return null;
}

/**
 * The absolute URL a twin writes for an href of the page.
 * @param toTwin true for a link (a route's page becomes its twin), false for an image or a file
 */
export function twinUrl(href: string, links: TwinLinks, pagePath: string, toTwin = true): string {
  if (href.startsWith('#')) return links.siteUrl + withBase(links.baseUrl, twinPath(pagePath)) + href;
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const hashAt = href.search(/[?#]/);
  const pathname = hashAt === -1 ? href : href.slice(0, hashAt);
  const rest = hashAt === -1 ? '' : href.slice(hashAt);
  const route = stripBase(links.baseUrl, pathname);
  if (toTwin && route !== null) {
    let decoded = route;
    try {
      decoded = decodeURI(route);
    } catch {
      // an undecodable path is no route
    }
    if (links.isRoute(decoded)) return links.siteUrl + withBase(links.baseUrl, twinPath(route)) + rest;
  }
  return links.siteUrl + href;
}

/** The home page's hero and features (PageData.extra of kind 'home') as Markdown blocks. */
function homeExtras(extra: Record<string, unknown>, links: TwinLinks): string[] {
  const hero = extra.hero as
    | { name?: string; text?: string; tagline?: string; actions?: { text: string; link: string }[] }
    | undefined;
  const features = (extra.features as { title: string; details?: string; link?: string }[] | undefined) ?? [];
  const link = (label: string, href: string): string => {
    const url = twinUrl(withBase(links.baseUrl, href), links, '/');
    return markdownLink(label, url);
  };
  const blocks: string[] = [];
  if (hero?.name) blocks.push(`## ${hero.name}`);
  if (hero && links.tagline) blocks.push(links.tagline);
  if (hero?.text) blocks.push(hero.text);
  if (hero?.tagline) blocks.push(hero.tagline);
  if (hero?.actions?.length) blocks.push(hero.actions.map((a) => `- ${link(a.text, a.link)}`).join('\n'));
  if (features.length > 0)
    blocks.push(
      features
        .map((f) => `- ${f.link ? link(f.title, f.link) : `**${f.title}**`}${f.details ? `: ${f.details}` : ''}`)
        .join('\n'),
    );
  return blocks;
}
