/**
 * VitePress page syntax that is no Markdown docgen reads, rewritten into the migrated page so it shows as VitePress
 * shows it: Markdown files used as components and `<!--@include: ./file.md-->` inlined (with `{start,end}` line ranges and `#region`, as VitePress'
 * markdown/plugins/snippet.ts and its include rule do), vitepress-plugin-tabs' `:::tabs` / `== label` as docgen's
 * tabs, vitepress-plugin-llms' `<llm-only>` left out, `{{ $frontmatter.key }}` / `{{ $site.title }}` replaced by their
 * static values (another expression left out), links with a `target` attribute as HTML links. What is not carried (an expression, a missing include) is
 * reported with file:line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parse as parseYaml, parseDocument } from 'yaml';
import { htmlToText } from './docusaurus-config.js';
import type { MigrationReport } from './report.js';
import { readFrontMatter } from './docs-index.js';
import { siteHeadingIds } from './vitepress-heading-ids.js';
import { importedMarkdownComponents, inlineMarkdownComponents } from './vitepress-markdown-components.js';
import { blankScriptSetup, vueTemplateLines } from './vue-components.js';

const INCLUDE = /<!--\s*@include:\s*(.*?)\s*-->/g;
const MAX_INCLUDE_DEPTH = 10;

/** What rewriting a page needs. */
export interface RewriteContext {
  /** VitePress' source folder (`@/` in an include). */
  srcDir: string;
  /** `$site` data that is static: the config's title and description. */
  site: { title?: string; description?: string };
  report: MigrationReport;
  /** The site's Markdown components, by name (vitepress-markdown-components.ts folderMarkdownComponents). */
  markdownComponents?: ReadonlyMap<string, string>;
  /** The config's `markdown.anchor.slugify`, when the site makes its heading ids itself (vitepress-heading-ids.ts). */
  slugify?: (text: string) => string;
}

/**
 * Rewrites one VitePress page.
 * @param file absolute path of the page in the VitePress site; `shown` its path as the report names it
 * @returns the page's new text (the input itself when nothing changed)
 */
export function rewriteVitepressPage(text: string, file: string, shown: string, ctx: RewriteContext): string {
  let out = withoutEmptyFrontMatter(text, shown, ctx.report);
  out = defaultThemeHome(out, shown, ctx.report);
  out = untitledPlainPage(out);
  out = hiddenNeighbours(out);
  out = textTitle(out);
  out = customLayout(out, shown, ctx.report);
  const imported = importedMarkdownComponents(out, file, ctx.srcDir);
  out = inlineMarkdownComponents(
    out,
    new Map([...(ctx.markdownComponents ?? []), ...imported.components]),
    imported.lines,
    (body, from) => inlineIncludes(body, from, shown, ctx, 1),
  ).text;
  out = inlineIncludes(out, file, shown, ctx, 0);
  out = llmTags(out);
  out = githubAlerts(out);
  out = fenceInfo(out);
  out = vitepressTabs(out);
  out = escapedInterpolations(out);
  out = staticInterpolations(out, readFrontMatter(out), shown, ctx);
  out = attributedLinks(out);
  if (ctx.slugify) out = siteHeadingIds(out, ctx.slugify);
  return out;
}

/**
 * Front matter keys left empty (`title:`, a `tags:` list of `- ` items), which VitePress ignores (its front matter is
 * gray-matter data, read only where set) and docgen's front matter schema rejects: taken out, each reported with its
 * line. Anything else in the front matter is kept as written.
 * @returns the page's text (the input itself when no key is empty)
 */
function withoutEmptyFrontMatter(text: string, shown: string, report: MigrationReport): string {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(text);
  if (match?.index !== 0 || !/:[ \t]*$|^[ \t]*-[ \t]*$/m.test(match[1]!)) return text;
  const lineCounter = new LineCounter();
  const doc = parseDocument(match[1]!, { lineCounter });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const isEmpty = (node: unknown) => node === null || (isScalar(node) && node.value === null);
  const emptied: { what: string; line: number }[] = [];
  for (const pair of [...doc.contents.items]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    // The page's line: the front matter's own line, after the opening `---`.
    const line = 1 + lineCounter.linePos(isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0).line;
    if (isSeq(pair.value)) {
      const kept = pair.value.items.filter((item) => !isEmpty(item));
      if (kept.length === pair.value.items.length) continue;
      pair.value.items = kept;
      if (kept.length > 0) {
        emptied.push({ what: `front matter \`${key}\` has empty items`, line });
        continue;
      }
    } else if (!isEmpty(pair.value)) continue;
    doc.contents.items.splice(doc.contents.items.indexOf(pair), 1);
    emptied.push({ what: `front matter \`${key}\` is empty`, line });
  }
  if (emptied.length === 0) return text;
  for (const { what, line } of emptied)
    report.add(shown, `${what}: left out, as VitePress ignores an empty value`, line);
  const body = doc.contents.items.length > 0 ? doc.toString() : '';
  return `---\n${body}---\n${text.slice(match[0].length)}`;
}

