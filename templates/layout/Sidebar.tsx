import { useRef, useState, type MouseEvent, type Ref } from 'react';
import type { Sidebar as SidebarData, SidebarItem } from '../../src/shared/types.js';
import { animateCollapse, animateDetails } from '../components/Collapsible.js';
import { useMessages } from '../i18n/use-messages.js';

/**
 * Documentation sidebar (spec §2, §9: 300 px on desktop). Categories are native <details>: they open and close
 * with the keyboard and without JavaScript; with JavaScript the change is animated (spec §4). Categories start
 * collapsed except those on the current page's path (Docusaurus default; `collapsed: false` opens one,
 * `collapsible: false` keeps one open with no toggle).
 */
export function Sidebar({
  sidebar,
  currentHref,
  className = 'dg-sidebar',
}: {
  sidebar: SidebarData;
  currentHref: string;
  className?: string;
}) {
  const t = useMessages();
  const large = countLinks(sidebar.items) > FULL_RENDER_LIMIT;
  // The browser always renders it whole: it mounts once the navigation data has arrived, after hydration
  // (Layout.tsx), so there is no server markup to match.
  const inBrowser = typeof document !== 'undefined';
  const items = large && !inBrowser ? windowAround(sidebar.items, currentHref) : sidebar.items;
  return (
    <nav className={className} aria-label={t('sidebar.label', { label: sidebar.label })}>
      <Items items={items} currentHref={currentHref} lazy={large} />
    </nav>
  );
}

/**
 * Sidebars with more links than this are not rendered in full into every page: the server renders a window around
 * the current page and the browser renders the rest from the shared site data, with collapsed categories filled in
 * when opened. Output then stays linear in pages; small sidebars stay complete without JavaScript.
 */
export const FULL_RENDER_LIMIT = 200;
/** Top-level entries kept on each side of the current one in a windowed sidebar. */
const WINDOW = 8;

function countLinks(items: SidebarItem[]): number {
  return items.reduce((n, item) => n + 1 + (item.type === 'category' ? countLinks(item.items) : 0), 0);
}

/** The top-level entries around the one holding the current page (all of its items kept). */
function windowAround(items: SidebarItem[], href: string): SidebarItem[] {
  const at = Math.max(
    0,
    items.findIndex((item) => contains(item, href)),
  );
  return items.slice(Math.max(0, at - WINDOW), at + WINDOW + 1);
}

function Items(props: {
  items: SidebarItem[];
  currentHref: string;
  hidden?: boolean;
  listRef?: Ref<HTMLUListElement>;
  lazy?: boolean;
}) {
  const { items, currentHref, hidden, listRef, lazy = false } = props;
  return (
    <ul className="dg-sidebar__list" hidden={hidden} ref={listRef}>
      {items.map((item, i) => (
        <li key={`${item.label}-${i}`} className="dg-sidebar__item">
          {item.type === 'link' ? (
            <ItemLink href={item.href} label={item.label} currentHref={currentHref} />
          ) : (
            <Category item={item} currentHref={currentHref} lazy={lazy} />
          )}
        </li>
      ))}
    </ul>
  );
}

function ItemLink({ href, label, currentHref }: { href: string; label: string; currentHref: string }) {
  const active = href === currentHref;
  return (
    <a
      className={active ? 'dg-sidebar__link dg-sidebar__link--active' : 'dg-sidebar__link'}
      href={href}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </a>
  );
}

function Category({
  item,
  currentHref,
  lazy,
}: {
  item: Extract<SidebarItem, { type: 'category' }>;
  currentHref: string;
  lazy: boolean;
}) {
  const t = useMessages();
  // In a large (lazy) sidebar only the categories on the current page's path start open, and closed ones render
  // no items until opened.
  const [open, setOpen] = useState(lazy ? contains(item, currentHref) : !item.collapsed || contains(item, currentHref));
  const details = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLUListElement>(null);
  if (item.collapsible === false) {
    // Always open, nothing to toggle (Docusaurus `collapsible: false`).
    return (
      <div className="dg-sidebar__category dg-sidebar__category--fixed">
        {item.href ? (
          <ItemLink href={item.href} label={item.label} currentHref={currentHref} />
        ) : (
          <span className="dg-sidebar__label dg-sidebar__label--fixed">{item.label}</span>
        )}
        <Items items={item.items} currentHref={currentHref} lazy={lazy} />
      </div>
    );
  }
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
            aria-label={t(open ? 'sidebar.collapseCategory' : 'sidebar.expandCategory', { label: item.label })}
            onClick={() => {
              if (!list.current) return setOpen(!open);
              animateCollapse(list.current, !open, () => setOpen(!open));
            }}
          />
        </div>
        {(!lazy || open) && (
          <Items items={item.items} currentHref={currentHref} hidden={!open} listRef={list} lazy={lazy} />
        )}
      </div>
    );
  }
  const onSummaryClick = (event: MouseEvent) => {
    event.preventDefault();
    if (lazy && !open) return setOpen(true); // items mount on open: nothing to animate from
    if (details.current) animateDetails(details.current, !open, () => setOpen(!open));
  };
  return (
    <details ref={details} className="dg-sidebar__category" open={open}>
      <summary className="dg-sidebar__summary" onClick={onSummaryClick}>
        <span className="dg-sidebar__label">{item.label}</span>
      </summary>
      {(!lazy || open) && <Items items={item.items} currentHref={currentHref} lazy={lazy} />}
    </details>
  );
}

function contains(item: SidebarItem, href: string): boolean {
  if (item.href === href) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, href));
}
