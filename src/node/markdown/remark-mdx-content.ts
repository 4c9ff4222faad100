/**
 * MDX content without running it. docgen reads MDX as Docusaurus 3 does but never executes an
 * author's JavaScript:
 * - `import` lines: Docusaurus theme components (`@theme/Tabs`…) map to docgen's own; `.md`/`.mdx` partials are
 *   inlined where their component is used, keeping their own file:line for diagnostics; other imports are reported.
 *   `export` lines are reported and dropped.
 * - `{/* comments *\/}` are dropped; `{'literal'}` expressions become text; any other expression is reported.
 * - JSX: lowercase names are HTML, checked against the allow-list (html-allow-list.ts); `<Tabs>`/`<TabItem>` and
 *   `<Admonition>` become the same directive nodes as `::::tabs` and `:::note` (remark-directives.ts renders both);
 *   `<Details>`, `<CodeBlock>`, `<Mermaid>`, `<TOCInline>`, `<DocCardList>` and VitePress' `<Badge>` become their docgen equivalents; names
 *   in `theme.mdxComponents` become elements the site's components render; anything else follows
 *   `onUnknownComponent` (an error naming how to provide it, or its children).
 * A site with its own components (`theme.mdxComponents`) runs its MDX pages' code at build time instead
 * (mdx-evaluate.ts): exports are kept, expressions computed, and the components the page imports from the site's
 * code or that are registered are rendered to HTML at build time (rehype-site-components.ts).
 * Runs before remark-directives, remark-links and remark-diagrams, so what it produces goes through them.
 */
import { toString } from 'mdast-util-to-string';
import { readFileSync } from 'node:fs';
import { rawImportFile, resolveSnippetPath } from './snippet-imports.js';
import path from 'node:path';
import type { Element, ElementContent } from 'hast';
import type { Code, Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Processor } from 'unified';
import { VFile } from 'vfile';
import { badgeClassName } from './badge.js';
import { sanitizeAuthorElement } from './html-allow-list.js';
import { type reportAt, reportByPolicy, type MarkdownContext } from './context.js';
import { attributesOf, expressionOf, literalOf, propsValueOf, type Literal } from './mdx-values.js';
import { ADMONITIONS } from './remark-directives.js';
import { PARTIAL_FILE_PROPERTY } from './rehype-heading-slugs.js';
import { SITE_COMPONENT_TAG } from './rehype-site-components.js';
import type { ExportNamedDeclaration, Program } from 'estree';
import { evaluatePage, type PageEvaluation } from './mdx-evaluate.js';
import { preparedSource } from './preprocess.js';

/** Docusaurus theme modules and the docgen component each stands for. */
const THEME_MODULES: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/TOCInline': 'TOCInline',
  '@theme/DocCardList': 'DocCardList',
  '@theme/Details': 'Details',
  '@theme/Mermaid': 'Mermaid',
};
/** Components used without an import: the theme modules' (Docusaurus' MDXComponents scope) and VitePress' `Badge`. */
const BUILT_IN = new Set([...Object.values(THEME_MODULES), 'Badge']);
/**
 * Built-ins in Docusaurus' default MDX scope (theme-classic `MDXComponents`: `Details`): a page gets them without an
 * import whatever the site registers. Any other built-in's name, used without an import, can only mean the site's
 * own component where the site registers one (a swizzled `MDXComponents` or VitePress' `app.component('Badge', …)`).
 */
const DEFAULT_SCOPE = new Set(['Details']);
/** Partials inlined inside partials, at most this deep (a cycle is reported before). */
const MAX_PARTIAL_DEPTH = 10;

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
type Binding =
  | { kind: 'component'; name: string }
  | { kind: 'partial'; file: string }
  | { kind: 'text'; value: string }
  | { kind: 'unsupported'; source: string }
  /** An image or media file (`import shot from './shot.png'`): its URL, as webpack's asset modules give it. */
  | { kind: 'asset'; file: string; source: string }
  /** Declared by the page's own `export` (`export const Highlight = …`): rendered from the page's module. */
  | { kind: 'exported' };

interface Scope {
  /** Absolute path and text of the file being transformed (the page, or a partial inlined in it). */
  file: string;
  source: string;
  bindings: Map<string, Binding>;
  /** Partials being inlined, outermost first (cycle check). */
  stack: string[];
  /** The text of each raw import of the file by its specifier, for its module (mdx-evaluate.ts). */
  rawImports?: Map<string, string>;
  /** What the page's own code computed (a site with its own components: mdx-evaluate.ts); absent otherwise. */
  evaluation?: PageEvaluation | null;
  /** A partial's literal props, from the attributes of its use (`<Partial name="Ada" />`): read as `{props.name}`. */
  props?: Record<string, Literal>;
}

/**
 * remark plugin; reads `file.data.docgen` (does nothing for a CommonMark page). `this` is the frozen processor,
 * which parses the partials.
 */
export function remarkMdxContent(this: Processor) {
  return async (tree: Root, file: VFile) => {
    const ctx = file.data.docgen!;
    if (!ctx.mdx) return;
    const scope: Scope = { file: ctx.file, source: String(file.value), bindings: new Map(), stack: [ctx.file] };
    for (const node of tree.children) if (node.type === 'mdxjsEsm') readEsm(node, scope, ctx);
    const site = ctx.siteComponents;
    if (site)
      scope.evaluation = await evaluatePage(tree, {
        file: ctx.file,
        siteRoot: site.siteRoot,
        site: site.site,
        role: (node) => roleOf(node, scope, ctx),
        registered: site.files,
        rawImports: scope.rawImports,
        warn: (node, message) => report(ctx, scope, node, 'TemplateRenderFailed', message, 'warn'),
        read: (file) => (ctx.reads ??= new Set()).add(file), // an install or removal compiles the page again
      });
    tree.children = transformChildren(tree.children as RootContent[], scope, ctx, this) as Root['children'];
  };
}