/**
 * The keys of a home page's hero action and feature that VitePress' default theme reads (`HeroAction` and `Feature`
 * of vitepress types/default-theme.d.ts, rendered by VPHero.vue and VPFeature.vue).
 */
const HOME_ITEM_KEYS = {
  'hero.actions': new Set(['theme', 'text', 'link', 'target', 'rel']),
  features: new Set(['icon', 'title', 'details', 'link', 'linkText', 'rel', 'target']),
};

/** The fields of a hero and a feature VitePress' default theme renders as HTML (`v-html` in VPHero.vue, VPFeature.vue). */
const HTML_FIELDS = { hero: ['name', 'text', 'tagline'], feature: ['title', 'details'] };

/**
 * A home page's hero and features as VitePress' default theme shows them: keys of `hero.actions` and `features` it
 * does not read (a custom theme's, such as tsdown's `openVideoModal`, read by its own VPHero override) are taken
 * out, and a hero action with no `link` (a button the custom theme handles: the default theme renders a link to
 * nowhere) is left out, each reported with its line, as docgen's front matter schema rejects both. The fields the
 * default theme renders as HTML (`text: The Elegant<br>Library Bundler`) are written as their text (htmlToText):
 * docgen shows them as text, which would print the tags.
 * @returns the page's text (the input itself when nothing changed)
 */
function defaultThemeHome(text: string, shown: string, report: MigrationReport): string {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(text);
  if (match?.index !== 0 || !/^(hero|features):/m.test(match[1]!)) return text;
  const lineCounter = new LineCounter();
  const doc = parseDocument(match[1]!, { lineCounter });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const lineOf = (node: { range?: [number, number, number] | null }) =>
    1 + lineCounter.linePos(node.range?.[0] ?? 0).line;
  const notes: { what: string; line: number }[] = [];
  let changed = false;
  const asText = (node: unknown, key: string) => {
    if (!isMap(node)) return;
    const value = node.get(key);
    if (typeof value !== 'string' || !/<\/?[a-zA-Z][^>]*>/.test(value)) return;
    node.set(key, htmlToText(value));
    changed = true;
  };
  for (const key of HTML_FIELDS.hero) asText(doc.get('hero', true), key);
  const features = doc.get('features', true);
  if (isSeq(features))
    for (const feature of features.items) for (const key of HTML_FIELDS.feature) asText(feature, key);
  for (const [where, keys] of Object.entries(HOME_ITEM_KEYS)) {
    const list = doc.getIn(where.split('.'), true);
    if (!isSeq(list)) continue;
    for (const item of [...list.items]) {
      if (!isMap(item)) continue;
      const label = String(item.get('text') ?? item.get('title') ?? '');
      if (where === 'hero.actions' && !item.has('link')) {
        list.items.splice(list.items.indexOf(item), 1);
        notes.push({
          what: `hero action '${label}' has no link (a button of the site's own theme): left out`,
          line: lineOf(item),
        });
        continue;
      }
      for (const pair of [...item.items]) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (keys.has(key)) continue;
        item.items.splice(item.items.indexOf(pair), 1);
        notes.push({
          what: `${where} '${label}': \`${key}\` is read by the site's own theme, not VitePress' default theme: left out`,
          line: isScalar(pair.key) ? lineOf(pair.key) : lineOf(item),
        });
      }
    }
  }
  if (notes.length === 0 && !changed) return text;
  for (const { what, line } of notes) report.add(shown, what, line);
  return `---\n${doc.toString()}---\n${text.slice(match[0].length)}`;
}

/** The layouts of VitePress' default theme (VPContent.vue) that docgen has too (`layout: false`, no layout, becomes `page`). */
const THEME_LAYOUTS = new Set(['doc', 'home', 'page']);

