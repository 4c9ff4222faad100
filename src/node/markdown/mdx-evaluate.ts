/**
 * Runs what an MDX page computes, for a site that brings its own components (config `theme.mdxComponents`), as
 * Docusaurus' MDX compiles a page into a module that runs: the page's `import`s and `export const`s, the props of
 * the components it uses (`values={constants.oses}`, `sources={{ light: useBaseUrl('/img/a.png'), … }}`) and its
 * `{expressions}`. One module per page (site-components.ts loadPageModule), at build time only.
 * A page with nothing to compute gets no module. Failures are warnings at the node (file:line); the node then falls
 * back to what docgen does without running code.
 */
import GithubSlugger from 'github-slugger';
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { MdxFlowExpression, MdxTextExpression } from 'mdast-util-mdx-expression';
import type {
  MdxJsxAttribute,
  MdxJsxExpressionAttribute,
  MdxJsxFlowElement,
  MdxJsxTextElement,
} from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { Program } from 'estree';
import type { ElementContent } from 'hast';
import { expressionOf, literalOf } from './mdx-values.js';
import { isInteractiveComponent, unserialisableProp } from '../bundle/islands.js';
import { loadPageModule, messageOf, type SiteComponentUse, type SiteComponentsSite } from './site-components.js';

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;
type Expression = MdxFlowExpression | MdxTextExpression;

/** What a page's module computed, by node. */
export interface PageEvaluation {
  /** Each computed element's props (null: they threw, reported). */
  props: Map<Jsx, Record<string, unknown> | null>;
  /**
   * Renders a component element to static HTML with its compiled children (site-components.ts PageModule.render;
   * null: none); null after a warning.
   */
  render: (node: Jsx, children: ElementContent[] | null) => string | null;
  /** Each computed expression's value (absent: it threw, reported). */
  values: Map<Expression, unknown>;
  /** Renders what an expression gave (React elements) to static HTML; null after a warning. */
  renderValue: (node: Expression) => string | null;
  /**
   * Renders what an expression's function gives when React calls it with no arguments, as `<BrowserOnly>` calls its
   * `{() => …}` child; null (after a warning) when it is no function or it throws.
   */
  renderCall: (node: Expression) => string | null;
}

/** How the page's JSX elements are treated: 'component' rendered from the module, 'props' computed only, or null. */
export type JsxRole = (node: Jsx) => { role: 'component'; from: SiteComponentUse['from'] } | { role: 'props' } | null;

/**
 * Runs a page's module.
 * @param tree the page's mdast (MDX)
 * @param options.role which elements the module computes
 * @param options.warn reports a warning at a node of the page
 * @returns null when the page computes nothing
 */
