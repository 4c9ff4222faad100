import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { createSearchEngine, type SearchEngine, type SearchHit } from '../../src/client/search/engine.js';
import { snippetParts } from '../../src/client/search/snippet.js';
import { documentRoute } from '../../src/shared/search-format.js';
import { withBase } from '../../src/shared/urls.js';
import { useMessages } from '../i18n/use-messages.js';
import { pluralForm } from '../i18n/plural.js';

export interface SearchDialogProps {
  manifestUrl: string;
  /** On a versioned site: the manifest of the index of every version, for the "search all versions" option. */
  allManifestUrl?: string;
  baseUrl: string;
  onClose: () => void;
  /**
   * Returns what the reader typed before the input had the focus, and stops keeping it (SearchButton): called
   * once the input is focused, it becomes the first query.
   */
  takeTyped?: () => string;
  /**
   * The icon before the input (SearchButton passes `<SearchIcon>`, so that the icon's code ships in the entry
   * only rather than as one more first-load chunk).
   */
  icon?: ReactNode;
}

/** One engine per manifest for the page's lifetime: reopening the dialog does not reload the index. */
const engines = new Map<string, SearchEngine>();

/** Results asked for at first, and added by each "more results" (every result reachable). */
const PAGE_SIZE = 20;

/** The results of one page: its title and its matching sections, best first. */
interface HitGroup {
  route: string;
  title: string;
  hits: SearchHit[];
}

/**
 * Groups ranked hits by page (route without `#anchor`), pages in the order of their best hit (Algolia DocSearch
 * and Docusaurus group the same way).
 */
export function groupHits(hits: SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const route = documentRoute(hit.url);
    const group = groups.get(route) ?? groups.set(route, { route, title: hit.title, hits: [] }).get(route)!;
    group.hits.push(hit);
  }
  return [...groups.values()];
}

/**
 * The search dialog (loaded on first open): a combobox input over a listbox of results grouped by page, the first
 * 20 and more on request. Arrow keys move the
 * active result (`aria-activedescendant`), Enter follows it through a real link (client-side navigation to the
 * exact heading or operation), Escape or the backdrop closes, Tab stays inside. Nothing is searched while an
 * IME is composing; the query runs when the composition commits.
 */