/**
 * Front matter `layout: <name>` naming the site's own layout component (VitePress' VPContent renders
 * `<component :is="frontmatter.layout">`): the page is migrated with `layout: page`, so it is published at its URL
 * with its own content, and the layout is reported with file:line.
 * @returns the page's text (the input itself when its layout is the theme's)
 */
function customLayout(text: string, shown: string, report: MigrationReport): string {
  const end = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*$/m.exec(text);
  if (end?.index !== 0) return text;
  const layout = /^layout:[ \t]*['"]?([^'"\s#]+)['"]?[ \t]*$/m.exec(end[0]);
  if (!layout || THEME_LAYOUTS.has(layout[1]!)) return text;
  report.add(
    shown,
    `layout \`${layout[1]}\` is the site's own layout component, which docgen does not run: the page is built with layout \`page\` and its own content`,
    text.slice(0, layout.index).split('\n').length,
  );
  return text.slice(0, layout.index) + 'layout: page' + text.slice(layout.index + layout[0].length);
}

/**
 * Front matter `prev: false` and `next: false`, with which a VitePress page hides its previous or next page link
 * (default theme's usePrevNext), written as docgen's `pagination_prev: null` and `pagination_next: null`.
 * @returns the page's text (the input itself when it hides neither)
 */
function hiddenNeighbours(text: string): string {
  const front = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*$/m.exec(text);
  if (front?.index !== 0) return text;
  const head = front[0].replace(/^(prev|next):[ \t]*false[ \t]*$/gm, (_, key: string) => `pagination_${key}: null`);
  return head === front[0] ? text : head + text.slice(front[0].length);
}

/**
 * A page with front matter `layout: page`: VitePress shows its content alone, with no title of its own (VPPage.vue
 * renders `<Content />` only), where docgen would add one from the file name (`blog`) above content that often has
 * its heading in a component. Written with `hide_title: true`, which hides only the title docgen adds: a page whose
 * Markdown opens with `# Title` still shows it.
 * @returns the page's text (the input itself when its layout is another or `hide_title` is set)
 */
