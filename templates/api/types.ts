import type { Messages } from '../../src/shared/messages.js';
import type { ApiDocumentModel } from '../../src/shared/api-model.js';
import type { ApiSplitLayout } from './ApiParts.js';

/** Input of the server-only API reference renderer. */
export interface ApiReferenceProps {
  model: ApiDocumentModel;
  /** URLs (with base) of the document as YAML and JSON, for the download buttons. */
  downloads: { yaml: string; json: string };
  /** spec §3.1: API docs primary colour. Applied by templates/styles/api.css (no inline style: strict CSP). */
  primaryColor: string;
  /** The site's UI labels (ResolvedConfig.messages); the renderer provides them as MessagesContext. */
  messages: Messages;
  /** A split reference's parts (src/node/render/api-split.tsx); absent: one whole fragment. */
  layout?: ApiSplitLayout;
  /**
   * The operations' Markdown twins (src/node/render/api-twin.ts): the reference's route with base (`/api/pets`) and
   * the site's origin (config `url`). Absent: no twins, no operation menus.
   */
  twin?: { route: string; siteUrl: string };
}
