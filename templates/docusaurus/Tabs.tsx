/**
 * `@theme/Tabs` and `@theme/TabItem` in a migrated site's own components: the radio-input tabs of docgen's
 * `::::tabs` (markdown/remark-directives.ts toTabs, which works without JavaScript; src/client/tabs.ts syncs
 * `groupId` and `queryString`). Labels come from `values` (Docusaurus' `{label, value}` list) or each item's `label`.
 */
import { Children, Fragment, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

export interface TabItemProps {
  value?: string;
  label?: ReactNode;
  default?: boolean;
  children?: ReactNode;
}

export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

interface TabsProps {
  values?: { value: string; label?: ReactNode }[];
  defaultValue?: string;
  groupId?: string;
  queryString?: string | boolean;
  children?: ReactNode;
}

export default function Tabs({ values, defaultValue, groupId, queryString, children }: TabsProps) {
  const group = `dg-tabs-${useId().replace(/[^\w-]/g, '')}`;
  const items = Children.toArray(children).filter(isValidElement) as ReactElement<TabItemProps>[];
  const labelOf = (item: TabItemProps) =>
    values?.find((v) => v.value === item.value)?.label ?? item.label ?? item.value;
  let chosen = items.findIndex((item) => item.props.value !== undefined && item.props.value === defaultValue);
  if (chosen < 0) chosen = items.findIndex((item) => item.props.default);
  if (chosen < 0) chosen = 0;
  const options = {
    ...(groupId ? { 'data-group-id': groupId } : {}),
    ...(queryString !== undefined && queryString !== false
      ? { 'data-query-string': queryString === true ? (groupId ?? '') : queryString }
      : {}),
  };
  return (
    <div className="dg-tabs" {...options}>
      {items.map((item, i) => (
        <Fragment key={`c${i}`}>
          <input
            type="radio"
            className="dg-tabs__input"
            name={group}
            id={`${group}-${i + 1}`}
            defaultChecked={i === chosen}
            {...(item.props.value !== undefined ? { 'data-value': item.props.value } : {})}
          />
          <label className="dg-tabs__label" htmlFor={`${group}-${i + 1}`}>
            {labelOf(item.props)}
          </label>
        </Fragment>
      ))}
      {items.map((item, i) => (
        <div key={`p${i}`} className="dg-tabs__panel">
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
