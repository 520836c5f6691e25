// The testimonial viewer: the direction flips at either end, and on desktop it starts on the last item so its
// first click goes back.
type Direction = "back" | "forward";

export interface TestimonialState {
  count: number;
  index: number;
  /** Where a desktop click goes next; the cursor shows it. */
  direction: Direction;
}

export type TestimonialAction =
  | { type: "step" }
  | { type: "back" }
  | { type: "forward" }
  /** `index`: the testimonial the visitor reached in the server's strip before the script took over. */
  | { type: "reset"; device: "desktop" | "touch"; index?: number };

export function initialTestimonialState(
  count: number,
  device: "desktop" | "touch" = "desktop",
  at?: number,
): TestimonialState {
  const first = device === "desktop" ? Math.max(count - 1, 0) : 0;
  const index = at === undefined ? first : Math.min(Math.max(Math.round(at), 0), Math.max(count - 1, 0));
  return { count, index, direction: directionAt(index, count, device === "desktop" ? "back" : "forward") };
}

export function canGoBack(state: TestimonialState): boolean {
  return state.index > 0;
}

export function canGoForward(state: TestimonialState): boolean {
  return state.index < state.count - 1;
}

export function testimonialReducer(state: TestimonialState, action: TestimonialAction): TestimonialState {
  switch (action.type) {
    case "reset":
      return initialTestimonialState(state.count, action.device, action.index);
    case "step":
      return moveTo(state, state.index + (state.direction === "back" ? -1 : 1));
    case "back":
      return canGoBack(state) ? moveTo(state, state.index - 1) : state;
    case "forward":
      return canGoForward(state) ? moveTo(state, state.index + 1) : state;
  }
}

function moveTo(state: TestimonialState, index: number): TestimonialState {
  if (state.count < 2) return state;
  const clamped = Math.min(Math.max(index, 0), state.count - 1);
  return { ...state, index: clamped, direction: directionAt(clamped, state.count, state.direction) };
}

function directionAt(index: number, count: number, current: Direction): Direction {
  if (count < 2) return current;
  if (index === 0) return "forward";
  if (index === count - 1) return "back";
  return current;
}
