/**
 * Scrolling to an element of a page whose sections lay out late (API references use
 * `content-visibility: auto`, so a section far down has an estimated height until it is rendered). Used by the
 * router for a URL's fragment after a client-side navigation, and by the API reference for its in-page and part
 * links. A first load needs none of it: the browser settles its own fragment scroll (and `:target` makes the
 * target render), which pushState navigation does not do.
 */

/**
 * Scrolls to an element and again while its position still moves in the next frames: sections around it
 * (`content-visibility: auto`) take their real height once rendered, and scroll anchoring may keep a neighbour
 * still instead of it.
 */
export async function scrollIntoViewSettled(element: HTMLElement): Promise<void> {
  element.scrollIntoView();
  let top = element.getBoundingClientRect().top;
  // Whether a section is rendered is decided after a frame's layout: wait for two quiet frames (at most ten).
  for (let frame = 0, quiet = 0; frame < 10 && quiet < 2; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = element.getBoundingClientRect().top;
    if (Math.abs(now - top) < 1) quiet++;
    else {
      quiet = 0;
      element.scrollIntoView();
      top = element.getBoundingClientRect().top;
    }
  }
}
