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
 * Animates an element's height open or closed (Web Animations API, which a strict CSP allows).
 * @param body the element that grows or shrinks
 * @param open target state
 * @param reveal makes the element visible before it grows (set `open` on its <details>, or clear `hidden`)
 * @param done called after the element reached the state (where React records it)
 */
export function animateCollapse(
  body: HTMLElement,
  open: boolean,
  done: () => void,
  reveal: () => void = () => (body.hidden = false),
): void {
  if (typeof body.animate !== 'function') {
    done();
    return;
  }
  if (open) reveal();
  const height = body.scrollHeight;
  const animation = body.animate(
    [
      { height: open ? '0px' : `${height}px`, overflow: 'hidden' },
      { height: open ? `${height}px` : '0px', overflow: 'hidden' },
    ],
    { duration: collapseDuration(height), easing: 'ease-in-out' },
  );
  animation.onfinish = animation.oncancel = () => done();
}

/** animateCollapse for a <details>: animates its content below the <summary>. */
export function animateDetails(details: HTMLDetailsElement, open: boolean, done: () => void): void {
  const body = details.querySelector<HTMLElement>(':scope > :not(summary)');
  if (!body) return done();
  animateCollapse(body, open, done, () => (details.open = true));
}