function transform(tree: Root, scope: Scope, ctx: MarkdownContext, processor: Processor): void {
  for (const node of tree.children) if (node.type === 'mdxjsEsm') readEsm(node, scope, ctx);
  tree.children = transformChildren(tree.children as RootContent[], scope, ctx, processor) as Root['children'];
}

/**
 * What a page's module does with an element (site with its own components only): a component the page imports
 * from its own code, or a registered one (`theme.mdxComponents`), is rendered from it; a docgen built-in with
 * computed props gets them computed.
 */
function roleOf(node: Jsx, scope: Scope, ctx: MarkdownContext): ReturnType<Parameters<typeof evaluatePage>[1]['role']> {
  const name = node.name!;
  // An HTML element's expression attributes (`<img src={useBaseUrl('/img/a.png')} />`): computed, then sanitised
  // like literal ones (htmlElement).
  if (/^[a-z]/.test(name))
    return !name.includes('.') && attributesOf(node).dynamic.length > 0 ? { role: 'props' } : null;
  if (name.includes('.')) return null;
  const binding = scope.bindings.get(name);
  if (binding?.kind === 'partial' || binding?.kind === 'text') return null;
  if (binding?.kind === 'unsupported' || binding?.kind === 'exported')
    return { role: 'component', from: { kind: 'binding' } };
  const builtIn = builtInOf(name, binding, ctx) !== null;
  if (builtIn) return attributesOf(node).dynamic.length > 0 ? { role: 'props' } : null;
  const file = ctx.siteComponents?.files[name];
  return file ? { role: 'component', from: { kind: 'file', file } } : null;
}

/**
 * The docgen built-in an element stands for, or null: a Docusaurus theme module it imports (`@theme/Tabs`), else a
 * built-in's name it uses without an import, unless the site registers its own component of that name (outside
 * Docusaurus' default scope, DEFAULT_SCOPE). An import of anything else binds the site's code.
 */
function builtInOf(name: string, binding: Binding | undefined, ctx: MarkdownContext): string | null {
  if (binding?.kind === 'component') return binding.name;
  if (binding !== undefined || !BUILT_IN.has(name)) return null;
  return DEFAULT_SCOPE.has(name) || !ctx.mdxComponents?.includes(name) ? name : null;
}