export async function evaluatePage(
  tree: Root,
  options: {
    file: string;
    siteRoot: string;
    site: SiteComponentsSite;
    role: JsxRole;
    /** The registered components (`theme.mdxComponents`: name -> absolute file), in every page's scope. */
    registered: Readonly<Record<string, string>>;
    /** The text of the page's raw imports by specifier (site-components.ts PageModuleSource.rawImports). */
    rawImports?: ReadonlyMap<string, string>;
    warn: (node: Jsx | Expression, message: string) => void;
    /** Told each file the resolution of the page's imports depends on (site-components.ts loadPageModule). */
    read?: (file: string) => void;
  },
): Promise<PageEvaluation | null> {
  const esm: string[] = [];
  const elements: Jsx[] = [];
  const uses: SiteComponentUse[] = [];
  const expressions: Expression[] = [];
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'mdxjsEsm') esm.push((node as MdxjsEsm).value);
    else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const jsx = node as Jsx;
      const role = jsx.name ? options.role(jsx) : null;
      if (role) {
        elements.push(jsx);
        uses.push({
          name: jsx.name!,
          props: propsSource(jsx),
          from: role.role === 'component' ? role.from : { kind: 'none' },
        });
      }
    } else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const expression = expressionOf((node as Expression).data?.estree as Program | undefined);
      if (expression && typeof literalOf(expression) === 'symbol') expressions.push(node as Expression);
    }
    for (const child of node.children ?? []) visit(child as typeof node);
  };
  visit(tree);
  if (elements.length === 0 && (expressions.length === 0 || esm.length === 0)) return null;
  const evaluation: PageEvaluation = {
    props: new Map(),
    values: new Map(),
    render: () => null,
    renderValue: () => null,
    renderCall: () => null,
  };
  const declared = declaredNames(tree);
  // Docusaurus' MDX loader exports the page's `toc`, which `<TOCInline toc={toc.filter(…)} />` reads.
  if (!declared.has('toc')) esm.unshift(`const toc = ${JSON.stringify(pageToc(tree))};`);
  const scope = Object.fromEntries(Object.entries(options.registered).filter(([name]) => !declared.has(name)));
  let mod: Awaited<ReturnType<typeof loadPageModule>>;
  try {
    mod = await loadPageModule(
      {
        file: options.file,
        esm,
        uses,
        expressions: expressions.map((node) => node.value),
        scope,
        rawImports: options.rawImports,
      },
      { siteRoot: options.siteRoot, site: options.site, ...(options.read ? { read: options.read } : {}) },
    );
  } catch (error) {
    const first = elements[0] ?? expressions[0]!;
    options.warn(
      first,
      `The page's code could not run: ${messageOf(error)}. Its components show their children and its expressions are dropped.`,
    );
    for (const node of elements) evaluation.props.set(node, null);
    return evaluation;
  }
  elements.forEach((node, i) => {
    try {
      evaluation.props.set(node, mod.props[i]!());
    } catch (error) {
      options.warn(node, `The props of <${node.name}> could not be computed: ${messageOf(error)}.`);
      evaluation.props.set(node, null);
    }
  });
  expressions.forEach((node, i) => {
    try {
      evaluation.values.set(node, mod.values[i]!());
    } catch (error) {
      options.warn(
        node,
        `The expression {${node.value.trim().slice(0, 40)}} could not be computed: ${messageOf(error)}.`,
      );
    }
  });
  const islands = await islandUses(elements, uses, options);
  evaluation.render = (node, children) => {
    const props = evaluation.props.get(node);
    const component = mod.components[elements.indexOf(node)];
    if (!props) return null;
    try {
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null))
        throw new Error(`it is not a component (its module gives ${component === null ? 'null' : typeof component})`);
      const island = islands.has(node) ? islandProps(node, props, options.warn) : null;
      if (island === null) return mod.render(component, props, children);
      const html = mod.render(component, props, children, true);
      return `<${ISLAND_TAG} data-component="${escapeAttribute(node.name!)}" data-props="${escapeAttribute(island)}">${html}</${ISLAND_TAG}>`;
    } catch (error) {
      options.warn(node, `<${node.name}> could not be rendered: ${messageOf(error)}. Its children are shown instead.`);
      return null;
    }
  };
  evaluation.renderValue = (node) => {
    try {
      return mod.renderNode(evaluation.values.get(node));
    } catch (error) {
      options.warn(
        node,
        `The expression {${node.value.trim().slice(0, 40)}} could not be rendered: ${messageOf(error)}.`,
      );
      return null;
    }
  };
  evaluation.renderCall = (node) => {
    const value = evaluation.values.get(node);
    if (typeof value !== 'function') return null;
    try {
      // Called while React renders, as BrowserOnly calls it: hooks in it have a component to belong to.
      return mod.render(() => (value as () => unknown)(), {}, null);
    } catch (error) {
      options.warn(
        node,
        `The content of {${node.value.trim().slice(0, 40)}} could not be rendered when the page was built (${messageOf(error)}: it may need the browser); its fallback is shown, as Docusaurus' server render shows it.`,
      );
      return null;
    }
  };
  return evaluation;
}

/** The element an interactive component's render is wrapped in: src/client/islands.ts hydrates it. */
export const ISLAND_TAG = 'dg-island';