function untitledPlainPage(text: string): string {
  const front = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*$/m.exec(text);
  if (front?.index !== 0 || /^hide_title:/m.test(front[0])) return text;
  const layout = /^layout:[ \t]*['"]?page['"]?[ \t]*$/m.exec(front[0]);
  if (!layout) return text;
  const end = layout.index + layout[0].length;
  return `${text.slice(0, end)}\nhide_title: true${text.slice(end)}`;
}

/**
 * A front matter `title` written with inline HTML (`Introducing <code>#imports</code>`, which a site's own layout
 * shows with `v-html`): docgen shows a title as text (heading, sidebar, `<title>`), so it is written as its text.
 * @returns the page's text (the input itself when the title has no tag)
 */
function textTitle(text: string): string {
  const front = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*$/m.exec(text);
  if (front?.index !== 0) return text;
  const line = /^title:[ \t]*(.*<\/?[a-zA-Z][^>]*>.*)$/m.exec(front[0]);
  if (!line) return text;
  let value: unknown;
  try {
    value = (parseYaml(line[0]) as { title?: unknown }).title;
  } catch {
    return text;
  }
  if (typeof value !== 'string') return text;
  return `${text.slice(0, line.index)}title: ${JSON.stringify(htmlToText(value))}${text.slice(line.index + line[0].length)}`;
}

/**
 * One `@include` spec (`path`, `path{start,end}`, `path#region{start,end}`): its parts and the file it names,
 * `@/` being srcDir (VitePress "Markdown File Inclusion").
 */
function includeSpec(spec: string, file: string, srcDir: string) {
  const match = /^(.*?)(?:#([\w-]+))?(?:\{(\d*),(\d*)\})?$/.exec(spec.trim());
  const target = match?.[1] ?? spec;
  const included = target.startsWith('@/')
    ? path.join(srcDir, target.slice(2))
    : path.resolve(path.dirname(file), target);
  return { match, target, included };
}

/** The files a page's `<!--@include: …-->` comments name (absolute), as inlineIncludes reads them. */
export function includedFiles(text: string, file: string, srcDir: string): string[] {
  return [...text.matchAll(INCLUDE)].map((match) => includeSpec(match[1]!, file, srcDir).included);
}

/** `<!--@include: path{start,end}-->` or `path#region{start,end}`, recursively. */
function inlineIncludes(text: string, file: string, shown: string, ctx: RewriteContext, depth: number): string {
  if (!text.includes('@include')) return text;
  return text.replace(INCLUDE, (whole, spec: string, offset: number) => {
    const { match, target, included } = includeSpec(spec, file, ctx.srcDir);
    const line = text.slice(0, offset).split('\n').length;
    if (depth >= MAX_INCLUDE_DEPTH || !existsSync(included)) {
      ctx.report.add(
        shown,
        depth >= MAX_INCLUDE_DEPTH
          ? `@include of ${target} nests more than ${MAX_INCLUDE_DEPTH} deep; left as a comment`
          : `@include of ${target}: no such file; left as a comment`,
        line,
      );
      return whole;
    }
    let body = readFileSync(included, 'utf8').replace(/^\uFEFF/, '');
    if (match?.[2]) body = region(body, match[2]) ?? body;
    if (match?.[3] !== undefined || match?.[4] !== undefined) {
      const lines = body.split('\n');
      const start = match[3] ? Number(match[3]) : 1;
      const end = match[4] ? Number(match[4]) : lines.length;
      body = lines.slice(start - 1, end).join('\n');
    }
    // A whole included file's front matter is not content (VitePress drops it; a range or region counts raw lines).
    if (!match?.[2] && match?.[3] === undefined && match?.[4] === undefined)
      body = body.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
    return inlineIncludes(body.replace(/\n$/, ''), included, shown, ctx, depth + 1);
  });
}

/** The lines between `#region name` and `#endregion name` (in any comment syntax), or undefined. */
function region(text: string, name: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => new RegExp(`#region\\s+${name}\\b`).test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`#endregion\\s*${name}?\\b`).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** A fence's opening line with VitePress' info: `js{4}`, `ts:line-numbers {1}`, `ts:no-line-numbers`. */
const VITEPRESS_FENCE = /^(\s*(?:`{3,}|~{3,})[ \t]*)([\w+#.-]+)(:(?:no-)?line-numbers(?:=\d+)?)?(\{[\d,\s-]*\})?(.*)$/;

/**
 * VitePress' code fence info (guide "Markdown Extensions": Line Highlighting ` ```js{4} `, Line Numbers
 * ` ```ts:line-numbers {1} `), where the braces and `:line-numbers` hold to the language: written as docgen reads
 * it (Docusaurus' syntax), ` ```js {4} ` and ` ```ts {1} showLineNumbers `, so the language is `js` and the lines
 * are marked. Only opening fences are read; a fence shown inside a fenced example is left as written.
 * @returns the page's text (the input itself when no fence needs it)
 */
function fenceInfo(text: string): string {
  if (!/^\s*(?:`{3,}|~{3,})[ \t]*[\w+#.-]+(?::(?:no-)?line-numbers|\{)/m.test(text)) return text;
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (!marker) return line;
      if (fence !== null) {
        if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
        return line;
      }
      fence = marker;
      const info = VITEPRESS_FENCE.exec(line);
      if (!info || (info[3] === undefined && info[4] === undefined)) return line;
      const [, open, lang, numbers, lines, rest] = info;
      const numbered = numbers !== undefined && !numbers.startsWith(':no-');
      return `${open}${lang}${lines ? ` ${lines}` : ''}${rest}${numbered ? ' showLineNumbers' : ''}`;
    })
    .join('\n');
}

/**
 * The first line of a GitHub-flavored alert: a blockquote opening with `[!NOTE]` (or TIP, INFO, IMPORTANT, WARNING,
 * CAUTION, DANGER), then an optional title on the same line (`> [!WARNING] Breaking change`), as VitePress reads it
 * (src/node/markdown/plugins/githubAlerts.ts markerRE).
 */
const ALERT = /^([ \t]*)>[ \t]*\[!(NOTE|TIP|INFO|IMPORTANT|WARNING|CAUTION|DANGER)\]([^\n\r]*)$/i;

/**
 * GitHub-flavored alerts (VitePress "Markdown Extensions": `> [!TIP]` then the blockquote's lines), which VitePress
 * renders as custom containers of that type: written as docgen's `:::tip` container holding the blockquote's
 * content, with more colons than any container inside it. Fenced code is left alone.
 * @returns the page's text (the input itself when it has no alert)
 */
function githubAlerts(text: string): string {
  if (!/\[!(?:NOTE|TIP|INFO|IMPORTANT|WARNING|CAUTION|DANGER)\]/i.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length)))
      fence = fence === null ? marker : null;
    const alert = fence === null ? ALERT.exec(line) : null;
    if (!alert) {
      out.push(line);
      continue;
    }
    const indent = alert[1]!;
    const body: string[] = [];
    let next = index + 1;
    for (; next < lines.length && new RegExp(`^${indent}[ \\t]*>`).test(lines[next]!); next++)
      body.push(lines[next]!.slice(indent.length).replace(/^[ \t]*> ?/, ''));
    const inner = Math.max(0, ...body.map((entry) => /^\s*(:{3,})/.exec(entry)?.[1]?.length ?? 0));
    const colons = ':'.repeat(Math.max(3, inner + 1));
    out.push(
      `${indent}${colons}${alert[2]!.toLowerCase()}${alert[3]!.trim() ? ` ${alert[3]!.trim()}` : ''}`,
      ...body.map((entry) => (entry ? indent + entry : entry)),
      `${indent}${colons}`,
    );
    index = next - 1;
  }
  return out.join('\n');
}

