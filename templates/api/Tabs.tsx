/**
 * Tabs that work without JavaScript: one radio input per tab inside its label, and CSS (`:has(:checked)`) shows
 * the matching panel (templates/styles/api.css). Every panel stays reachable with JS off, and no id is needed.
 */
import { useId, type ReactNode } from 'react';

export interface TabItem {
  label: ReactNode;
  /** Text form of the label for `data-label` (tests and the client). */
  key: string;
  content: ReactNode;
}

/** Renders tabs; the first is selected. */
export function Tabs({ items, className }: { items: TabItem[]; className?: string }) {
  const name = 'dg-t' + useId().replace(/[^A-Za-z0-9_-]/g, '');
  return (
    <div className={`dg-tabs${items.length > 16 ? ' dg-tabs--many' : ''}${className ? ' ' + className : ''}`}>
      <div className="dg-tabs__list">
        {items.map((item, i) => (
          <label key={item.key + i} className="dg-tabs__tab" data-label={item.key}>
            <input type="radio" className="dg-tabs__radio" name={name} value={String(i)} defaultChecked={i === 0} />
            <span>{item.label}</span>
          </label>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={item.key + i} className="dg-tabs__panel" data-label={item.key}>
          {item.content}
        </div>
      ))}
    </div>
  );
}