/** Reads `import`s into the scope; reports `export`s and imports docgen cannot provide. */
function readEsm(node: MdxjsEsm, scope: Scope, ctx: MarkdownContext): void {
  const program = node.data?.estree as Program | undefined;
  for (const statement of program?.body ?? []) {
    if (statement.type === 'ImportDeclaration') {
      const from = String(statement.source.value);
      const asset = assetFileOf(from, scope, ctx);
      for (const specifier of statement.specifiers) {
        const local = specifier.local.name;
        const file = rawImportFile(from, scope.file, siteRootOf(ctx));
        if (file !== null) {
          // A file's text (webpack's raw loader, which Docusaurus sites use to show source files in <CodeBlock>).
          let value = '';
          if (outsideProject(file, scope, ctx)) {
            // At the import's own line: the node is the whole block of imports.
            const at = statement.loc
              ? ({
                  ...node,
                  position: {
                    start: { line: statement.loc.start.line, column: statement.loc.start.column + 1 },
                    end: node.position!.end,
                  },
                } as RootContent)
              : node;
            report(
              ctx,
              scope,
              at,
              'SnippetOutsideProject',
              `The import of ${from.slice(0, 80)} names a file outside the project (${path.relative(path.dirname(scope.file), file)}); docgen reads no file outside it (SECURITY.md), so what shows it stays empty. Copy the file into the project.`,
              'warn',
            );
          } else {
            (ctx.reads ??= new Set()).add(file);
            try {
              value = readFileSync(file, 'utf8');
            } catch {
              report(
                ctx,
                scope,
                node,
                'DeadLink',
                `The import of ${from.slice(0, 80)} names a file that does not exist (${path.relative(path.dirname(scope.file), file)}); what shows it stays empty.`,
                'warn',
              );
            }
          }
          scope.bindings.set(local, { kind: 'text', value });
          (scope.rawImports ??= new Map()).set(from, value);
        } else if (THEME_MODULES[from]) scope.bindings.set(local, { kind: 'component', name: THEME_MODULES[from]! });
        else if (asset) scope.bindings.set(local, { kind: 'asset', file: asset, source: from });
        else if (/\.mdx?$/.test(from) && from.startsWith('.'))
          scope.bindings.set(local, { kind: 'partial', file: path.resolve(path.dirname(scope.file), from) });
        else if (from.startsWith('@site/') && /\.mdx?$/.test(from))
          scope.bindings.set(local, {
            kind: 'partial',
            file: path.resolve(siteRootOf(ctx), from.slice('@site/'.length)),
          });
        else scope.bindings.set(local, { kind: 'unsupported', source: from });
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      for (const name of declaredBy(statement.declaration)) scope.bindings.set(name, { kind: 'exported' });
      reportDroppedExport(node, scope, ctx);
    } else reportDroppedExport(node, scope, ctx);
  }
}

/** The names a declaration binds (`const A = …, B = …`, `function A`, `class A`; destructuring patterns: none). */
function declaredBy(declaration: NonNullable<ExportNamedDeclaration['declaration']>): string[] {
  if (declaration.type === 'VariableDeclaration')
    return declaration.declarations.flatMap((declarator) =>
      declarator.id.type === 'Identifier' ? [declarator.id.name] : [],
    );
  return declaration.id ? [declaration.id.name] : [];
}

/** An `export` of a site whose pages are not code (config `markdown.pageCode`): a warning at its line. */
function reportDroppedExport(node: MdxjsEsm, scope: Scope, ctx: MarkdownContext): void {
  if (scope.evaluation || ctx.siteComponents) return;
  report(
    ctx,
    scope,
    node,
    'MarkdownSyntax',
    "docgen does not run JavaScript from content, so this `export` is dropped. Move the value into the page, move the component into the theme (site.config.ts theme.mdxComponents), or let the site's pages run code (markdown.pageCode: true, SECURITY.md).",
    'warn',
  );
}

function transformChildren(
  children: RootContent[],
  scope: Scope,
  ctx: MarkdownContext,
  processor: Processor,
): RootContent[] {
  const out: RootContent[] = [];
  for (const child of children) {
    switch (child.type) {
      case 'mdxjsEsm':
        break;
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        const expression = expressionOf(child.data?.estree as Program | undefined);
        if (expression === null) break; // {/* a comment */}
        const computed = scope.evaluation?.values;
        const value = computed?.has(child) ? computed.get(child) : valueOf(expression ?? undefined, scope);
        if (typeof value === 'string' || typeof value === 'number')
          out.push(textNode(String(value), child.type === 'mdxFlowExpression'));
        else if (computed?.has(child) && (value === null || value === undefined || typeof value === 'boolean'))
          break; // `{cond && <X />}` that is false renders nothing, as in React
        else if (computed?.has(child) && typeof value === 'object')
          out.push(computedRender(child, () => scope.evaluation!.renderValue(child), ctx));
        else
          report(
            ctx,
            scope,
            child,
            'MarkdownSyntax',
            `docgen does not run JavaScript from content: the expression {${child.value.trim().slice(0, 40)}} is dropped. Write its text instead.`,
            'warn',
          );
        break;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        if (child.name === 'head') readHead(child, scope, ctx);
        else out.push(...jsxElement(child, scope, ctx, processor));
        break;
      default:
        if ('children' in child)
          (child as { children: RootContent[] }).children = transformChildren(
            (child as { children: RootContent[] }).children,
            scope,
            ctx,
            processor,
          );
        out.push(unwrapBlockHtml(child));
    }
  }
  return out;
}

/** HTML elements that are blocks: alone on their line in MDX they still parse as a paragraph's only content. */
const BLOCK_TAGS = new Set([
  'summary',
  'div',
  'figure',
  'figcaption',
  'details',
  'video',
  'iframe',
  'table',
  'ul',
  'ol',
  'p',
  'blockquote',
  'pre',
  'hr',
  'section',
  'aside',
  'center',
  'picture',
]);

/** A paragraph whose only content is one block HTML element (`<summary>…</summary>` on its own line): the element. */
function unwrapBlockHtml(node: RootContent): RootContent {
  if (node.type !== 'paragraph') return node;
  const content = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  const only = content.length === 1 ? (content[0] as { data?: { hName?: string } }) : null;
  return only && BLOCK_TAGS.has(only.data?.hName ?? '') ? (content[0] as RootContent) : node;
}

/** One JSX element as the nodes that replace it. */
function jsxElement(node: Jsx, scope: Scope, ctx: MarkdownContext, processor: Processor): RootContent[] {
  const children = () => transformChildren(node.children as RootContent[], scope, ctx, processor);
  if (node.name === null) return children(); // a fragment <>…</>
  if (/^[a-z]/.test(node.name) && !node.name.includes('.')) return htmlElement(node, children(), scope, ctx);
  const binding = scope.bindings.get(node.name);
  if (binding?.kind === 'asset') {
    // An imported SVG used as a component (Docusaurus' SVGR: `<Logo className="x" />`): shown as the image it is.
    const image = { ...node, name: 'img', attributes: [...node.attributes] } as Jsx;
    image.attributes.push({ type: 'mdxJsxAttribute', name: 'src', value: assetUrl(binding, node, scope, ctx) ?? '' });
    return htmlElement(image, [], scope, ctx);
  }
  if (binding?.kind === 'partial') return partial(node, binding.file, scope, ctx, processor);
  const browserOnly = browserOnlyContent(node, binding, scope, ctx);
  if (browserOnly) return [browserOnly];
  if (scope.evaluation?.props.has(node) && roleOf(node, scope, ctx)?.role === 'component') {
    withAssetProps(node, scope.evaluation, scope, ctx);
    return [computedComponent(node, children(), scope.evaluation, ctx)];
  }
  const name = builtInOf(node.name, binding, ctx);
  if (name !== null) return builtIn(name, node, children(), scope, ctx);
  if (ctx.mdxComponents?.includes(node.name)) return [siteComponent(node, children(), scope, ctx)];
  const where =
    binding?.kind === 'unsupported'
      ? ` (imported from '${binding.source}', which docgen cannot run)`
      : binding?.kind === 'exported'
        ? " (this page's own export; its code runs only with markdown.pageCode: true)"
        : '';
  report(
    ctx,
    scope,
    node,
    'UnknownComponent',
    `<${node.name}> is not a component docgen knows${where}. Register the site's own component in site.config.ts: theme: { mdxComponents: { ${node.name}: './theme/${node.name}.tsx' } }, or set onUnknownComponent: 'warn' to render its children.`,
    ctx.policies.onUnknownComponent,
  );
  return ctx.policies.onUnknownComponent === 'throw' ? [] : children();
}

/**
 * A page's `<head>` (Docusaurus' "Head metadata", docs/guides/markdown-features/markdown-features-head-metadata):
 * its `<title>` becomes the document's title as written, `<meta name="description">` and `<meta name="keywords">`
 * the page's (front matter `description` and `keywords` still win). Nothing of it is content. Anything else in it
 * (`<link>`, other `<meta>`s, scripts) is left out with a warning: docgen writes the rest of the head itself
 * (canonical URL, Open Graph, social card).
 */
function readHead(node: Jsx, scope: Scope, ctx: MarkdownContext): void {
  const head = (ctx.head ??= {});
  const lost: string[] = [];
  for (const child of node.children as RootContent[]) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (child.type === 'paragraph') {
      // `<title>x</title>` on a line of its own inside the block is parsed as a paragraph holding the element.
      readHead({ ...node, children: child.children } as Jsx, scope, ctx);
      continue;
    }
    if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') {
      lost.push(child.type);
      continue;
    }
    const { values } = attributesOf(child);
    const content = typeof values.content === 'string' ? values.content.trim() : '';
    if (child.name === 'title') head.title = toString(child).trim() || head.title;
    else if (child.name === 'meta' && values.name === 'description' && content) head.description = content;
    else if (child.name === 'meta' && values.name === 'keywords' && content)
      head.keywords = content
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean);
    else
      lost.push(
        `<${child.name ?? 'fragment'}${typeof values.name === 'string' ? ` name="${values.name}"` : ''}${typeof values.rel === 'string' ? ` rel="${values.rel}"` : ''}>`,
      );
  }
  if (lost.length > 0)
    report(
      ctx,
      scope,
      node,
      'DroppedHtml',
      `<head> keeps its <title> and the description and keywords <meta>s; ${lost.join(', ')} left out (docgen writes the canonical URL, Open Graph and social card tags itself).`,
      ctx.policies.onDroppedHtml,
    );
}