/**
 * vitepress-plugin-tabs: `:::tabs` (optionally `key:name`), a `== label` line opening each tab, `:::` closing them;
 * tabs nested in a tab have one more colon and `=` outside (`:::: tabs` / `=== label`). Written as docgen's tabs.
 * remark-directive closes a container at a fence of at least its colons, so every container of such a page is
 * rewritten with more colons than anything it holds (a tab inside a `::: warning` too). Fenced code is left alone.
 */
function vitepressTabs(text: string): string {
  if (!/^\s*:{3,}\s*tabs\b/m.test(text)) return text;
  const lines = text.split('\n');
  // Pass 1: the containers, as a tree; `tab` frames are made for the label lines of a `tabs` frame.
  interface Frame {
    kind: 'tabs' | 'tab' | 'other';
    open: number;
    close?: number;
    marker: number;
    children: Frame[];
    parent?: Frame;
    label?: string;
    name?: string;
  }
  const root: Frame = { kind: 'other', open: -1, marker: 0, children: [] };
  let current = root;
  const push = (frame: Frame) => {
    frame.parent = current;
    current.children.push(frame);
    current = frame;
  };
  let fence: string | null = null;
  lines.forEach((line, i) => {
    const fenceMarker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (
      fenceMarker &&
      (fence === null ||
        (fenceMarker[0] === fence[0] && fenceMarker.length >= fence.length && line.trim() === fenceMarker))
    )
      fence = fence === null ? fenceMarker : null;
    if (fence !== null || fenceMarker) return;
    const opening = /^\s*(:{3,})\s*([A-Za-z][\w-]*)(.*)$/.exec(line);
    const label = /^(={2,})\s+(.*)$/.exec(line);
    if (opening) {
      push({
        kind: opening[2] === 'tabs' ? 'tabs' : 'other',
        open: i,
        marker: opening[1]!.length - 1,
        children: [],
        name: opening[2]! + opening[3]!,
      });
      return;
    }
    if (label) {
      let tabs: Frame | undefined = current;
      while (tabs && !(tabs.kind === 'tabs' && tabs.marker === label[1]!.length)) tabs = tabs.parent;
      if (!tabs) tabs = current.kind === 'tab' ? current.parent : current.kind === 'tabs' ? current : undefined;
      if (!tabs) return;
      while (current !== tabs) {
        current.close = i;
        current = current.parent!;
      }
      push({ kind: 'tab', open: i, marker: 0, children: [], label: label[2]!.trim() });
      return;
    }
    if (/^\s*:{3,}\s*$/.test(line) && current !== root) {
      if (current.kind === 'tab') {
        current.close = i;
        current = current.parent!;
      }
      current.close = i;
      current = current.parent!;
    }
  });
  // Pass 2: colons by height (3 for a container holding none), at each open, label and close line; a line's
  // closings (innermost first) come before what it opens.
  const closes = new Map<number, string[]>();
  const opens = new Map<number, string>();
  const height = (frame: Frame): number => Math.max(0, ...frame.children.map((child) => height(child) + 1));
  const emit = (frame: Frame) => {
    const colons = ':'.repeat(3 + 2 * height(frame));
    opens.set(
      frame.open,
      frame.kind === 'tab'
        ? `${colons}tab[${frame.label!.replace(/[[\]]/g, '\\$&')}]`
        : `${colons}${frame.kind === 'tabs' ? 'tabs' : frame.name}`,
    );
    for (const child of frame.children) emit(child);
    if (frame.close !== undefined) closes.set(frame.close, [...(closes.get(frame.close) ?? []), colons]);
  };
  for (const child of root.children) emit(child);
  return lines
    .flatMap((line, i) => {
      const own = opens.get(i);
      const closing = closes.get(i) ?? [];
      if (own !== undefined) return [...closing, own];
      return closing.length > 0 ? closing : [line];
    })
    .join('\n');
}

