import { useEffect, useState } from 'react';
import type { TocItem } from '../../src/shared/types.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * Table of contents of the page (spec §2, §9: heading levels 2 to 3 unless the page says otherwise), highlighting
 * the section in view.
 */
export function Toc({ items }: { items: TocItem[] }) {
  const active = useActiveHeading(items);
  const t = useMessages();
  if (items.length === 0) return null;
  const top = Math.min(...items.map((item) => item.level));
  return (
    <nav className="dg-toc" aria-label={t('toc.title')}>
      <p className="dg-toc__title">{t('toc.title')}</p>
      <ul className="dg-toc__list">
        {items.map((item) => (
          <li key={item.id} className={`dg-toc__item dg-toc__item--depth-${item.level - top}`}>
            <a
              className={item.id === active ? 'dg-toc__link dg-toc__link--active' : 'dg-toc__link'}
              href={`#${encodeURIComponent(item.id)}`}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The table of contents as an "on this page" dropdown, shown where the TOC column is hidden (below 1280 px; issue
 * 18, item 3, as Docusaurus' TOCCollapsible and VitePress' outline button). A native <details>: it opens with the
 * keyboard and without JavaScript; choosing a heading closes it.
 */
export function TocDropdown({ items }: { items: TocItem[] }) {
  const t = useMessages();
  if (items.length === 0) return null;
  const top = Math.min(...items.map((item) => item.level));
  return (
    <details
      className="dg-toc-dropdown"
      onClick={(event) => (event.target as Element).closest('a') && event.currentTarget.removeAttribute('open')}
    >
      <summary className="dg-toc-dropdown__summary">{t('toc.title')}</summary>
      <ul className="dg-toc-dropdown__list">
        {items.map((item) => (
          <li key={item.id} className={`dg-toc-dropdown__item dg-toc-dropdown__item--depth-${item.level - top}`}>
            <a className="dg-toc-dropdown__link" href={`#${encodeURIComponent(item.id)}`}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The id of the last heading whose top has scrolled above the navbar (null before the first one). */
function useActiveHeading(items: TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (items.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const offset = 100; // navbar height plus a little
      let current: string | null = null;
      for (const item of items) {
        const element = document.getElementById(item.id);
        if (element && element.getBoundingClientRect().top <= offset) current = item.id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? items[items.length - 1]!.id : (current ?? items[0]!.id));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items]);
  return active;
}
