/**
 * remark plugin for OpenAPI descriptions: raw "HTML" whose tag name is no HTML element is text, not markup. API
 * descriptions write grammar and placeholders in angle brackets (Kubernetes' `<quantity> ::= <signedNumber><suffix>`,
 * `<token>`); parsed as HTML they became unknown elements, unwrapped with nothing inside, and the words were lost,
 * where Redoc shows them. A tag (`<name ...>`, `</name>`, `<name/>`) is kept as markup only when `name` is an HTML
 * element (html-tag-names: the WHATWG and W3C lists, obsolete ones included) or a custom element (with a `-`, which
 * the allow-list handles as before) or a component (a capital first letter); the rest is text. Code spans and blocks
 * are not HTML nodes: untouched.
 */
import { htmlTagNames } from 'html-tag-names';
import type { Html, Paragraph, Root, Text } from 'mdast';
import { visit } from 'unist-util-visit';

const KNOWN = new Set(htmlTagNames);
/** One tag, opening, closing or self-closing, with its name: what a placeholder in angle brackets looks like. */
const TAG = /^<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>$/;

/**
 * True for a raw HTML node that is one tag of a name no HTML element has. A name with a capital first letter is a
 * component (Redoc's `<SchemaDefinition schemaRef=...>`, MDX): left as markup, which the allow-list drops and reports
 * as before, rather than shown as its source.
 */
function isUnknownTag(value: string): boolean {
  const name = TAG.exec(value.trim())?.[1];
  return name !== undefined && !/^[A-Z]/.test(name) && !KNOWN.has(name.toLowerCase());
}

/** The plugin: each such `html` node becomes a text node (wrapped in a paragraph where it stood as a block). */
export function remarkUnknownTagsAsText() {
  return (tree: Root) => {
    visit(tree, 'html', (node: Html, index, parent) => {
      if (index === undefined || !parent || !isUnknownTag(node.value)) return;
      const text: Text = { type: 'text', value: node.value };
      const block = parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem';
      parent.children[index] = block ? ({ type: 'paragraph', children: [text] } satisfies Paragraph) : text;
    });
  };
}
