import type { PageProps } from '../types.js';

interface ApiOperationSummary {
  id: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}
interface ApiExtra {
  title: string;
  version: string;
  description: string;
  operations: ApiOperationSummary[];
}

/** API reference page generated from an OpenAPI document (spec §2). */
export default function ApiPage({ page }: PageProps) {
  const api = page.extra as unknown as ApiExtra;
  return (
    <div className="dg-api">
      <h1 className="dg-doc__title">{api.title}</h1>
      <p className="dg-api__version">バージョン {api.version}</p>
      <p>{api.description}</p>
      <ul className="dg-api__operations">
        {api.operations.map((op) => (
          <li key={op.id} id={op.id} className="dg-api__operation">
            <span className={`dg-method dg-method--${op.method}`}>{op.method.toUpperCase()}</span> <code>{op.path}</code> {op.summary}
          </li>
        ))}
      </ul>
    </div>
  );
}
