// When deferred code runs: once the browser is idle, or once a section comes near the screen.

/** Runs `task` when the browser is idle (a moment later where it cannot say); returns what cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** Half a screen ahead, so the code is there before the section scrolls into view. */
const nearScreen = "50% 0px";
const touches = ["pointerenter", "pointerdown", "focusin"] as const;

/**
 * Runs `task` once, when `watched` comes within half a screen or the visitor points at or focuses `section`
 * (at once where IntersectionObserver is missing); returns what cancels it.
 */
export function whenNearOrTouched(section: HTMLElement, task: () => void, watched: Element = section): () => void {
  if (!("IntersectionObserver" in window)) {
    task();
    return () => {};
  }
  const listening = new AbortController();
  const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && run(), {
    rootMargin: nearScreen,
  });
  function cancel() {
    observer.disconnect();
    listening.abort();
  }
  function run() {
    if (listening.signal.aborted) return;
    cancel();
    task();
  }
  observer.observe(watched);
  for (const touch of touches) section.addEventListener(touch, run, { passive: true, signal: listening.signal });
  return cancel;
}
