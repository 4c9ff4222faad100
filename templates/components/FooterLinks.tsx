import type { FooterColumn } from '../../src/shared/types.js';

/**
 * The footer's link columns (Docusaurus `themeConfig.footer.links`; theme-classic Footer/Links), each with its title
 * when it has one. An external link opens in a new tab, as in the navbar. In the extras chunk: most sites have none.
 */
export function FooterLinks({ columns }: { columns: FooterColumn[] }) {
  return (
    <div className="dg-footer__links">
      {columns.map((column, i) => (
        <div key={i} className="dg-footer__column">
          {column.title && <p className="dg-footer__title">{column.title}</p>}
          <ul>
            {column.items.map((item) => (
              <li key={item.href + item.label}>
                <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
