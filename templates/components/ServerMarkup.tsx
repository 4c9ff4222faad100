import { createElement, useState } from 'react';

/**
 * Keeps server-rendered markup as it is while the data to render it has not arrived (the route table
 * and the sidebars load after hydration, so that a first visit does not download navigation data that grows with
 * the site). Renders the element `selector` finds again, with its current inner HTML and its aria-label; links
 * and native `<details>` in it keep working. Browser only: on the server the data is always there.
 * @param tag and className: those of the element the server rendered (hydration compares them)
 * @param selector where the server's element is, read once on the first render
 */
export function ServerMarkup({
  tag,
  className,
  selector,
}: {
  tag: 'div' | 'nav';
  className: string;
  selector: string;
}) {
  const [server] = useState(() => {
    const element = typeof document === 'undefined' ? null : document.querySelector(selector);
    return { html: element?.innerHTML ?? '', label: element?.getAttribute('aria-label') ?? undefined };
  });
  return createElement(tag, {
    className,
    'aria-label': server.label,
    dangerouslySetInnerHTML: { __html: server.html },
    suppressHydrationWarning: true,
  });
}