/**
 * vitepress-plugin-llms' tags as the page shows them: what `<llm-only>…</llm-only>` holds is for llms.txt only and
 * left out of the page; `<llm-exclude>` only keeps its content out of llms.txt, so its tags go and its content stays
 * (the plugin's README, "Controlling content"). Lines left out become empty lines, so that a problem reported later
 * keeps its line; fenced code is left as written.
 */
function llmTags(text: string): string {
  if (!/<\/?llm-(?:only|exclude)>/.test(text)) return text;
  let hidden = false;
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      let rest = line;
      if (hidden) {
        const end = rest.indexOf('</llm-only>');
        if (end < 0) return '';
        hidden = false;
        rest = rest.slice(end + '</llm-only>'.length);
      } else {
        const marker = /^\s*(`{3,}|~{3,})/.exec(rest)?.[1];
        if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
          fence = fence === null ? marker : null;
          return rest;
        }
        if (fence !== null) return rest;
      }
      rest = rest.replace(/<llm-only>[\s\S]*?<\/llm-only>/g, '').replace(/<\/?llm-exclude>/g, '');
      const open = rest.indexOf('<llm-only>');
      if (open >= 0) {
        hidden = true;
        rest = rest.slice(0, open);
      }
      return rest !== line && rest.trim() === '' ? '' : rest;
    })
    .join('\n');
}

/**
 * Maps each line outside fenced code blocks (a line inside one is kept as written).
 * @param map the line's new text, given the line and its 0-based index
 */
function mapProseLines(text: string, map: (line: string, index: number) => string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line, index) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === null ? marker : null;
        return line;
      }
      return fence === null ? map(line, index) : line;
    })
    .join('\n');
}

/** `{{` outside inline code spans, as a character reference Markdown shows as `{{` and no rewrite takes for Vue's. */
function literalBraces(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1|\{\{/g, (whole, code: string | undefined) =>
    code !== undefined ? whole : '&#123;&#123;',
  );
}

/**
 * VitePress' escapes (guide "Markdown Extensions"): an element with `v-pre` (`<span v-pre>{{ as-is }}</span>`) and
 * the `::: v-pre` container show their `{{ }}` as written (Escaping); the `::: raw` container only wraps its content
 * in `<div class="vp-raw">`, out of the theme's styles (Raw). The attribute and the containers' fences are taken out
 * (docgen runs no Vue and has no such class), a v-pre's braces kept as text; the content stays Markdown.
 * @returns the page's text (the input itself when it has neither)
 */
function escapedInterpolations(text: string): string {
  if (!/v-pre|^\s*:{3,}\s*raw\s*$/m.test(text)) return text;
  let container: { colons: string; name: string; depth: number } | undefined;
  return mapProseLines(text, (line) => {
    if (container !== undefined) {
      // A container of the same colons inside it opens and closes before it does.
      if (line.trim() === container.colons && container.depth-- === 0) {
        container = undefined;
        return '';
      }
      if (new RegExp(`^\\s*${container.colons}\\s*\\w`).test(line)) container.depth++;
      return container.name === 'v-pre' ? literalBraces(line) : line;
    }
    const open = /^\s*(:{3,})\s*(v-pre|raw)\s*$/.exec(line);
    if (open) {
      container = { colons: open[1]!, name: open[2]!, depth: 0 };
      return '';
    }
    return line.replace(
      /<([a-zA-Z][\w-]*)([^>]*?)\s+v-pre(?=[\s>])([^>]*)>([\s\S]*?)<\/\1>/g,
      (_whole, tag: string, before: string, after: string, inner: string) =>
        `<${tag}${before}${after}>${literalBraces(inner)}</${tag}>`,
    );
  });
}

/**
 * `{{ $frontmatter.key }}`, `{{ frontmatter.key }}`, `{{ $site.title }}`, a string literal: their values. Any other
 * expression needs Vue at run time, which a docgen page has not: it is left out (its braces printed would be wrong,
 * its text without braces misleading) and reported with file:line; in a page with a `<script setup>` it is left
 * for the Vue renderer, which evaluates it with the script's bindings (vue-components.ts).
 */
function staticInterpolations(
  text: string,
  frontMatter: Record<string, unknown>,
  shown: string,
  ctx: RewriteContext,
): string {
  if (!text.includes('{{')) return text;
  const templates = vueTemplateLines(text); // rendered by Vue with the page's data (vue-components.ts)
  const scripted = blankScriptSetup(text) !== text;
  return mapProseLines(text, (line, index) =>
    // Inline code spans are shown as written by VitePress too (v-pre).
    line.includes('{{') && !templates.has(index)
      ? line.replace(
          /(`+)[\s\S]*?\1|\{\{\s*([^}]+?)\s*\}\}/g,
          (whole, code: string | undefined, expression: string | undefined) => {
            if (code !== undefined || expression === undefined) return whole;
            const value = staticValue(expression, frontMatter, ctx.site);
            if (value !== undefined) return value;
            if (scripted) return whole;
            ctx.report.add(
              shown,
              `Vue expression {{ ${expression} }} is not static (it needs Vue at run time): left out; replace it with its text`,
              index + 1,
            );
            return '';
          },
        )
      : line,
  );
}

/**
 * `[text](/file.html){target="_self"}` (markdown-it-attrs): VitePress leaves a link with a `target` or `download`
 * attribute as written and checks no page behind it (markdown/plugins/link.ts), the way to link a file of `public/`
 * or a page VitePress does not build. Written as an HTML link, which docgen does not check either.
 */
function attributedLinks(text: string): string {
  if (!/\]\([^)]*\)\{[^}]*\b(target|download)\b/.test(text)) return text;
  return mapProseLines(text, (line) =>
    line.replace(
      /\[([^\]]*)\]\(([^)\s]+)\)\{([^}]*\b(?:target|download)\b[^}]*)\}/g,
      (_whole, label: string, href: string, attrs: string) =>
        `<a href="${href.replace(/"/g, '&quot;')}" ${attrs.trim()}>${label}</a>`,
    ),
  );
}

