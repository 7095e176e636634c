/**
 * Runs `run` once the page has loaded and the browser is then idle, `delayMs` later: work that must
 * never compete with what the current screen needs (prefetching the next screens, the toast area).
 * Returns how to cancel it.
 */
export function afterLoadWhenIdle(run: () => void, delayMs = 500): () => void {
  let cancelled = false;
  const timers: number[] = [];
  const go = () => {
    if (!cancelled) run();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => timers.push(window.setTimeout(go, delayMs)));
    } else {
      // Safari has no requestIdleCallback: wait a little longer instead.
      timers.push(window.setTimeout(go, delayMs + 500));
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    for (const timer of timers) window.clearTimeout(timer);
  };
}
