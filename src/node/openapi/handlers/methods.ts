/**
 * The operations of a Path Item Object: its fixed fields (OpenAPI 3.0 §4.7.9; `query`, OpenAPI 3.2 §4.8.9), in
 * display order, then its `additionalOperations` (3.2 §4.8.9: any other method, keyed with the capitalisation that is
 * sent, e.g. `COPY`).
 */
import { isObject } from '../resolve.js';

/** The HTTP methods a Path Item Object may hold as fixed fields, in display order. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

/** One operation of a path item: its method (as sent: `get`, `COPY`), its keys under the item, its raw value. */
export interface PathItemOperation {
  method: string;
  /** `['get']`, or `['additionalOperations', 'COPY']`. */
  at: string[];
  raw: Record<string, unknown>;
}

/** Every operation of a path item (already resolved), fixed fields first. */
export function operationsOf(item: Record<string, unknown>): PathItemOperation[] {
  const found: PathItemOperation[] = [];
  for (const method of METHODS) {
    const raw = item[method];
    if (isObject(raw)) found.push({ method, at: [method], raw });
  }
  const more = item.additionalOperations;
  for (const [method, raw] of Object.entries(isObject(more) ? more : {}))
    if (isObject(raw)) found.push({ method, at: ['additionalOperations', method], raw });
  return found;
}
