/**
 * Route-change progress bar (spec §2, §9): shown only when a route change takes longer than 200 ms;
 * nprogress with minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms.
 */
import NProgress from 'nprogress';

/** Delay before the bar appears (spec §9), in ms. */
export const PROGRESS_DELAY_MS = 200;

let configured = false;

/**
 * Starts the bar after PROGRESS_DELAY_MS unless finished before.
 * @returns a function that finishes (or cancels) the bar
 */
export function startProgress(): () => void {
  if (!configured) {
    // role="bar" of nprogress' default template is not a valid ARIA role: use a plain template.
    NProgress.configure({
      minimum: 0.08,
      speed: 200,
      trickle: true,
      trickleSpeed: 800,
      showSpinner: false,
      template: '<div class="bar"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    (NProgress.settings as unknown as { trickleRate: number }).trickleRate = 0.02;
    configured = true;
  }
  const timer = setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (NProgress.isStarted()) NProgress.done();
  };
}