export function SearchDialog({ manifestUrl, allManifestUrl, baseUrl, onClose, takeTyped, icon }: SearchDialogProps) {
  // The reader's version's index unless they ask for every version's: only the one asked for loads.
  const [allVersions, setAllVersions] = useState(false);
  const url = allVersions && allManifestUrl ? allManifestUrl : manifestUrl;
  const engine = engines.get(url) ?? engines.set(url, createSearchEngine(url)).get(url)!;
  const t = useMessages();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  // The hits of the last query answered: shown only while it is the current query, so a new query never shows
  // another's hits, nor "no match" before its own answer. `failed`: that query's index files did not load (the
  // engine forgets them, so a later query tries again).
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[]; failed?: boolean }>({ query: '', hits: [] });
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [active, setActive] = useState(0);
  const [manifestLoaded, setManifestLoaded] = useState(false);
  const [manifestFailed, setManifestFailed] = useState(false);
  const composing = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => {
    // The keys typed before the input had the focus start the query. They go into the DOM at once: a key typed
    // before React renders the new value lands after them instead of replacing them.
    const early = takeTyped?.() ?? '';
    if (early && inputRef.current) {
      inputRef.current.value = early;
      setInput(early);
      setQuery(early);
    }
    inputRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => void (root.style.overflow = overflow);
  }, []);

  useEffect(() => {
    engine.ready.then(
      () => setManifestLoaded(true),
      () => setManifestFailed(true),
    );
  }, [engine]);

  // Each query loads what it needs; an answer that arrives after a newer query is dropped.
  // "More results" raises the limit: the hits shown stay until the longer list arrives.
  useEffect(() => {
    if (!query.trim()) return setAnswer({ query: '', hits: [] });
    let current = true;
    engine.search(query, limit).then(
      (hits) => current && setAnswer({ query, hits }),
      () => current && setAnswer({ query, hits: [], failed: true }),
    );
    return () => void (current = false);
  }, [engine, query, limit]);
  const groups = groupHits(answer.query === query ? answer.hits : []);
  const hits = groups.flatMap((group) => group.hits); // display order: the active index walks this
  const pending = query.trim() !== '' && answer.query !== query;
  const more = hits.length >= limit;
  useEffect(() => {
    setActive(0);
    setLimit(PAGE_SIZE);
  }, [query]);
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const follow = (index: number) => {
    const link = document.getElementById(`${listId}-${index}`)?.querySelector('a');
    link?.click(); // the router intercepts the click: client-side navigation, then scroll to the anchor
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return; // Enter confirms the IME, not a result
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length > 0) setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Enter' && event.target === inputRef.current) {
      event.preventDefault();
      if (hits.length > 0) follow(active);
    } else if (event.key === 'Tab') {
      trapFocus(event, dialog.current);
    }
  };

  const status =
    manifestFailed || (answer.query === query && answer.failed)
      ? t('search.loadFailed')
      : !query.trim()
        ? manifestLoaded
          ? t('search.typeQuery')
          : t('search.loading')
        : pending
          ? t('search.searching')
          : hits.length === 0
            ? t('search.noResults', { query: query.trim() })
            : pluralForm(
                t('search.count', { count: hits.length }),
                hits.length,
                typeof document === 'undefined' ? undefined : document.documentElement.lang,
              );

  return (
    <>
      <div className="dg-search-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialog}
        className="dg-search-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={t('search.dialog')}
        onKeyDown={onKeyDown}
      >
        <div className="dg-search-dialog__bar">
          {icon}
          <input
            ref={inputRef}
            className="dg-search-dialog__input"
            type="search"
            role="combobox"
            aria-label={t('search.input')}
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={hits.length > 0 ? `${listId}-${active}` : undefined}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              if (!composing.current) setQuery(event.target.value);
            }}
            onCompositionStart={() => (composing.current = true)}
            onCompositionEnd={(event) => {
              composing.current = false;
              setQuery(event.currentTarget.value);
            }}
          />
          <button type="button" className="dg-search-dialog__close" onClick={onClose}>
            {t('search.close')}
          </button>
        </div>
        {allManifestUrl && (
          <label className="dg-search-dialog__scope">
            <input type="checkbox" checked={allVersions} onChange={(event) => setAllVersions(event.target.checked)} />
            {t('version.searchAll')}
          </label>
        )}
        <p className="dg-search-dialog__status" role="status">
          {status}
        </p>
        <div className="dg-search-dialog__scroll">
          <ul id={listId} className="dg-search-dialog__results" role="listbox" aria-label={t('search.results')}>
            {groups.map((group) => (
              <li
                key={group.route}
                className="dg-search-group"
                role="group"
                aria-labelledby={`${listId}-g-${group.hits[0]!.id}`}
              >
                <span className="dg-search-group__title" id={`${listId}-g-${group.hits[0]!.id}`}>
                  {marked(group.title, group.hits[0]!.terms)}
                </span>
                <ul className="dg-search-group__hits" role="none">
                  {group.hits.map((hit) => {
                    const i = hits.indexOf(hit);
                    return (
                      <li
                        key={hit.id}
                        id={`${listId}-${i}`}
                        role="option"
                        aria-selected={i === active}
                        className={i === active ? 'dg-search-hit dg-search-hit--active' : 'dg-search-hit'}
                        onMouseMove={() => i !== active && setActive(i)}
                      >
                        <a
                          className="dg-search-hit__link"
                          href={withBase(baseUrl, hit.url)}
                          tabIndex={-1}
                          onClick={onClose}
                        >
                          <span className="dg-search-hit__heading">
                            {hit.method && (
                              <span
                                className={`dg-search-hit__method dg-search-hit__method--${hit.method.toLowerCase()}`}
                              >
                                {hit.method}
                              </span>
                            )}
                            {marked(hit.heading || hit.title, hit.terms)}
                          </span>
                          <Snippet engine={engine} hit={hit} />
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
          {more && (
            <button type="button" className="dg-search-dialog__more" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
              {t('search.more')}
            </button>
          )}
        </div>
        <p className="dg-search-dialog__help" aria-hidden="true">
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('search.helpSelect')} <kbd>Enter</kbd> {t('search.helpNavigate')} <kbd>Esc</kbd>{' '}
          {t('search.helpClose')}
        </p>
      </div>
    </>
  );
}

/** The section text around the matches (the hit's document chunk is already loaded by the search). */
function Snippet({ engine, hit }: { engine: SearchEngine; hit: SearchHit }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    engine.text(hit).then(
      (t) => live && setText(t),
      () => live && setText(''),
    );
    return () => void (live = false);
  }, [engine, hit]);
  if (!text) return null;
  return <span className="dg-search-hit__snippet">{marked(text, hit.terms, 110)}</span>;
}

/** Text with the matched terms in `<mark>` (React elements, never HTML). */
function marked(text: string, terms: string[], width?: number): ReactNode[] {
  return snippetParts(text, terms, width).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text));
}

/** Keeps Tab and Shift+Tab inside the dialog. */
function trapFocus(event: ReactKeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [
    ...container.querySelectorAll<HTMLElement>('input, button, [tabindex]:not([tabindex="-1"])'),
  ].filter((el) => !el.hasAttribute('disabled'));
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
