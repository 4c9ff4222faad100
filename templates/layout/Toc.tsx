import type { TocItem } from '../../src/shared/types.js';

/** Table of contents of the page (spec §2, §9: heading levels 2 to 3 unless the page says otherwise). */
export function Toc({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  const top = Math.min(...items.map((item) => item.level));
  return (
    <nav className="dg-toc" aria-label="目次">
      <p className="dg-toc__title">目次</p>
      <ul className="dg-toc__list">
        {items.map((item) => (
          <li key={item.id} className={`dg-toc__item dg-toc__item--depth-${item.level - top}`}>
            <a className="dg-toc__link" href={`#${encodeURIComponent(item.id)}`}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
