/**
 * The API reference body, rendered on the server only (to a static HTML fragment that works without JavaScript;
 * src/client/api/enhance.ts adds interaction in the browser).
 */
import type { ApiReferenceProps } from './types.js';

/** Renders the whole reference of one OpenAPI document from its view model. */
export function ApiReference({ model }: ApiReferenceProps) {
  return (
    <div className="dg-api-ref">
      <ul className="dg-api__operations">
        {model.operations.map((op) => (
          <li key={op.id} id={op.id} className="dg-api__operation">
            <span className={`dg-method dg-method--${op.method}`}>{op.method.toUpperCase()}</span> <code>{op.path}</code> {op.summary}
          </li>
        ))}
      </ul>
    </div>
  );
}
