/**
 * Callback Object handler (OpenAPI 3.0 §4.7.18 / 3.1 §4.8.18): each named callback of an operation maps URL
 * expressions (`{$request.body#/callbackUrl}`) to Path Item Objects; every operation of those is modelled like any
 * other, anchored under its parent (`<operation>-callback-<name>-<method>`), without code samples or try-it.
 */
import type { CallbackModel, SecuritySchemeModel, ApiOperationModel } from '../../../shared/api-model.js';
import { isObject, joinPointer } from '../resolve.js';
import type { ModelContext } from './context.js';
import { operationsOf } from './methods.js';

/** operation.ts's modelOperation, passed in (operation.ts calls this module: no import cycle). */
type ModelOperation = (
  ctx: ModelContext,
  options: {
    method: string;
    path: string;
    item: Record<string, unknown>;
    raw: Record<string, unknown>;
    schemes: SecuritySchemeModel[];
    itemPointer: string;
    at: string[];
    id: string;
    sent: 'callback';
  },
) => ApiOperationModel;

/** A slug for anchors: letters, digits, `_` and `-`. */
function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}

/**
 * Models an operation's `callbacks` map.
 * @param options.operation the parent operation's model (its id and pointer name the callbacks)
 * @param options.raw the raw `callbacks` value (may be absent)
 * @param options.modelOperation models one request of a callback (operation.ts)
 * @returns the callbacks in document order, each with at least one operation
 */
export function modelCallbacks(
  ctx: ModelContext,
  options: {
    operation: ApiOperationModel;
    raw: unknown;
    schemes: SecuritySchemeModel[];
    modelOperation: ModelOperation;
  },
): CallbackModel[] {
  if (!isObject(options.raw)) return [];
  const callbacks: CallbackModel[] = [];
  for (const [name, rawCallback] of Object.entries(options.raw)) {
    const pointer = joinPointer(options.operation.pointer, 'callbacks', name);
    const callback = ctx.resolve(rawCallback, pointer);
    const operations: ApiOperationModel[] = [];
    for (const [expression, rawItem] of Object.entries(callback.value)) {
      if (expression.startsWith('x-')) continue;
      const item = ctx.resolve(rawItem, joinPointer(callback.pointer, expression));
      for (const { method, at, raw } of operationsOf(item.value)) {
        operations.push(
          options.modelOperation(ctx, {
            method,
            path: expression,
            item: item.value,
            raw,
            at,
            schemes: options.schemes,
            itemPointer: item.pointer,
            id: `${options.operation.id}-callback-${slug(name)}-${method.toLowerCase()}${operations.length > 0 ? `-${operations.length}` : ''}`,
            sent: 'callback',
          }),
        );
      }
    }
    if (operations.length > 0) callbacks.push({ name, pointer, operations });
  }
  return callbacks;
}
