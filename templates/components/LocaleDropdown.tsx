import { useEffect, useId, useRef, useState } from 'react';
import type { SiteData } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * The navbar's locale dropdown (Docusaurus `localeDropdown`): a button naming the current locale
 * and a list of links to the same page in every locale (an untranslated page is there too, in the default
 * locale's text). The links leave this locale's base URL, so they are ordinary page loads, not router navigations.
 * @param props.currentHref the page's URL path with the base URL ('' on the not-found page: the links go to each
 *   locale's home)
 */
export function LocaleDropdown({ site, currentHref }: { site: SiteData; currentHref: string }) {
  const t = useMessages();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [open]);
  const i18n = site.i18n;
  if (!i18n) return null;
  const path = currentHref.startsWith(site.baseUrl) ? currentHref.slice(site.baseUrl.length - 1) : '/';
  const current = i18n.locales.find((l) => l.locale === i18n.current);
  return (
    <div className="dg-locale" ref={root}>
      <button
        type="button"
        className="dg-navbar__link dg-locale__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('locale.dropdown')}: ${current?.label ?? i18n.current}`}
        onClick={() => setOpen(!open)}
      >
        <span className="dg-locale__icon" aria-hidden="true" />
        {current?.label ?? i18n.current}
      </button>
      <ul id={listId} className="dg-locale__list" hidden={!open}>
        {i18n.locales.map((l) => (
          <li key={l.locale}>
            <a
              className="dg-locale__link"
              href={l.baseUrl.slice(0, -1) + path}
              hrefLang={l.htmlLang}
              lang={l.htmlLang}
              aria-current={l.locale === i18n.current ? 'true' : undefined}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
