/**
 * Docusaurus' tab options on top of the radio-input tabs (which work without JavaScript; remark-directives.ts):
 * tabs with the same `groupId` switch together and the choice is remembered in localStorage under Docusaurus' key
 * `docusaurus.tab.<groupId>`; tabs with a `queryString` put the choice in the URL (`?<key>=<value>`) and read it
 * from there first. By event delegation, so content that a client-side navigation renders is covered too. A chunk of
 * its own, loaded when a page shown has such tabs (start.tsx startTabGroupsOnDemand).
 */

const STORAGE_PREFIX = 'docusaurus.tab.';

/**
 * Starts syncing tab groups and applies remembered choices to the page shown now and to every page shown later.
 * @param pageEvent the event the router dispatches on document once a navigation has rendered its page
 *   (page-event.ts PAGE_EVENT; passed in, so that this chunk imports no module of the first load's, which would
 *   make esbuild split that module into a chunk of its own, one more request on every page)
 * @returns a function that stops it
 */
export function startTabGroups(pageEvent: string): () => void {
  const onChange = (event: Event) => {
    const input = event.target as HTMLInputElement | null;
    if (!input?.classList?.contains('dg-tabs__input')) return;
    const tabs = input.closest<HTMLElement>('.dg-tabs');
    const value = input.dataset.value;
    if (!tabs || value === undefined) return;
    const { groupId, queryString } = tabs.dataset;
    if (groupId) {
      remember(groupId, value);
      choose(`.dg-tabs[data-group-id="${CSS.escape(groupId)}"]`, value);
    }
    if (queryString) {
      const url = new URL(location.href);
      url.searchParams.set(queryString, value);
      history.replaceState(history.state, '', url.href);
    }
  };
  const apply = () => {
    const blocks = [...document.querySelectorAll<HTMLElement>('.dg-tabs[data-group-id], .dg-tabs[data-query-string]')];
    const params = new URL(location.href).searchParams;
    // A choice in the URL is the group's choice too (Docusaurus), so it is remembered before the group is applied.
    for (const { dataset } of blocks) {
      const fromUrl = dataset.queryString ? params.get(dataset.queryString) : null;
      if (fromUrl !== null && dataset.groupId) remember(dataset.groupId, fromUrl);
    }
    for (const tabs of blocks) {
      const { groupId, queryString } = tabs.dataset;
      const value = (queryString ? params.get(queryString) : null) ?? (groupId ? stored(groupId) : null);
      if (value !== null) chooseIn(tabs, value);
    }
  };
  document.addEventListener('change', onChange);
  document.addEventListener(pageEvent, apply);
  apply();
  return () => {
    document.removeEventListener('change', onChange);
    document.removeEventListener(pageEvent, apply);
  };
}

function remember(groupId: string, value: string): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + groupId, value);
  } catch {
    // storage may be unavailable (private mode, disabled cookies): the tabs still switch on this page
  }
}

function stored(groupId: string): string | null {
  try {
    return localStorage.getItem(STORAGE_PREFIX + groupId);
  } catch {
    return null;
  }
}

function choose(selector: string, value: string): void {
  for (const tabs of document.querySelectorAll<HTMLElement>(selector)) chooseIn(tabs, value);
}

/** Checks the tab of `value` in one tabs block, when it has one. */
function chooseIn(tabs: HTMLElement, value: string): void {
  for (const input of tabs.querySelectorAll<HTMLInputElement>(':scope > .dg-tabs__input')) {
    if (input.dataset.value === value) input.checked = true;
  }
}
