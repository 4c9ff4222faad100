/**
 * Copy buttons of code blocks and the page menu's copy button, by event delegation: one listener for
 * every `.dg-copy` and `.dg-page-menu__copy` button, present or future. The button shows the 'code.copied' label for 2 s after copying, then 'code.copy' again.
 */
import type { Messages } from '../shared/messages.js';

/**
 * Starts handling copy buttons.
 * @param messages the site's UI labels (SiteShell.messages), the ones the server rendered the buttons with
 * @returns a function that stops it
 */
export function startCopyButtons(messages: Messages): () => void {
  const onClick = async (event: MouseEvent) => {
    const target = event.target as Element | null;
    const twin = target?.closest?.('.dg-page-menu__copy') as HTMLButtonElement | null;
    if (twin) return copyTwin(twin, messages);
    const button = target?.closest?.('.dg-code__body > .dg-copy') as HTMLButtonElement | null;
    if (!button) return;
    const pre = button.previousElementSibling as HTMLElement | null;
    try {
      await navigator.clipboard.writeText((pre?.textContent ?? '').replace(/\n$/, ''));
      button.textContent = messages['code.copied'];
      button.setAttribute('aria-label', messages['code.copied']);
      setTimeout(() => {
        button.textContent = messages['code.copy'];
        button.setAttribute('aria-label', messages['code.copyLabel']);
      }, 2000);
    } catch {
      console.warn('[docgen] the clipboard is not available');
    }
  };
  document.addEventListener('click', onClick);
  // The buttons show from now on (markdown-features.css), not from hydration: that waits for the navigation data.
  document.documentElement.dataset.copy = '';
  return () => {
    document.removeEventListener('click', onClick);
    delete document.documentElement.dataset.copy;
  };
}

/**
 * A copy button of the page menu or of an API operation's menu (templates/components/PageMenu.tsx TwinMenu): the
 * twin named by its `data-twin`, fetched, to the clipboard; its own label comes back after 2 s.
 */
async function copyTwin(button: HTMLButtonElement, messages: Messages): Promise<void> {
  const label = button.textContent;
  try {
    const response = await fetch(button.dataset.twin!);
    if (!response.ok) throw new Error(String(response.status));
    await navigator.clipboard.writeText(await response.text());
    button.textContent = messages['pageMenu.copied'];
    setTimeout(() => (button.textContent = label), 2000);
  } catch {
    console.warn('[docgen] the page could not be copied');
  }
}
