/**
 * The `webhooks` map (OpenAPI 3.1 §4.8.1; Redoc's `x-webhooks` in a 3.0 document): requests the API sends to the
 * reader's server, each modelled as an operation of its own (`path` is the webhook's name) and grouped like paths by
 * their first tag, after every path tag. Anchors: the operationId, else `webhook-<name>-<method>`; tag anchors `webhooks` (untagged) and
 * `webhooks-<tag>`, so they never collide with a path tag of the same name.
 */
import type { ApiTagModel, SecuritySchemeModel } from '../../../shared/api-model.js';
import { isObject, joinPointer } from '../resolve.js';
import { tagAnchor, type ModelContext } from './context.js';
import { operationsOf } from './methods.js';
import { modelOperation, operationAnchor } from './operation.js';

/**
 * Models the document's webhooks.
 * @returns one tag group per tag (`webhooks: true`), in order of first appearance; empty without webhooks
 */
export function modelWebhooks(ctx: ModelContext, options: { schemes: SecuritySchemeModel[] }): ApiTagModel[] {
  const groups = new Map<string, ApiTagModel>();
  const declared = new Map(
    (Array.isArray(ctx.doc.tags) ? ctx.doc.tags.filter(isObject) : []).map((t) => [String(t.name), t]),
  );
  // OpenAPI 3.0 has no `webhooks`: Redoc reads the same map from `x-webhooks` (GitHub's document has 270).
  const key = isObject(ctx.doc.webhooks) ? 'webhooks' : 'x-webhooks';
  const webhooks = ctx.doc[key];
  for (const [name, rawItem] of Object.entries(isObject(webhooks) ? webhooks : {})) {
    const item = ctx.resolve(rawItem, joinPointer(`/${key}`, name));
    for (const { method, at, raw: written } of operationsOf(item.value)) {
      const raw = ctx.resolve<Record<string, unknown>>(written, joinPointer(item.pointer, ...at)).value; // its operationId names it
      const id =
        typeof raw.operationId === 'string' && raw.operationId.trim() !== ''
          ? operationAnchor(method, name, raw.operationId)
          : `webhook-${operationAnchor(method, name, undefined)}`;
      const operation = modelOperation(ctx, {
        method,
        path: name,
        item: item.value,
        raw: written,
        at,
        ...options,
        itemPointer: item.pointer,
        id,
        sent: 'webhook',
      });
      let group = groups.get(operation.tag);
      if (!group) {
        const tag = declared.get(operation.tag);
        const named = operation.tag !== 'default';
        group = {
          name: operation.tag,
          displayName: named
            ? typeof tag?.['x-displayName'] === 'string'
              ? tag['x-displayName']
              : operation.tag
            : null,
          anchor: named ? `webhooks-${tagAnchor(operation.tag)}` : 'webhooks',
          descriptionHtml: '',
          operations: [],
          webhooks: true,
        };
        groups.set(operation.tag, group);
      }
      group.operations.push(operation);
    }
  }
  return [...groups.values()];
}