/** A lowercase JSX element: HTML, through the same allow-list as raw HTML in CommonMark pages. */
function htmlElement(node: Jsx, children: RootContent[], scope: Scope, ctx: MarkdownContext): RootContent[] {
  const attributes = attributesOf(node);
  const { values } = attributes;
  // `src={shot}`, `src={require('./shot.png').default}`: the imported file's URL; else what the page's code computed
  // (a page that runs as code: `src={useBaseUrl('/img/a.png')}`), when it is a string, number or boolean (a style
  // object too).
  const computed = computedLiterals(scope.evaluation?.props.get(node));
  const dynamic = attributes.dynamic.filter((name) => {
    const url = attributeAssetUrl(node, name, scope, ctx);
    if (url !== null) values[name] = url;
    else if (name in computed && (typeof computed[name] !== 'object' || name === 'style'))
      values[name] = computed[name]!;
    else return true;
    return false;
  });
  const properties: Element['properties'] = {};
  // In the order written (an asset's URL was filled in after the literals).
  const written = node.attributes.map((attribute) => (attribute.type === 'mdxJsxAttribute' ? attribute.name : ''));
  const entries = Object.entries(values).sort(([a], [b]) => written.indexOf(a) - written.indexOf(b));
  for (const [key, value] of entries)
    if (value !== null)
      properties[key === 'class' ? 'className' : key] =
        typeof value === 'object' && !(key === 'style' && ctx.inlineStyles) ? JSON.stringify(value) : (value as never);
  const element: Element = { type: 'element', tagName: node.name!, properties, children: [] };
  const { keep, dropped } = sanitizeAuthorElement(element, {
    iframeOrigins: [...ctx.iframeOrigins],
    inlineStyles: ctx.inlineStyles === true,
  });
  const lost = [...dropped, ...dynamic.map((name) => `${name}={…}`)];
  if (lost.length > 0) {
    report(
      ctx,
      scope,
      node,
      'DroppedHtml',
      `HTML dropped: ${lost.join(', ')}. docgen keeps only the HTML on its allow-list and literal attribute values (SECURITY.md, "Raw HTML").`,
      ctx.policies.onDroppedHtml,
    );
  }
  if (keep === 'nothing') return [];
  if (keep === 'children') return children;
  // mdast-util-to-hast wraps a blockquote's children in line breaks: an element without children (`<img>`, `<br>`)
  // is carried as emphasis, which adds none.
  const carrier = node.type === 'mdxJsxTextElement' || children.length === 0 ? 'emphasis' : 'blockquote';
  // An element with an id carries the partial it came from to rehype-heading-slugs.ts (which takes the mark off),
  // so a repeated id is reported in the partial's file.
  const from = (node.data as { docgenFile?: string } | undefined)?.docgenFile;
  const hProperties =
    from && typeof element.properties.id === 'string'
      ? { ...element.properties, [PARTIAL_FILE_PROPERTY]: from }
      : element.properties;
  return [{ type: carrier, data: { hName: element.tagName, hProperties }, children, position: node.position } as never];
}

/** Extensions an import gives the URL of (Docusaurus' webpack asset modules, Vite's static asset imports). */
const ASSET_FILE = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|ogv|ogg|mp3|wav|pdf)$/i;

