/**
 * Collapse animation timing (spec §4): the duration follows the content height, and is 1 ms when the reader
 * prefers reduced motion. Formula from Docusaurus/Material UI getAutoHeightDuration.
 */

/**
 * @param height content height in px
 * @returns animation duration in ms
 */
export function collapseDuration(height: number): number {
  if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return 1;
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/**
 * Animates a <details> open or closed (height transition via the Web Animations API, which a strict CSP allows).
 * @param details the element
 * @param open target state
 * @param done called after the element reached the state
 */
export function animateDetails(details: HTMLDetailsElement, open: boolean, done: () => void): void {
  const body = details.querySelector<HTMLElement>(':scope > :not(summary)');
  if (!body || typeof body.animate !== 'function') {
    done();
    return;
  }
  if (open) details.open = true;
  const height = body.scrollHeight;
  const animation = body.animate(
    [{ height: open ? '0px' : `${height}px`, overflow: 'hidden' }, { height: open ? `${height}px` : '0px', overflow: 'hidden' }],
    { duration: collapseDuration(height), easing: 'ease-in-out' },
  );
  animation.onfinish = animation.oncancel = () => done();
}

/**
 * Animates a list open or closed (the linked-category variant of animateDetails).
 * @param list the element shown or hidden (its `hidden` attribute is managed by React through `done`)
 */
export function animateCollapse(list: HTMLElement, open: boolean, done: () => void): void {
  if (typeof list.animate !== 'function') {
    done();
    return;
  }
  if (open) list.hidden = false;
  const height = list.scrollHeight;
  const animation = list.animate(
    [{ height: open ? '0px' : `${height}px`, overflow: 'hidden' }, { height: open ? `${height}px` : '0px', overflow: 'hidden' }],
    { duration: collapseDuration(height), easing: 'ease-in-out' },
  );
  animation.onfinish = animation.oncancel = () => done();
}
