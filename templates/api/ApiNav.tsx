/**
 * The navigation column: operations grouped by tag, with a filter box (shown once the client runs). Each entry
 * carries `data-q`, its searchable text (operationId, method, path, summary, tag), matched by plain substring
 * after NFKC normalisation, so Japanese works (src/client/api/filter.ts). In a collapsible (split) navigation
 * that text is left to the client, which builds it from the entry (`data-op`, `data-path`, method, label) and
 * the tag's `data-q`: a third of the page's gzip size for GitHub's 1,200 operations.
 */
import type { ApiDocumentModel, ApiTagModel } from '../../src/shared/api-model.js';
import { useMessages } from '../i18n/use-messages.js';
import { tagLabel } from './labels.js';
import { normalizeSearchText } from '../../src/client/api/search-text.js';
import { MethodBadge } from './Operation.js';

/** Searchable text of an entry, normalised as the client normalises the query. */
export function searchText(parts: string[]): string {
  return normalizeSearchText(parts.join(' '));
}

/**
 * The navigation column of a reference. Under 996 px it is a one-line bar with a 「API メニュー」 button
 * (templates/styles/api.css; src/client/api/enhance.ts opens it), not a box of the whole menu above the title.
 * The entry of the operation being read carries `aria-current` (src/client/api/current-operation.ts).
 * @param collapsible the operations of each tag are in a `<details>` opened on demand (split references
 *   of about 1,000 entries); the filter opens the groups it finds something in
 */
export function ApiNav({ model, collapsible = false }: { model: ApiDocumentModel; collapsible?: boolean }) {
  const t = useMessages();
  const byAnchor = new Map(model.tags.map((tag) => [tag.anchor, tag]));
  const grouped = new Set(model.tagGroups?.flatMap((group) => group.tags));
  // OpenAPI 3.2 nested tags: each child is listed inside its parent's entry, not at the top level.
  const nested = new Map<string, ApiTagModel[]>();
  for (const tag of model.tags) if (tag.parent) nested.set(tag.parent, [...(nested.get(tag.parent) ?? []), tag]);
  const entry = (tag: ApiTagModel) => <TagEntry key={tag.anchor} tag={tag} collapsible={collapsible} nested={nested} />;
  return (
    <nav className="dg-api-nav" aria-label={t('api.nav')}>
      <button type="button" className="dg-api-nav__toggle" aria-expanded="false" data-nav-toggle="">
        {t('api.menu')}
      </button>
      <div className="dg-api-nav__filter dg-needs-js">
        <input
          type="search"
          className="dg-api-nav__input"
          placeholder={t('api.filterPlaceholder')}
          aria-label={t('api.filterLabel')}
        />
        <p className="dg-api-nav__empty" hidden>
          {t('api.filterEmpty')}
        </p>
      </div>
      <ul className="dg-api-nav__tags">
        {/* Redoc's x-tagGroups: a heading over each group's tags (hidden by CSS when the filter hides them all). */}
        {model.tagGroups?.map((group) => (
          <li key={group.name} className="dg-api-nav__tag-group">
            <p className="dg-api-nav__group-title">{group.name}</p>
            <ul className="dg-api-nav__tags">{group.tags.map((anchor) => byAnchor.get(anchor)!).map(entry)}</ul>
          </li>
        ))}
        {model.tags.filter((tag) => !grouped.has(tag.anchor) && !tag.parent).map(entry)}
        {model.schemas.length > 0 && (
          <li className="dg-api-nav__tag">
            <a className="dg-api-nav__tag-link" href="#schemas">
              {t('api.schemas')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * One tag of the navigation with its operations (none for a tag of text only, x-traitTag), then the tags nested
 * under it (OpenAPI 3.2 `parent`). The filter (src/client/api/filter.ts) counts a nested tag's operations in its
 * parent's too, so a parent stays shown while one of its children has a match; in a collapsible navigation a nested
 * tag's entries carry their own `data-q`, as the client would otherwise make their text with the parent's.
 * @param nested the tags nested under each tag, by the parent's anchor
 */
function TagEntry({
  tag,
  collapsible,
  nested,
}: {
  tag: ApiTagModel;
  collapsible: boolean;
  nested: Map<string, ApiTagModel[]>;
}) {
  const t = useMessages();
  const children = nested.get(tag.anchor) ?? [];
  const ownText = !collapsible || tag.parent !== undefined;
  const operations = (
    <ul className="dg-api-nav__ops">
      {tag.operations.map((op) => (
        <li
          key={op.id}
          className="dg-api-nav__op"
          data-q={ownText ? searchText([op.id, op.method, op.path, op.summary, tagLabel(t, tag), tag.name]) : undefined}
          data-op={op.id}
          data-path={collapsible ? op.path : undefined}
        >
          <a href={`#${op.id}`}>
            <MethodBadge method={op.method} />
            <span className="dg-api-nav__label">{op.summary || op.path}</span>
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <li
      className="dg-api-nav__tag"
      data-tag={tag.anchor}
      data-q={collapsible ? searchText([tagLabel(t, tag), tag.name]) : undefined}
    >
      {collapsible && tag.operations.length > 0 ? (
        <details className="dg-api-nav__group">
          <summary className="dg-api-nav__tag-link">
            {tagLabel(t, tag)} <span className="dg-api-nav__count">{tag.operations.length}</span>
          </summary>
          {operations}
        </details>
      ) : (
        <>
          <a className="dg-api-nav__tag-link" href={`#${tag.anchor}`}>
            {tagLabel(t, tag)}
          </a>
          {tag.operations.length > 0 && operations}
        </>
      )}
      {children.length > 0 && (
        <ul className="dg-api-nav__tags dg-api-nav__tags--nested">
          {children.map((child) => (
            <TagEntry key={child.anchor} tag={child} collapsible={collapsible} nested={nested} />
          ))}
        </ul>
      )}
    </li>
  );
}
