/**
 * Placeholders of the parts of a split API reference (GitHub's ~1,000 operations), rendered on
 * the server only by ApiReference with a layout. The page carries the header, the whole navigation (collapsed per
 * tag, so the filter still finds every operation) and, per tag, placeholders for its parts; the operations and the
 * named schemas live in part documents that src/client/api/parts.ts loads near the viewport or when one of their
 * anchors is the target.
 *
 * A placeholder keeps one empty element per anchor of its part, so every operation anchor exists in the page's
 * HTML (the link checker's anchors stay true, and a deep link lands on the right placeholder). With JavaScript
 * each of them reserves the height its section will take (templates/styles/api.css), so loading moves nothing;
 * without it they take no room and the placeholder's link opens the part as a page of its own.
 */
import { useMessages } from '../i18n/use-messages.js';

/** One part as its placeholder knows it. */
export interface ApiPartRef {
  /** URL (with base) of the part document. */
  url: string;
  /** Anchors of the part's chunks in order: operation ids, or `schema/<name>` for a schemas part. */
  anchors: string[];
  /** What it holds, from `partLabel` (labels.ts). */
  label: string;
}

/** Where the parts of a split reference are. */
export interface ApiSplitLayout {
  /** Parts of each tag, by tag anchor; every tag of the model has at least one. */
  tags: Map<string, ApiPartRef[]>;
  /** The 「スキーマ」 parts; none when no schema is shown by reference. */
  schemas: ApiPartRef[];
}

/** A placeholder: anchors of the part, then a link to the part's own page. */
export function PartPlaceholder({ part, kind }: { part: ApiPartRef; kind: 'operations' | 'schemas' }) {
  const t = useMessages();
  return (
    <div className="dg-api-part" data-src={part.url} data-kind={kind}>
      <div className="dg-api-part__stubs">
        {part.anchors.map((anchor) => (
          <span key={anchor} className="dg-api-part__anchor" id={anchor} />
        ))}
        <p className="dg-api-part__note">
          <a href={part.url}>{t.parts('api.showPart', { label: part.label })}</a>
          {t('api.partNote')}
        </p>
      </div>
    </div>
  );
}