/**
 * The uses of interactive components (bundle/islands.ts): a registered component (`theme.mdxComponents`), used by
 * its registered name, whose code needs the browser.
 */
async function islandUses(
  elements: Jsx[],
  uses: SiteComponentUse[],
  options: { siteRoot: string; registered: Readonly<Record<string, string>> },
): Promise<Set<Jsx>> {
  const islands = new Set<Jsx>();
  await Promise.all(
    elements.map(async (node, i) => {
      const use = uses[i]!;
      const file = options.registered[use.name];
      if (use.from.kind === 'none' || file === undefined) return;
      if (use.from.kind === 'file' && use.from.file !== file) return;
      if (await isInteractiveComponent(file, options.siteRoot)) islands.add(node);
    }),
  );
  return islands;
}

/**
 * The props of an island's use as JSON for the page, or null (with a warning at the use) when they cannot be
 * serialised: the use is then rendered static, as any other component.
 */
function islandProps(
  node: Jsx,
  props: Record<string, unknown>,
  warn: (node: Jsx, message: string) => void,
): string | null {
  const problem = unserialisableProp(props);
  if (problem === null) {
    const { children: _children, ...data } = props;
    return JSON.stringify(data);
  }
  warn(
    node,
    `<${node.name}> needs the browser (state, effects or event handlers), but its props cannot be put into the page: ${problem}. It is rendered static, without its interactivity.`,
  );
  return null;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The names a page's `import`s and `export` declarations bind (a registered component of that name is shadowed). */
function declaredNames(tree: Root): Set<string> {
  const names = new Set<string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node.data?.estree as Program | undefined)?.body ?? []) {
      if (statement.type === 'ImportDeclaration')
        for (const specifier of statement.specifiers) names.add(specifier.local.name);
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : null;
      if (declaration?.type === 'VariableDeclaration')
        for (const declarator of declaration.declarations)
          if (declarator.id.type === 'Identifier') names.add(declarator.id.name);
      if ((declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && declaration.id)
        names.add(declaration.id.name);
    }
  }
  return names;
}

/** One heading of a page's `toc`, as Docusaurus' MDX loader writes it (`{ value, id, level }`). */
export interface TocEntry {
  /** The heading's text. */
  value: string;
  /** Its explicit `{#id}`, else GitHub's slug of its text (a repeated slug numbered `-1`, `-2`...). */
  id: string;
  /** 2 to 6. */
  level: number;
}

/**
 * The `toc` a Docusaurus MDX page's code reads (@docusaurus/mdx-loader remark/toc; Docusaurus docs "Inline table of
 * contents"): every heading of level 2 to 6 of the page itself, flat, in document order. Text, not HTML: a filter
 * reads `level`, `value` and `id`.
 */
export function pageToc(tree: Root): TocEntry[] {
  const slugger = new GithubSlugger();
  const toc: TocEntry[] = [];
  const walk = (node: Root | RootContent) => {
    if (node.type === 'heading') {
      if (node.depth < 2) return;
      const text = toString(node);
      const explicit = /\s*\{#([^}\s]+)\}\s*$/.exec(text);
      const value = explicit ? text.slice(0, explicit.index) : text.trim();
      toc.push({ value, id: explicit ? explicit[1]! : slugger.slug(value), level: node.depth });
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child as RootContent);
  };
  walk(tree);
  return toc;
}

/** A JSX element's attributes as a JavaScript object expression (`x="a"`, bare `x`, `x={…}`, `{...spread}`). */
function propsSource(node: Jsx): string {
  const parts = (node.attributes as (MdxJsxAttribute | MdxJsxExpressionAttribute)[]).map((attribute) => {
    if (attribute.type === 'mdxJsxExpressionAttribute') return attribute.value;
    const { name, value } = attribute;
    const source =
      value === null || value === undefined
        ? 'true'
        : typeof value === 'string'
          ? JSON.stringify(value)
          : `(${value.value})`;
    return `${JSON.stringify(name)}: ${source}`;
  });
  return `{${parts.join(', ')}}`;
}