/** The absolute file a relative or `@site/` import of an image or media file names; null for any other import. */
function assetFileOf(from: string, scope: Scope, ctx: MarkdownContext): string | null {
  if (!ASSET_FILE.test(from)) return null;
  if (from.startsWith('@site/')) return path.resolve(siteRootOf(ctx), from.slice('@site/'.length));
  return from.startsWith('.') ? path.resolve(path.dirname(scope.file), from) : null;
}

/** The published URL of the asset an attribute's expression names (assetOfAttribute), or null for none. */
function attributeAssetUrl(node: Jsx, name: string, scope: Scope, ctx: MarkdownContext): string | null {
  const asset = assetOfAttribute(node, name, scope, ctx);
  return asset ? assetUrl(asset, node, scope, ctx) : null;
}

/** The asset an attribute's expression names: an imported binding, or `require('./a.png')` (with `.default`). */
function assetOfAttribute(
  node: Jsx,
  name: string,
  scope: Scope,
  ctx: MarkdownContext,
): Extract<Binding, { kind: 'asset' }> | null {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  const value = attribute?.value;
  if (!value || typeof value === 'string') return null;
  let expression = expressionOf(value.data?.estree as Program | undefined);
  if (expression?.type === 'Identifier') {
    const binding = scope.bindings.get(expression.name);
    return binding?.kind === 'asset' ? binding : null;
  }
  if (expression?.type === 'MemberExpression' && !expression.computed && expression.property.type === 'Identifier')
    expression = expression.property.name === 'default' ? (expression.object as typeof expression) : null;
  if (
    expression?.type === 'CallExpression' &&
    expression.callee.type === 'Identifier' &&
    expression.callee.name === 'require' &&
    expression.arguments[0]?.type === 'Literal' &&
    typeof expression.arguments[0].value === 'string'
  ) {
    const source = expression.arguments[0].value;
    const file = assetFileOf(source, scope, ctx);
    return file ? { kind: 'asset', file, source } : null;
  }
  return null;
}

/**
 * The URL of an imported asset: the content file's site path with the base URL, as a Markdown image to it gets;
 * null, with a DeadLink warning at the element, for a file docgen does not publish (missing, or outside the content
 * folder). A page mounted away from its file (a docs version's, from `versioned_docs/version-<name>/`, or a
 * locale's translation) finds the file where its mount puts it: the path from the page's file to the asset, taken
 * from the page's content path, as its Markdown images are (remark-links.ts).
 */
function assetUrl(
  asset: Extract<Binding, { kind: 'asset' }>,
  node: Jsx,
  scope: Scope,
  ctx: MarkdownContext,
): string | null {
  const rel = ctx.contentRoot ? path.relative(ctx.contentRoot, asset.file).split(path.sep).join('/') : '';
  if (rel && !rel.startsWith('..') && ctx.staticFiles.has(rel)) return ctx.href('/' + encodeURI(rel));
  const fromPage = path.relative(path.dirname(ctx.file), asset.file).split(path.sep).join('/');
  const mounted = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.relPath), fromPage));
  if (!mounted.startsWith('..') && ctx.staticFiles.has(mounted)) return ctx.href('/' + encodeURI(mounted));
  report(
    ctx,
    scope,
    node,
    'DeadLink',
    `The import of ${asset.source.slice(0, 80)} names no file of the content folder docgen publishes (${path.relative(path.dirname(scope.file), asset.file)}); the element shows without it. Move the file into the content folder.`,
    'warn',
  );
  return null;
}

/** A tab of a tabs block (what a `<TabItem>` becomes). */
function isTab(node: { type: string }): node is ContainerDirective {
  return node.type === 'containerDirective' && (node as ContainerDirective).name === 'tab';
}

