/** The page has been quiet this long: no script, style or call finished in it. */
const QUIET_MS = 1000;
/** Whatever the network does, the work starts by then. */
const LATEST_MS = 10_000;
const CHECK_MS = 250;

let lastActivity = 0;
let observing = false;

function observe() {
  if (observing) return;
  observing = true;
  lastActivity = performance.now();
  if (typeof PerformanceObserver === 'undefined') return;
  try {
    // Buffered: what finished before this call counts as activity too.
    new PerformanceObserver(() => (lastActivity = performance.now())).observe({
      type: 'resource',
      buffered: true,
    });
  } catch {
    // No resource timing: the quiet is then measured from the first call.
  }
}

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 1000 }) : run();

/**
 * Runs `work` once the first screen is usable: the page loaded, then nothing fetched for a
 * second, then an idle moment (at the latest 10 s after the call). What a screen does not need
 * to be used (the OIDC library's renewal timers) starts here, so that its bytes come after the
 * screen's own (docs/decisions.md, "Home's first load under 200 KB").
 */
export function afterFirstScreen(work: () => void): void {
  observe();
  const started = performance.now();
  const check = () => {
    const now = performance.now();
    const quiet = document.readyState === 'complete' && now - lastActivity >= QUIET_MS;
    if (quiet || now - started >= LATEST_MS) whenIdle(work);
    else setTimeout(check, CHECK_MS);
  };
  setTimeout(check, CHECK_MS);
}
