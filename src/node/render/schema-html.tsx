/**
 * Renders each shared schema subtree of an API reference once. A named schema expanded inline is one model node
 * shared by every operation that uses it (openapi/handlers/schema.ts expandNamed: copies share its `properties`
 * array), so its property list renders to the same HTML everywhere: GitHub's and PagerDuty's error responses
 * repeat it hundreds of times. The theme's ObjectBody takes that HTML from SchemaHtmlContext instead of rendering
 * the rows again; the output is byte for byte the same.
 *
 * A subtree with a union is never shared this way: its tabs name their radio group with `useId`, which must stay
 * unique on the page. A model read back from the cache (JSON) shares no arrays: nothing is reused, nothing changes.
 */
import type { ReactNode } from 'react';
import type { ApiDocumentModel, ApiOperationModel, SchemaModel, SchemaPropertyModel } from '../../shared/api-model.js';
import { ObjectItems, SchemaHtmlContext } from '../../../templates/api/Schema.js';

/** Whether a subtree holds a union (tabs), memoised per properties array. */
function createUnionTest(): (node: SchemaModel) => boolean {
  const known = new WeakMap<SchemaPropertyModel[], boolean>();
  const test = (node: SchemaModel | undefined): boolean => {
    if (!node) return false;
    if (node.kind === 'union') return true;
    if (node.kind === 'array') return test(node.items);
    if (node.kind !== 'object') return false;
    const props = node.properties ?? [];
    let found = known.get(props);
    if (found === undefined) {
      known.set(props, false); // a cycle in the model (never built today) counts as no union
      found =
        props.some((p) => test(p.schema)) || (node.additionalProperties !== false && test(node.additionalProperties));
      known.set(props, found);
    }
    return found;
  };
  return test;
}

/** The schema roots of an operation and of its callbacks' operations. */
function operationSchemas(op: ApiOperationModel, out: SchemaModel[]): void {
  for (const p of op.parameters) if (p.schema) out.push(p.schema);
  for (const m of op.requestBody?.contents ?? []) if (m.schema) out.push(m.schema);
  for (const r of op.responses) {
    for (const h of r.headers) if (h.schema) out.push(h.schema);
    for (const m of r.contents) if (m.schema) out.push(m.schema);
  }
  for (const callback of op.callbacks ?? []) for (const c of callback.operations) operationSchemas(c, out);
}

/**
 * Object nodes whose property list appears more than once in the reference and holds no union, children before
 * their parents (so a parent's rendering already reuses its children's HTML).
 */
export function sharedObjectNodes(model: Pick<ApiDocumentModel, 'tags' | 'schemas'>): SchemaModel[] {
  const roots: SchemaModel[] = [];
  for (const tag of model.tags) for (const op of tag.operations) operationSchemas(op, roots);
  for (const s of model.schemas) roots.push(s.schema);
  const seen = new Map<SchemaPropertyModel[], { node: SchemaModel; count: number }>();
  const order: SchemaModel[] = [];
  const hasUnion = createUnionTest();
  const visit = (node: SchemaModel | undefined): void => {
    if (!node) return;
    if (node.kind === 'array') return visit(node.items);
    for (const v of node.variants ?? []) visit(v.schema);
    if (!node.properties) return;
    const entry = seen.get(node.properties);
    if (entry) entry.count++;
    else seen.set(node.properties, { node, count: 1 });
    // A repeat of a node rendered once is a repeat of its whole subtree; one with a union renders again, and its
    // children with it.
    if (entry && !hasUnion(node)) return;
    for (const p of node.properties) visit(p.schema);
    if (node.additionalProperties) visit(node.additionalProperties);
    if (!entry) order.push(node); // post-order: children before their parents
  };
  for (const root of roots) visit(root);
  return order.filter((node) => node.kind === 'object' && seen.get(node.properties!)!.count > 1 && !hasUnion(node));
}

/**
 * Renders the property lists of the shared object nodes once.
 * @param render renders a node to HTML with the reference's providers (messages, anchor hrefs)
 * @returns a wrapper giving the theme that HTML (SchemaHtmlContext); wrap each operation and schema rendering in it
 */
export function createSchemaHtml(
  model: Pick<ApiDocumentModel, 'tags' | 'schemas'>,
  render: (node: ReactNode) => string,
): (node: ReactNode) => ReactNode {
  const bodies = new WeakMap<SchemaPropertyModel[], { node: SchemaModel; html: string }>();
  const lookup = (node: SchemaModel): string | undefined => {
    const entry = node.properties && bodies.get(node.properties);
    // Nodes sharing a properties array are copies of one expansion; check the other half of the list anyway.
    return entry && entry.node.additionalProperties === node.additionalProperties ? entry.html : undefined;
  };
  const provide = (node: ReactNode) => <SchemaHtmlContext.Provider value={lookup}>{node}</SchemaHtmlContext.Provider>;
  for (const node of sharedObjectNodes(model))
    bodies.set(node.properties!, { node, html: render(provide(<ObjectItems node={node} depth={0} />)) });
  return provide;
}