/** `<Tabs>`, `<TabItem>`, `<Admonition>`, `<Details>`, `<CodeBlock>`, `<Mermaid>`, `<TOCInline>`, `<Badge>`, `<DocCardList>`. */
function builtIn(name: string, node: Jsx, children: RootContent[], scope: Scope, ctx: MarkdownContext): RootContent[] {
  const values = { ...attributesOf(node).values, ...computedLiterals(scope.evaluation?.props.get(node)) };
  const position = node.position;
  const str = (value: Literal | undefined) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  switch (name) {
    case 'Tabs': {
      const labels = new Map<string, string>();
      if (Array.isArray(values.values))
        for (const v of values.values)
          if (v && typeof v === 'object' && !Array.isArray(v) && str(v.value))
            labels.set(str(v.value)!, str(v.label) ?? str(v.value)!);
      // TabItems written one per line with no blank line between are text JSX in one paragraph; MDX unravels a
      // paragraph of JSX and whitespace alone (@mdx-js/mdx remark-mark-and-unravel), so Docusaurus' Tabs sees them.
      children = children.flatMap((child) =>
        child.type === 'paragraph' &&
        child.children.some(isTab) &&
        child.children.every((c) => isTab(c) || (c.type === 'text' && c.value.trim() === ''))
          ? (child.children.filter(isTab) as RootContent[])
          : [child],
      );
      const tabs = children.filter(isTab);
      // A TabItem without its own label is named by Tabs' `values`, else by its value (Docusaurus' Tabs).
      for (const tab of tabs) {
        const value = tab.attributes?.value;
        if (value && !hasLabel(tab))
          tab.children.unshift(labelParagraph([{ type: 'text', value: labels.get(value) ?? value }]));
      }
      const attributes: Record<string, string> = {};
      if (str(values.groupId)) attributes.groupId = str(values.groupId)!;
      if (values.queryString !== undefined && values.queryString !== false)
        attributes.queryString = values.queryString === true ? (str(values.groupId) ?? '') : String(values.queryString);
      if (str(values.defaultValue)) attributes.defaultValue = str(values.defaultValue)!;
      return [
        {
          type: 'containerDirective',
          name: 'tabs',
          attributes,
          children: tabs.length === children.filter(isContent).length ? tabs : children,
          position,
        } as ContainerDirective,
      ];
    }
    case 'TabItem': {
      const label = str(values.label);
      const attributes: Record<string, string> = {};
      if (str(values.value)) attributes.value = str(values.value)!;
      if (values.default === true) attributes.default = '';
      const label_ = label ? [labelParagraph([{ type: 'text', value: label }])] : [];
      return [
        {
          type: 'containerDirective',
          name: 'tab',
          attributes,
          children: [...label_, ...blocks(children)],
          position,
        } as ContainerDirective,
      ];
    }
    case 'Admonition': {
      const type = str(values.type) ?? 'note';
      if (!(type in ADMONITIONS)) {
        report(
          ctx,
          scope,
          node,
          'MarkdownSyntax',
          `<Admonition type="${type}"> is not an admonition type. Use one of ${Object.keys(ADMONITIONS).join(', ')}.`,
          'throw',
        );
        return children;
      }
      const title = str(values.title);
      const label = title ? [labelParagraph([{ type: 'text', value: title }])] : [];
      return [
        {
          type: 'containerDirective',
          name: type,
          attributes: {},
          children: [...label, ...blocks(children)],
          position,
        } as ContainerDirective,
      ];
    }
    case 'Details': {
      const summary = str(values.summary);
      const head = summary
        ? [{ type: 'paragraph', data: { hName: 'summary' }, children: [{ type: 'text', value: summary }] } as Paragraph]
        : [];
      return [
        {
          type: 'blockquote',
          data: { hName: 'details', hProperties: { className: ['dg-details'] } },
          children: [...head, ...children],
          position,
        } as never,
      ];
    }
    case 'CodeBlock':
    case 'Mermaid': {
      const value = name === 'Mermaid' ? str(values.value) : (codeText(node, scope) ?? str(values.children));
      if (value === undefined) {
        report(
          ctx,
          scope,
          node,
          'MarkdownSyntax',
          `<${name}> needs its code as literal text (a template literal or an imported ?raw file), e.g. <${name}>{\`…\`}</${name}>: docgen does not run JavaScript from content, so this block is left out.`,
          'warn',
        );
        return [];
      }
      const meta = [
        str(values.title) ? `title=${JSON.stringify(str(values.title))}` : '',
        values.showLineNumbers ? 'showLineNumbers' : '',
      ]
        .filter(Boolean)
        .join(' ');
      const code: Code = {
        type: 'code',
        lang: name === 'Mermaid' ? 'mermaid' : (str(values.language) ?? null),
        meta: meta || null,
        value: value.replace(/^\n|\n$/g, ''),
        position,
      };
      return [code];
    }
    case 'Badge': {
      const text = str(values.text);
      const label =
        text !== undefined
          ? [{ type: 'text', value: text }]
          : children.flatMap((child) => (child.type === 'paragraph' ? child.children : [child]));
      const badge = {
        type: 'emphasis',
        data: { hName: 'span', hProperties: { className: badgeClassName(values.type ?? values.variant) } },
        children: label,
        position,
      };
      return [
        node.type === 'mdxJsxFlowElement'
          ? ({ type: 'paragraph', children: [badge], position } as Paragraph)
          : (badge as never),
      ];
    }
    case 'TOCInline': {
      const min = Number(values.minHeadingLevel ?? 2);
      const max = Number(values.maxHeadingLevel ?? 3);
      // `toc={toc.filter(…)}`: the headings the page's code kept (mdx-evaluate.ts pageToc), by level and text.
      const toc = values.toc as unknown;
      const kept = Array.isArray(toc)
        ? {
            dataToc: JSON.stringify(
              toc.flatMap((entry: { level?: unknown; value?: unknown } | null) =>
                typeof entry?.level === 'number' && typeof entry.value === 'string' ? [[entry.level, entry.value]] : [],
              ),
            ),
          }
        : {};
      return [
        {
          type: 'paragraph',
          data: { hName: 'nav', hProperties: { className: ['dg-toc-inline'], dataMin: min, dataMax: max, ...kept } },
          children: [],
          position,
        } as never,
      ];
    }
    default: {
      // DocCardList: the page's sidebar category, as links (content/site.ts categoryCards); remark-links resolves them.
      const items = (ctx.cards ?? []).map((card) => ({
        type: 'listItem',
        spread: false,
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'link', url: encodeURI(card.route), children: [{ type: 'text', value: card.label }], position },
            ],
          },
        ],
      }));
      return [
        {
          type: 'list',
          ordered: false,
          spread: false,
          data: { hProperties: { className: ['dg-doc-card-list'] } },
          children: items,
          position,
        } as never,
      ];
    }
  }
}

/**
 * A component's props that name an image or media file of the site (`img={require('./a.png')}`, `src={shot}` of
 * `import shot from './a.png'`) get its published URL, as webpack's asset modules give Docusaurus' components
 * (`@theme/IdealImage`'s `img`, a site component's `src`): the page's code, bundled for the server, has no URL for
 * them.
 */
