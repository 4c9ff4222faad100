/**
 * Diagrams drawn by the diagram service (spec §7): an image that fails to load (service down,
 * blocked, offline) never shows a broken-image icon: its figure is marked `data-failed`, diagrams.css hides the
 * image and the figure's source block opens, so the reader sees the diagram's text. No inline script: one
 * capturing `error` listener (error events do not bubble) plus a look at images that failed before the runtime ran.
 */

const IMAGE = 'img.dg-diagram__image';

/** Marks the image's figure as failed and opens its source block. */
function showSource(image: HTMLImageElement): void {
  const figure = image.closest('.dg-diagram');
  if (!figure || figure.hasAttribute('data-failed')) return;
  figure.setAttribute('data-failed', '');
  const details = figure.querySelector('details');
  if (details) details.open = true;
}

/**
 * Starts watching diagram images, present or future (client navigation renders new ones).
 * @returns a function that stops it
 */
export function startDiagramFallback(): () => void {
  const onError = (event: Event) => {
    const target = event.target as Element | null;
    if (target instanceof HTMLImageElement && target.matches(IMAGE)) showSource(target);
  };
  document.addEventListener('error', onError, true);
  for (const image of document.querySelectorAll<HTMLImageElement>(IMAGE)) {
    if (image.complete && image.naturalWidth === 0) showSource(image);
  }
  return () => document.removeEventListener('error', onError, true);
}
