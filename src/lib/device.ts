/** R4.9: a touch device is one with the ontouchstart event or any touch points. */
export function detectTouch(win: Window): boolean {
  return "ontouchstart" in win || win.navigator.maxTouchPoints > 0;
}
