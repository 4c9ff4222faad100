/**
 * Keeping a deep link's target in view while a split API reference still lays out above it. A
 * part near the viewport loads on its own (parts.ts) and takes its real height as it is inserted (parts above the
 * target are held laid out meanwhile: parts.ts hold), and the browser's scroll anchoring does not always
 * hold the target still: GitHub's `#repos/list-tags` ended 943 px below the top of the window, out of sight, a
 * tenth of a second after it was shown.
 */

/** How long a target is held (ms) when the reader does nothing. */
const PIN_MS = 4000;

/** What the reader does to scroll: the first of these releases the target. */
const INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Holds an element at its current distance from the top of the window, frame by frame, until the reader's first
 * scroll input or PIN_MS.
 * @param onRelease called once it lets go (whatever the cause), e.g. to end a hold of the parts above it
 * @returns release, to stop holding it earlier (another target, the page leaving)
 */
export function pinInView(element: HTMLElement, onRelease?: () => void): () => void {
  const top = element.getBoundingClientRect().top;
  const started = performance.now();
  let frame = 0;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    cancelAnimationFrame(frame);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, release);
    onRelease?.();
  };
  const hold = () => {
    if (!element.isConnected || performance.now() - started > PIN_MS) return release();
    const moved = element.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    frame = requestAnimationFrame(hold);
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, release, { passive: true });
  frame = requestAnimationFrame(hold);
  return release;
}