function withAssetProps(node: Jsx, evaluation: PageEvaluation, scope: Scope, ctx: MarkdownContext): void {
  const props = evaluation.props.get(node);
  if (!props) return;
  for (const name of attributesOf(node).dynamic) {
    const url = attributeAssetUrl(node, name, scope, ctx);
    if (url !== null) props[name] = url;
  }
}

/** An element of the site's own component (theme.mdxComponents), with literal props. */
function siteComponent(node: Jsx, children: RootContent[], scope: Scope, ctx: MarkdownContext): RootContent {
  const { values, dynamic } = attributesOf(node);
  if (dynamic.length > 0)
    report(
      ctx,
      scope,
      node,
      'MarkdownSyntax',
      `<${node.name}> props ${dynamic.join(', ')} are not literal values; docgen does not run JavaScript from content, so they are dropped.`,
      'warn',
    );
  const properties: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values))
    if (value !== null) properties[key] = typeof value === 'object' ? JSON.stringify(value) : value;
  return {
    type: node.type === 'mdxJsxTextElement' || children.length === 0 ? 'emphasis' : 'blockquote',
    data: { hName: node.name!, hProperties: properties },
    children,
    position: node.position,
  } as never;
}

/**
 * A component the page's module renders (mdx-evaluate.ts): a `dg-site-component` element whose `dataUse` names its
 * render in `ctx.siteComponentRenders`; rehype-site-components.ts puts the rendered HTML in its place, its
 * children where the component renders `children`.
 */
function computedComponent(
  node: Jsx,
  children: RootContent[],
  evaluation: PageEvaluation,
  ctx: MarkdownContext,
): RootContent {
  return computedRender(node, (compiled) => evaluation.render(node, compiled), ctx, children);
}

/**
 * `<BrowserOnly fallback={…}>{() => <Clock />}</BrowserOnly>` of `@docusaurus/BrowserOnly` (Docusaurus' "Static
 * site generation" guide, docs/advanced/ssg.mdx): Docusaurus' server render shows the fallback and the browser then
 * calls the function. docgen runs no page code in the browser, so the function is called when the page is built and
 * what it gives is the page's content; when it throws (it reads `window`), the fallback is shown, as Docusaurus'
 * server render shows it, after a warning. Null for any other element, or one whose child is not one function.
 */
function browserOnlyContent(
  node: Jsx,
  binding: Binding | undefined,
  scope: Scope,
  ctx: MarkdownContext,
): RootContent | null {
  const evaluation = scope.evaluation;
  if (binding?.kind !== 'unsupported' || binding.source !== '@docusaurus/BrowserOnly' || !evaluation) return null;
  const content = (node.children as RootContent[]).filter((child) => !(child.type === 'text' && !child.value.trim()));
  const only = content.length === 1 ? content[0]! : null;
  if (only?.type !== 'mdxFlowExpression' && only?.type !== 'mdxTextExpression') return null;
  if (typeof evaluation.values.get(only) !== 'function') return null;
  return computedRender(node, () => evaluation.renderCall(only) ?? evaluation.render(node, null), ctx);
}

/** An element rehype-site-components.ts replaces with what `render` gives (its children when that is null). */
function computedRender(
  node: Jsx | RootContent,
  render: (children: ElementContent[] | null) => string | null,
  ctx: MarkdownContext,
  children: RootContent[] = [],
): RootContent {
  const renders = (ctx.siteComponentRenders ??= []);
  renders.push(render);
  return {
    type: node.type === 'mdxJsxTextElement' || children.length === 0 ? 'emphasis' : 'blockquote',
    data: { hName: SITE_COMPONENT_TAG, hProperties: { dataUse: renders.length - 1 } },
    children,
    position: node.position,
  } as never;
}

