import { useRef, useState, type MouseEvent, type Ref } from 'react';
import type { Sidebar as SidebarData, SidebarItem } from '../../src/shared/types.js';
import { animateCollapse, animateDetails } from '../components/Collapsible.js';

/**
 * Documentation sidebar (spec §2, §9: 300 px on desktop). Categories are native <details>: they open and close
 * with the keyboard and without JavaScript; with JavaScript the change is animated (spec §4).
 */
export function Sidebar({ sidebar, currentHref, className = 'dg-sidebar' }: { sidebar: SidebarData; currentHref: string; className?: string }) {
  return (
    <nav className={className} aria-label={`${sidebar.label}のナビゲーション`}>
      <Items items={sidebar.items} currentHref={currentHref} />
    </nav>
  );
}

function Items(props: { items: SidebarItem[]; currentHref: string; hidden?: boolean; listRef?: Ref<HTMLUListElement> }) {
  const { items, currentHref, hidden, listRef } = props;
  return (
    <ul className="dg-sidebar__list" hidden={hidden} ref={listRef}>
      {items.map((item, i) => (
        <li key={`${item.label}-${i}`} className="dg-sidebar__item">
          {item.type === 'link' ? <ItemLink href={item.href} label={item.label} currentHref={currentHref} /> : <Category item={item} currentHref={currentHref} />}
        </li>
      ))}
    </ul>
  );
}

function ItemLink({ href, label, currentHref }: { href: string; label: string; currentHref: string }) {
  const active = href === currentHref;
  return (
    <a className={active ? 'dg-sidebar__link dg-sidebar__link--active' : 'dg-sidebar__link'} href={href} aria-current={active ? 'page' : undefined}>
      {label}
    </a>
  );
}

function Category({ item, currentHref }: { item: Extract<SidebarItem, { type: 'category' }>; currentHref: string }) {
  const [open, setOpen] = useState(!item.collapsed || contains(item, currentHref));
  const details = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLUListElement>(null);
  if (item.href) {
    // A category that is also a page: its link and a separate toggle (a link inside <summary> would nest two
    // interactive elements). Without JavaScript the list stays as rendered (open unless collapsed).
    return (
      <div className="dg-sidebar__category dg-sidebar__category--linked">
        <div className="dg-sidebar__row">
          <ItemLink href={item.href} label={item.label} currentHref={currentHref} />
          <button
            type="button"
            className="dg-sidebar__toggle"
            aria-expanded={open}
            aria-label={`${item.label}を${open ? '折りたたむ' : '展開する'}`}
            onClick={() => {
              if (!list.current) return setOpen(!open);
              animateCollapse(list.current, !open, () => setOpen(!open));
            }}
          />
        </div>
        <Items items={item.items} currentHref={currentHref} hidden={!open} listRef={list} />
      </div>
    );
  }
  const onSummaryClick = (event: MouseEvent) => {
    event.preventDefault();
    if (details.current) animateDetails(details.current, !open, () => setOpen(!open));
  };
  return (
    <details ref={details} className="dg-sidebar__category" open={open}>
      <summary className="dg-sidebar__summary" onClick={onSummaryClick}>
        <span className="dg-sidebar__label">{item.label}</span>
      </summary>
      <Items items={item.items} currentHref={currentHref} />
    </details>
  );
}

function contains(item: SidebarItem, href: string): boolean {
  if (item.href === href) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, href));
}
