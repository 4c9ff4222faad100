/**
 * The note on a reference whose document was converted on load (issue 17, item 1: a Swagger 2.0 document is
 * converted to OpenAPI 3.0 with swagger2openapi, and the page says so). Renders nothing for other documents.
 */
import type { ApiDocumentModel } from '../../src/node/openapi/model.js';
import { useMessages } from '../i18n/use-messages.js';

export function ApiSourceNote({ model }: { model: Pick<ApiDocumentModel, 'convertedFrom'> }) {
  const t = useMessages();
  if (model.convertedFrom !== 'swagger-2.0') return null;
  return (
    <p className="dg-api-note" data-converted-from={model.convertedFrom}>
      {t('api.convertedFromSwagger')}
    </p>
  );
}
