/**
 * The note on a reference whose document was converted on load (a Swagger 2.0 document is
 * converted to OpenAPI 3.0 with swagger2openapi, and the page says so), after `children` (the reference's header).
 * For any other document it renders `children` alone: the element tree, and so React's useId values (radio group
 * names of the tabs), stay as they were without the note.
 */
import type { ReactNode } from 'react';
import type { ApiDocumentModel } from '../../src/shared/api-model.js';
import { useMessages } from '../i18n/use-messages.js';

export function ApiSourceNote({
  model,
  children,
}: {
  model: Pick<ApiDocumentModel, 'convertedFrom'>;
  children: ReactNode;
}) {
  const t = useMessages();
  if (model.convertedFrom !== 'swagger-2.0') return children;
  return (
    <>
      {children}
      <p className="dg-api-note" data-converted-from={model.convertedFrom}>
        {t('api.convertedFromSwagger')}
      </p>
    </>
  );
}
