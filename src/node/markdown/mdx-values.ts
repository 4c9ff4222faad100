/**
 * The values MDX content may give without running JavaScript ("simple literal props work"):
 * strings, numbers, booleans, null, template literals without `${}`, and arrays and objects of those. docgen never
 * evaluates an author's code; anything else is `NOT_LITERAL`.
 */
import type { Expression, Node as EstreeNode, Program } from 'estree';
import type {
  MdxJsxAttribute,
  MdxJsxExpressionAttribute,
  MdxJsxFlowElement,
  MdxJsxTextElement,
} from 'mdast-util-mdx-jsx';

/** Marks a value docgen cannot know without running code. */
const NOT_LITERAL = Symbol('not a literal');

/** A literal value of MDX content. */
export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

/**
 * The value of one estree expression, when it is a literal.
 * @returns the value, or NOT_LITERAL (identifiers, calls, JSX, `${}` in templates…)
 */
export function literalOf(node: EstreeNode | null | undefined): Literal | typeof NOT_LITERAL {
  if (!node) return NOT_LITERAL;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ||
        typeof node.value === 'number' ||
        typeof node.value === 'boolean' ||
        node.value === null
        ? node.value
        : NOT_LITERAL;
    case 'TemplateLiteral': {
      // `${'`'}` and other literal interpolations are literal too (code samples escape backticks that way).
      let text = '';
      for (const [i, quasi] of node.quasis.entries()) {
        text += quasi.value.cooked ?? quasi.value.raw;
        if (i >= node.expressions.length) continue;
        const value = literalOf(node.expressions[i]);
        if (typeof value !== 'string' && typeof value !== 'number') return NOT_LITERAL;
        text += String(value);
      }
      return text;
    }
    case 'UnaryExpression': {
      const value = literalOf(node.argument);
      return node.operator === '-' && typeof value === 'number' ? -value : NOT_LITERAL;
    }
    case 'ArrayExpression': {
      const items: Literal[] = [];
      for (const element of node.elements) {
        const value = element && element.type !== 'SpreadElement' ? literalOf(element) : NOT_LITERAL;
        if (value === NOT_LITERAL) return NOT_LITERAL;
        items.push(value);
      }
      return items;
    }
    case 'ObjectExpression': {
      const object: Record<string, Literal> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return NOT_LITERAL;
        const key = property.key.type === 'Identifier' ? property.key.name : literalOf(property.key);
        const value = literalOf(property.value);
        if ((typeof key !== 'string' && typeof key !== 'number') || value === NOT_LITERAL) return NOT_LITERAL;
        object[String(key)] = value;
      }
      return object;
    }
    case 'Identifier':
      return node.name === 'undefined' ? null : NOT_LITERAL;
    default:
      return NOT_LITERAL;
  }
}

/** String methods without arguments that only read their string, which a partial may apply to a prop. */
const PURE_STRING_METHODS = new Set(['toLowerCase', 'toUpperCase', 'trim', 'trimStart', 'trimEnd']);

/**
 * The value of an expression of an imported Markdown partial that reads the props its use gave it: Docusaurus
 * passes a partial's JSX attributes as `props` (`<Partial name="Ada" />`, `{props.name}` in the partial: the
 * "Importing Markdown" section of docs/guides/markdown-features/markdown-features-react.mdx). Reads `props.x`,
 * `props['x']` and nested members of literal props, and the argument-free string methods toLowerCase, toUpperCase
 * and trim(Start|End) of such a value; an absent prop is '' (React renders nothing for undefined). Anything else,
 * a literal included, is left to literalOf.
 * @param props the literal props of the partial's use
 * @returns the value, or NOT_LITERAL when the expression is not such a read
 */
export function propsValueOf(
  node: EstreeNode | null | undefined,
  props: Record<string, Literal>,
): Literal | typeof NOT_LITERAL {
  if (!node) return NOT_LITERAL;
  if (node.type === 'Identifier') return node.name === 'props' ? props : NOT_LITERAL;
  if (node.type === 'MemberExpression') {
    const object = propsValueOf(node.object, props);
    if (object === NOT_LITERAL || object === null || typeof object !== 'object' || Array.isArray(object))
      return NOT_LITERAL;
    const key = node.computed
      ? literalOf(node.property)
      : node.property.type === 'Identifier'
        ? node.property.name
        : NOT_LITERAL;
    if (typeof key !== 'string') return NOT_LITERAL;
    return Object.hasOwn(object, key) ? object[key]! : '';
  }
  if (node.type === 'CallExpression' && node.arguments.length === 0 && node.callee.type === 'MemberExpression') {
    const { callee } = node;
    if (callee.computed || callee.property.type !== 'Identifier' || !PURE_STRING_METHODS.has(callee.property.name))
      return NOT_LITERAL;
    const value = propsValueOf(callee.object, props);
    if (typeof value !== 'string') return NOT_LITERAL;
    return String.prototype[callee.property.name as 'trim'].call(value);
  }
  return NOT_LITERAL;
}

/** The single expression of an MDX `{…}` program, null for a comment-only `{/* … *\/}`, or undefined otherwise. */
export function expressionOf(program: Program | undefined): Expression | null | undefined {
  if (!program) return undefined;
  if (program.body.length === 0) return null;
  const first = program.body[0]!;
  return program.body.length === 1 && first.type === 'ExpressionStatement' ? first.expression : undefined;
}

/**
 * A JSX element's attributes as literal values: `x="a"` a string, a bare `x` true, `x={…}` its literal value.
 * @returns the values, and the names of attributes that were not literals (spread attributes as `{...}`)
 */
export function attributesOf(node: MdxJsxFlowElement | MdxJsxTextElement): {
  values: Record<string, Literal>;
  dynamic: string[];
} {
  const values: Record<string, Literal> = {};
  const dynamic: string[] = [];
  for (const attribute of node.attributes as (MdxJsxAttribute | MdxJsxExpressionAttribute)[]) {
    if (attribute.type !== 'mdxJsxAttribute') {
      dynamic.push('{...}');
      continue;
    }
    const { name, value } = attribute;
    if (value === null || value === undefined) values[name] = true;
    else if (typeof value === 'string') values[name] = value;
    else {
      const literal = literalOf(expressionOf(value.data?.estree as Program | undefined) ?? undefined);
      if (literal === NOT_LITERAL) dynamic.push(name);
      else values[name] = literal;
    }
  }
  return { values, dynamic };
}
