import { useRef, useState, type MouseEvent } from 'react';
import type { Sidebar as SidebarData, SidebarItem } from '../../src/shared/types.js';
import { animateDetails } from '../components/Collapsible.js';

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

function Items({ items, currentHref }: { items: SidebarItem[]; currentHref: string }) {
  return (
    <ul className="dg-sidebar__list">
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
  const ref = useRef<HTMLDetailsElement>(null);
  const onSummaryClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) return; // the label link navigates
    event.preventDefault();
    const details = ref.current;
    if (!details) return;
    animateDetails(details, !open, () => setOpen(!open));
  };
  return (
    <details ref={ref} className="dg-sidebar__category" open={open}>
      <summary className="dg-sidebar__summary" onClick={onSummaryClick}>
        {item.href ? <ItemLink href={item.href} label={item.label} currentHref={currentHref} /> : <span className="dg-sidebar__label">{item.label}</span>}
      </summary>
      <Items items={item.items} currentHref={currentHref} />
    </details>
  );
}

function contains(item: SidebarItem, href: string): boolean {
  if (item.href === href) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, href));
}
