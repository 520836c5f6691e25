/** A touch device, as the spec says, is one with the ontouchstart event or any touch points. */
export function detectTouch(win: Window): boolean {
  return "ontouchstart" in win || win.navigator.maxTouchPoints > 0;
}

// The same as CSS sees it, for a stylesheet that must decide before any script runs (the testimonials' first slide); the
// script that takes over asks the same query, so the two never disagree.
const touchMedia = "(any-pointer: coarse)";

export function matchesTouchMedia(win: Window): boolean {
  return typeof win.matchMedia === "function" ? win.matchMedia(touchMedia).matches : detectTouch(win);
}
