import type { ApiDocumentModel } from '../../src/node/openapi/model.js';

/** Input of the server-only API reference renderer. */
export interface ApiReferenceProps {
  model: ApiDocumentModel;
  /** URLs (with base) of the document as YAML and JSON, for the download buttons. */
  downloads: { yaml: string; json: string };
  /** spec §3.1: API docs primary colour. Applied by templates/styles/api.css (no inline style: strict CSP). */
  primaryColor: string;
}
