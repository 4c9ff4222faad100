/**
 * What every handler receives: the raw document, `$ref` resolution, the Markdown renderer and the shared
 * bookkeeping of named schemas (which ones are shown once in the 「スキーマ」 section).
 */
import type { ResponseModel, SchemaModel } from '../../../shared/api-model.js';
import type { Resolver } from '../resolve.js';

export interface ModelContext {
  /** The raw document (plain JS from YAML/JSON, `$ref`s intact). */
  doc: Record<string, unknown>;
  resolve: Resolver;
  /** Markdown -> sanitised HTML ('' for nothing). */
  markdown: (text: unknown) => string;
  /** Named schemas rendered by reference, to be rendered once in the 「スキーマ」 section. */
  referencedSchemas: Set<string>;
  /** Memoised expansion size (nodes) of each named schema, see handlers/schema.ts. */
  schemaSizes: Map<string, number>;
  /**
   * Memoised inline expansions of named schemas by name, depth and the named schemas around them (handlers/schema.ts):
   * the same expansion is shared by every operation that uses it. Nodes in it are never changed afterwards.
   */
  expandedSchemas: Map<string, SchemaModel>;
  /**
   * Memoised models of responses reached by `$ref` (`#/components/responses/NotFound`), by target pointer and
   * whether a sample is generated: every operation that refers to one shares its model (handlers/response.ts).
   */
  sharedResponses: Map<string, ResponseModel>;
  /**
   * Memoised generated samples (serialised, null when the sampler makes none) by schema and the way they are written
   * (handlers/media.ts): a schema that is only a `$ref` is keyed by its target, any other by its object. The
   * sampler's output depends on nothing else, and the same response schema recurs across hundreds of operations.
   */
  samples: Map<unknown, Map<string, string | null>>;
  /** A named schema whose full expansion has more nodes than this is shown by reference. */
  inlineBudget: number;
}

/** Anchor of a named component schema. */
export function schemaAnchor(name: string): string {
  return `schema/${name}`;
}

/** Anchor of a security scheme. */
export function securityAnchor(key: string): string {
  return `security/${key}`;
}

/** Anchor of a tag. */
export function tagAnchor(name: string): string {
  return `tag/${name.replace(/\s+/g, '-')}`;
}
