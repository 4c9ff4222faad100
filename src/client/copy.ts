/**
 * Copy buttons of code blocks (issue #3), by event delegation: one listener for every `.dg-copy` button, present
 * or future. The button shows コピーしました for 2 s after copying.
 */

/** Starts handling copy buttons. @returns a function that stops it */
export function startCopyButtons(): () => void {
  const onClick = async (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('.dg-code__body > .dg-copy') as HTMLButtonElement | null;
    if (!button) return;
    const pre = button.previousElementSibling as HTMLElement | null;
    try {
      await navigator.clipboard.writeText((pre?.textContent ?? '').replace(/\n$/, ''));
      button.textContent = 'コピーしました';
      button.setAttribute('aria-label', 'コピーしました');
      setTimeout(() => {
        button.textContent = 'コピー';
        button.setAttribute('aria-label', 'コードをコピー');
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