function staticValue(
  expression: string,
  frontMatter: Record<string, unknown>,
  site: RewriteContext['site'],
): string | undefined {
  const path_ = /^\$?(frontmatter|site)\.([\w.]+)$/.exec(expression);
  if (!path_) return /^(['"])(.*)\1$/.exec(expression)?.[2];
  let value: unknown = path_[1] === 'frontmatter' ? frontMatter : site;
  for (const key of path_[2]!.split('.'))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

/**
 * The route VitePress publishes a page at (its path below the source folder, after `rewrites`): `index.md` is its
 * folder's page (`guide/index.md` -> `/guide/`), every other file keeps its name as written (`README.md` ->
 * `/README`, `guide/guide.md` -> `/guide/guide`, `01-intro.md` -> `/01-intro`; VitePress has no number prefixes and
 * ignores front matter `slug` and `id`: src/node/plugins/localSearchPlugin.ts and src/shared/shared.ts).
 * @param page the page's path below the source folder, POSIX
 */
export function vitepressRoute(page: string): string {
  const name = page.replace(/\.md$/, '');
  if (name === 'index') return '/';
  return name.endsWith('/index') ? `/${name.slice(0, -'index'.length)}` : `/${name}`;
}

/**
 * The page's text with a front matter `slug` that keeps it at VitePress' route where docgen's rules (Docusaurus':
 * number prefixes dropped, a file named like its folder or `README` is the folder's index, front matter `slug` and
 * `id` obeyed) would move it; the text itself when they agree.
 * @param docgenRoute the route docgen gives the page as written (content/routes.ts routePathOf)
 */
export function keepVitepressRoute(text: string, page: string, docgenRoute: string): string {
  const route = vitepressRoute(page);
  if (route === docgenRoute) return text;
  const slug = `slug: ${JSON.stringify(route)}\n`;
  const frontMatter = /^---\r?\n/.exec(text);
  if (!frontMatter) return `---\n${slug}---\n\n${text}`;
  const end = text.indexOf('\n---', 3);
  const head = text.slice(frontMatter[0].length, end + 1);
  const kept = /^slug:.*\n/m.test(head) ? head.replace(/^slug:.*\n/m, slug) : slug + head;
  return text.slice(0, frontMatter[0].length) + kept + text.slice(end + 1);
}