/** Computed props that are plain data (strings, numbers, booleans, arrays and objects of those), for built-ins. */
function computedLiterals(props: Record<string, unknown> | null | undefined): Record<string, Literal> {
  const out: Record<string, Literal> = {};
  for (const [key, value] of Object.entries(props ?? {})) {
    try {
      const json = JSON.stringify(value);
      if (json !== undefined && !/^"\[object /.test(json)) out[key] = JSON.parse(json) as Literal;
    } catch {
      // a value with cycles: not data a built-in reads
    }
  }
  return out;
}

/** `<X />` of `import X from './_x.md'`: the partial's content, transformed in its own scope. */
function partial(node: Jsx, file: string, scope: Scope, ctx: MarkdownContext, processor: Processor): RootContent[] {
  if (scope.stack.includes(file) || scope.stack.length > MAX_PARTIAL_DEPTH) {
    report(
      ctx,
      scope,
      node,
      'MarkdownSyntax',
      `The partial ${path.basename(file)} includes itself (through ${scope.stack.map((f) => path.basename(f)).join(' -> ')}). Remove the cycle.`,
      'throw',
    );
    return [];
  }
  if (outsideProject(file, scope, ctx)) {
    report(
      ctx,
      scope,
      node,
      'SnippetOutsideProject',
      `<${node.name}> is imported from ${path.relative(path.dirname(scope.file), file)}, outside the project; docgen reads no file outside it (SECURITY.md). Copy the file into the project.`,
      'throw',
    );
    return [];
  }
  let source: string;
  (ctx.reads ??= new Set()).add(file);
  try {
    source = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch {
    report(
      ctx,
      scope,
      node,
      'DeadLink',
      `<${node.name}> is imported from ${path.relative(path.dirname(scope.file), file)}, which does not exist.`,
      ctx.policies.onBrokenLinks,
    );
    return [];
  }
  (ctx.partialSources ??= new Map()).set(file, source);
  const tree = processor.parse(
    new VFile({ path: file, value: preparedSource(source, true), data: { docgen: { ...ctx, mdx: true } } }),
  ) as Root;
  tree.children = tree.children.filter((child) => child.type !== 'yaml');
  markFile(tree, file);
  // Its use's attributes are its props (computed ones too, when the page's code ran).
  const props = { ...attributesOf(node).values, ...computedLiterals(scope.evaluation?.props.get(node)) };
  transform(tree, { file, source, bindings: new Map(), stack: [...scope.stack, file], props }, ctx, processor);
  return node.type === 'mdxJsxTextElement'
    ? (tree.children.flatMap((child) => (child.type === 'paragraph' ? child.children : [child])) as RootContent[])
    : (tree.children as RootContent[]);
}

/**
 * Whether an imported file (a raw import's or a partial's) is outside the project root and the content folder,
 * symbolic links resolved (snippet-imports.ts resolveSnippetPath): it is never read (SECURITY.md: Markdown reads
 * no file outside the project). Without the roots (a bare processor in tests), nothing is outside.
 */
function outsideProject(file: string, scope: Scope, ctx: MarkdownContext): boolean {
  if (!ctx.contentRoot || !ctx.projectRoot) return false;
  return resolveSnippetPath(file, {
    file: scope.file,
    contentRoot: ctx.contentRoot,
    projectRoot: ctx.projectRoot,
    allowedReadPaths: ctx.allowedReadPaths,
  }).outside;
}

/** Tags every node of an inlined partial with its file, so diagnostics and relative links use the partial's own. */
function markFile(node: { data?: object; children?: unknown[] }, file: string): void {
  node.data = { ...node.data, docgenFile: file };
  if (node.children) for (const child of node.children) markFile(child as typeof node, file);
}

/** Reports at a node of the page or of the partial it came from, as `policy` says. */
function report(
  ctx: MarkdownContext,
  scope: Scope,
  node: RootContent,
  code: Parameters<typeof reportAt>[3],
  message: string,
  policy: 'throw' | 'warn' | 'ignore',
): void {
  reportByPolicy(ctx, scope.source, node, code, message, policy);
}

/** A literal value, or the text of an imported `?raw` file named by an identifier. */
function valueOf(expression: Parameters<typeof literalOf>[0], scope: Scope): ReturnType<typeof literalOf> {
  if (expression?.type === 'Identifier') {
    const binding = scope.bindings.get(expression.name);
    if (binding?.kind === 'text') return binding.value;
  }
  if (scope.props && !scope.bindings.has('props')) {
    const value = propsValueOf(expression, scope.props);
    if (typeof value !== 'symbol') return value;
  }
  return literalOf(expression);
}

/**
 * The code of a `<CodeBlock>` use: its text and the values of its `{expressions}`: literal, an imported `?raw` file,
 * or what the page's module computed (`{outdent`…`}`, `{`…`.trim()}`, an `export const`), strings and numbers
 * joined as Docusaurus' CodeBlock joins its children (theme-classic `theme/CodeBlock/index.tsx` maybeStringifyChildren).
 * @returns undefined when a child is not text or its value was not computed (the caller warns)
 */
function codeText(node: Jsx, scope: Scope): string | undefined {
  const parts: string[] = [];
  const collect = (children: unknown[]): boolean => {
    for (const child of children as RootContent[]) {
      if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') {
        const computed = scope.evaluation?.values;
        const value = computed?.has(child)
          ? computed.get(child)
          : valueOf(expressionOf(child.data?.estree as Program | undefined) ?? undefined, scope);
        if (typeof value !== 'string' && typeof value !== 'number') return false;
        parts.push(String(value));
      } else if (child.type === 'text') parts.push(child.value);
      else if (child.type === 'paragraph') {
        if (!collect(child.children)) return false;
      } else return false;
    }
    return true;
  };
  return collect(node.children) && parts.length > 0 ? parts.join('') : undefined;
}

function textNode(value: string, flow: boolean): RootContent {
  return flow ? { type: 'paragraph', children: [{ type: 'text', value }] } : { type: 'text', value };
}

function labelParagraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', data: { directiveLabel: true } as Paragraph['data'], children };
}

function hasLabel(node: ContainerDirective): boolean {
  const first = node.children[0];
  return (
    !!first &&
    first.type === 'paragraph' &&
    Boolean((first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel)
  );
}

/** Block content for a container: phrasing runs wrapped in paragraphs. */
function blocks(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((c) => c.type !== 'text' || c.value.trim() !== '')) out.push({ type: 'paragraph', children: run });
    run = [];
  };
  for (const child of children) {
    if (isPhrasing(child)) run.push(child as PhrasingContent);
    else {
      flush();
      out.push(child);
    }
  }
  flush();
  return out;
}

function isPhrasing(node: RootContent): boolean {
  return [
    'text',
    'emphasis',
    'strong',
    'inlineCode',
    'link',
    'image',
    'break',
    'delete',
    'mdxJsxTextElement',
    'html',
  ].includes(node.type);
}

function isContent(node: RootContent): boolean {
  return !(node.type === 'text' && node.value.trim() === '');
}

/** The site root: the page's file without its content-relative path and the content folder. */
function siteRootOf(ctx: MarkdownContext): string {
  if (ctx.siteRoot) return ctx.siteRoot;
  return path.dirname(ctx.file.slice(0, ctx.file.length - ctx.relPath.length - 1));
}
