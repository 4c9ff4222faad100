/**
 * Starts the islands of a site with its own components (src/node/bundle/islands.ts): bundled only into such a
 * site's runtime, by the generated module of its content components (src/node/bundle/theme-plugin.ts), so that
 * every other site ships none of it. Once the page has hydrated (`data-hydrated` on the root element, start.tsx),
 * and after each change of the page (client-side navigation renders new content), a page with a `<dg-island>`
 * loads the islands chunk (islands.ts), which loads the chunk of each component it uses; a page without loads none.
 */
let scheduled = false;

function scan(): void {
  scheduled = false;
  if (document.documentElement.dataset.hydrated !== 'true' || !document.querySelector('dg-island')) return;
  void import('./islands.js').then((islands) => islands.hydrateIslands());
}

/** Watches the document for islands (once per document; does nothing outside a browser). */
export function startIslands(): void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(scan);
  };
  new MutationObserver(schedule).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-hydrated'],
    childList: true,
    subtree: true,
  });
  schedule();
}
