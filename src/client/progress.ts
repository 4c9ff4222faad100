/**
 * Route-change progress bar (spec §2, §9): shown only when a route change takes longer than 200 ms;
 * nprogress with minimum 0.08, speed 200 ms, trickle rate 0.02, trickle speed 800 ms. nprogress is a separate
 * chunk, loaded after hydration rather than on the first load (every first-load byte counts).
 */
type NProgressApi = typeof import('nprogress');

/** Delay before the bar appears (spec §9), in ms. */
export const PROGRESS_DELAY_MS = 200;

let loading: Promise<NProgressApi> | null = null;

/** Loads and configures nprogress once; call early (the router does) so the first slow route finds it ready. */
export function loadProgressBar(): Promise<NProgressApi> {
  loading ??= import('nprogress').then(({ default: NProgress }) => {
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
    return NProgress;
  });
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * Starts the bar after PROGRESS_DELAY_MS unless finished before.
 * @returns a function that finishes (or cancels) the bar
 */
export function startProgress(): () => void {
  let finished = false;
  const bar = loadProgressBar();
  const timer = setTimeout(
    () =>
      void bar.then(
        (p) => !finished && p.start(),
        () => {},
      ),
    PROGRESS_DELAY_MS,
  );
  return () => {
    finished = true;
    clearTimeout(timer);
    void bar.then(
      (p) => p.isStarted() && p.done(),
      () => {},
    );
  };
}
