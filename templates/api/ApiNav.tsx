/**
 * The navigation column: operations grouped by tag, with a filter box (shown once the client runs). Each entry
 * carries `data-q`, its searchable text (operationId, method, path, summary, tag), matched by plain substring
 * after NFKC normalisation, so Japanese works (src/client/api/filter.ts).
 */
import type { ApiDocumentModel } from '../../src/node/openapi/model.js';
import { LABELS } from './labels.js';
import { normalizeSearchText } from '../../src/client/api/search-text.js';
import { MethodBadge } from './Operation.js';

/** Searchable text of an entry, normalised as the client normalises the query. */
export function searchText(parts: string[]): string {
  return normalizeSearchText(parts.join(' '));
}

export function ApiNav({ model }: { model: ApiDocumentModel }) {
  return (
    <nav className="dg-api-nav" aria-label="API の操作">
      <div className="dg-api-nav__filter dg-needs-js">
        <input type="search" className="dg-api-nav__input" placeholder={`${LABELS.filter}（例: 一覧, GET /realms）`} aria-label="操作を絞り込む" />
        <p className="dg-api-nav__empty" hidden>
          該当する操作はありません。
        </p>
      </div>
      <ul className="dg-api-nav__tags">
        {model.tags.map((tag) => (
          <li key={tag.name} className="dg-api-nav__tag" data-tag={tag.anchor}>
            <a className="dg-api-nav__tag-link" href={`#${tag.anchor}`}>
              {tag.displayName}
            </a>
            <ul className="dg-api-nav__ops">
              {tag.operations.map((op) => (
                <li key={op.id} className="dg-api-nav__op" data-q={searchText([op.id, op.method, op.path, op.summary, tag.displayName, tag.name])} data-op={op.id}>
                  <a href={`#${op.id}`}>
                    <MethodBadge method={op.method} />
                    <span className="dg-api-nav__label">{op.summary || op.path}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {model.schemas.length > 0 && (
          <li className="dg-api-nav__tag">
            <a className="dg-api-nav__tag-link" href="#schemas">
              {LABELS.schemas}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
