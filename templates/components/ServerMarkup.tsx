import { useState } from 'react';

/**
 * Keeps server-rendered markup as it is while the data to render it has not arrived (issue #8: the route table
 * and the sidebars load after hydration, so that a first visit does not download navigation data that grows with
 * the site). Renders a `<div>` holding the current inner HTML of the element `selector` finds; links and native
 * `<details>` in it keep working. Browser only: on the server the data is always there.
 * @param className class of the wrapper (the same element the server rendered)
 * @param selector where the server's element is, read once on the first render
 */
export function ServerMarkup({ className, selector }: { className: string; selector: string }) {
  const [html] = useState(() => (typeof document === 'undefined' ? '' : (document.querySelector(selector)?.innerHTML ?? '')));
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}
