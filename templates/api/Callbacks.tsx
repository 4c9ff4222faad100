/**
 * An operation's callbacks (OpenAPI 3.0 §4.7.18): under a 「コールバック」 heading, each named callback with the
 * requests the API sends, rendered as operations of their own (anchored, no try-it console).
 */
import { Fragment, type ReactNode } from 'react';
import type { ApiOperationModel, CallbackModel } from '../../src/shared/api-model.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * Renders the callbacks of one operation; `callbacks` is non-empty (the model omits an empty list).
 * @param renderOperation renders one request (Operation.tsx passes its Operation: no import cycle)
 */
export function Callbacks({
  callbacks,
  renderOperation,
}: {
  callbacks: CallbackModel[];
  renderOperation: (op: ApiOperationModel) => ReactNode;
}) {
  const t = useMessages();
  return (
    <div className="dg-op__block dg-callbacks">
      <h4 className="dg-op__h">{t('api.callbacks')}</h4>
      {callbacks.map((callback) => (
        <div key={callback.name} className="dg-callback" data-callback={callback.name}>
          <h5 className="dg-op__h5">{t('api.callback', { name: callback.name })}</h5>
          {callback.operations.map((op) => (
            <Fragment key={op.id}>{renderOperation(op)}</Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}
