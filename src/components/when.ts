// When deferred code runs: once the browser is idle, at its next frame, or as an element comes into view. The one
// module of src/ that asks the browser for these moments, so that every trigger the pages have is found here.

/** Runs `task` when the browser is idle (a moment later where it cannot say); returns what cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/** Runs `task` before the browser draws its next frame; returns what cancels it. */
export function nextFrame(task: () => void): () => void {
  const id = requestAnimationFrame(task);
  return () => cancelAnimationFrame(id);
}

/** What `watchVisibility` gives: elements are watched and let go one at a time, or all at once. */
export type VisibilityWatch = Pick<IntersectionObserver, "observe" | "unobserve" | "disconnect">;

/**
 * Tells `onChange` whenever an element it watches comes into or leaves the area `options` draws around the screen
 * (a margin, a share of the element seen). Undefined where the browser cannot tell (no IntersectionObserver): the
 * caller decides what the page does then.
 */
export function watchVisibility<E extends Element>(
  options: IntersectionObserverInit,
  onChange: (element: E, visible: boolean) => void,
): VisibilityWatch | undefined {
  if (!("IntersectionObserver" in window)) return;
  return new IntersectionObserver((entries) => {
    for (const entry of entries) onChange(entry.target as E, entry.isIntersecting);
  }, options);
}

/** Half a screen ahead, so the code is there before the section scrolls into view. */
const nearScreen = "50% 0px";
const touches = ["pointerenter", "pointerdown", "focusin"] as const;

/**
 * Runs `task` once, when `watched` comes within half a screen or the visitor points at or focuses `section`
 * (at once where the browser cannot tell what is near the screen); returns what cancels it.
 */
export function whenNearOrTouched(section: HTMLElement, task: () => void, watched: Element = section): () => void {
  const listening = new AbortController();
  const near = watchVisibility({ rootMargin: nearScreen }, (_, visible) => visible && run());
  const cancel = () => {
    near?.disconnect();
    listening.abort();
  };
  const run = () => {
    if (listening.signal.aborted) return;
    cancel();
    task();
  };
  if (!near) run();
  near?.observe(watched);
  for (const touch of touches) section.addEventListener(touch, run, { passive: true, signal: listening.signal });
  return cancel;
}
