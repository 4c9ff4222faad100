/**
 * Islands: the site's interactive components (src/node/bundle/islands.ts), rendered at build time into
 * `<dg-island data-component data-props>` elements, come alive here. Each island's component is loaded from its own
 * chunk (island-registry.ts) and hydrated, as a React root of its own, with the props the build put into the page as
 * JSON; its Markdown children stay the page's HTML (`<dg-children data-island>`), handed back to it as they are.
 * This chunk is loaded only by a page that has an island (start.tsx), on first load and after client-side navigation.
 */
import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islands } from './island-registry.js';

/** The root of each island hydrated so far (null while its chunk loads). */
const roots = new Map<Element, Root | null>();

/**
 * Hydrates the islands of the page not hydrated yet, and unmounts those a navigation took out of the page.
 * An island whose chunk fails to load keeps its server render (a warning in the console).
 */
export async function hydrateIslands(): Promise<void> {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    root?.unmount();
    roots.delete(element);
  }
  await Promise.all(
    [...document.querySelectorAll('dg-island')].map(async (element) => {
      if (roots.has(element)) return;
      const load = islands[element.getAttribute('data-component') ?? ''];
      if (!load) return;
      roots.set(element, null);
      let Component: Awaited<ReturnType<typeof load>>;
      try {
        Component = await load();
      } catch (error) {
        console.warn('[docgen] an interactive component failed to load; it stays as rendered', error);
        return;
      }
      if (!element.isConnected) return void roots.delete(element);
      const props = JSON.parse(element.getAttribute('data-props') ?? '{}') as Record<string, unknown>;
      const slot = element.querySelector(':scope dg-children[data-island]');
      if (slot)
        props.children = createElement('dg-children', {
          'data-island': '',
          dangerouslySetInnerHTML: { __html: slot.innerHTML },
        });
      roots.set(element, hydrateRoot(element, createElement(Component, props)));
      element.setAttribute('data-island-hydrated', ''); // clicks from now on reach the component (tests wait for it)
    }),
  );
}
