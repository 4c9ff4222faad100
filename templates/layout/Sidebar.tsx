import type { Sidebar as SidebarData, SidebarItem } from '../../src/shared/types.js';

/**
 * Documentation sidebar (spec §2, §9: 300 px on desktop). Categories are native <details> so that they open and
 * close with the keyboard and without JavaScript.
 */
export function Sidebar({ sidebar, currentHref }: { sidebar: SidebarData; currentHref: string }) {
  return (
    <aside className="dg-sidebar" aria-label={`${sidebar.label} のナビゲーション`}>
      <nav>
        <Items items={sidebar.items} currentHref={currentHref} />
      </nav>
    </aside>
  );
}

function Items({ items, currentHref }: { items: SidebarItem[]; currentHref: string }) {
  return (
    <ul className="dg-sidebar__list">
      {items.map((item, i) => (
        <li key={`${item.label}-${i}`} className="dg-sidebar__item">
          {item.type === 'link' ? (
            <a className={linkClass(item.href === currentHref)} href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>
              {item.label}
            </a>
          ) : (
            <details className="dg-sidebar__category" open={!item.collapsed || contains(item, currentHref)}>
              <summary className="dg-sidebar__summary">
                {item.href ? (
                  <a className={linkClass(item.href === currentHref)} href={item.href} aria-current={item.href === currentHref ? 'page' : undefined}>
                    {item.label}
                  </a>
                ) : (
                  <span className="dg-sidebar__label">{item.label}</span>
                )}
              </summary>
              <Items items={item.items} currentHref={currentHref} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function linkClass(active: boolean): string {
  return active ? 'dg-sidebar__link dg-sidebar__link--active' : 'dg-sidebar__link';
}

function contains(item: SidebarItem, href: string): boolean {
  if (item.href === href) return true;
  return item.type === 'category' && item.items.some((child) => contains(child, href));
}
