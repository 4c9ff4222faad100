/**
 * The API reference view model: plain JSON derived from an OpenAPI document, rendered by templates/api/.
 * Type-only module, so templates/ can import it without pulling build-time code.
 */

export interface ApiOperationModel {
  /** Anchor: operationId, or `method-path` slug when the document gives none. */
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

export interface ApiDocumentModel {
  title: string;
  version: string;
  description: string;
  operations: ApiOperationModel[];
  /** Every anchor the page defines (operations and tags). */
  anchors: string[];
}

