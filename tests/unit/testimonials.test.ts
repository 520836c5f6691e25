import { describe, expect, it } from "vitest";
import {
  canGoBack,
  canGoForward,
  initialTestimonialState,
  type TestimonialAction,
  testimonialReducer,
} from "../../src/lib/testimonials.ts";

const apply = (count: number, device: "desktop" | "touch", ...actions: TestimonialAction["type"][]) =>
  actions.reduce(
    (state, type) => testimonialReducer(state, type === "reset" ? { type, device } : ({ type } as TestimonialAction)),
    initialTestimonialState(count, device),
  );

describe("testimonial viewer", () => {
  it("starts on the last of seven on desktop, heading back", () => {
    expect(initialTestimonialState(7)).toEqual({ count: 7, index: 6, direction: "back" });
  });

  it("steps by one per click and flips direction at either end", () => {
    let state = initialTestimonialState(7);
    const visited: number[] = [];
    for (let click = 0; click < 14; click++) {
      state = testimonialReducer(state, { type: "step" });
      visited.push(state.index);
    }
    expect(visited).toEqual([5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 5, 4]);
  });

  it("shows the direction of the next click: forward once the first is reached, back at the last", () => {
    expect(apply(3, "desktop", "step").direction).toBe("back");
    expect(apply(3, "desktop", "step", "step").direction).toBe("forward");
    expect(apply(3, "desktop", "step", "step", "step", "step").direction).toBe("back");
  });

  it("starts on the first on touch devices, with back disabled and forward enabled", () => {
    const state = initialTestimonialState(7, "touch");
    expect(state.index).toBe(0);
    expect(canGoBack(state)).toBe(false);
    expect(canGoForward(state)).toBe(true);
  });

  it("moves one per button press and disables forward on the last", () => {
    const last = apply(7, "touch", "forward", "forward", "forward", "forward", "forward", "forward");
    expect(last.index).toBe(6);
    expect(canGoForward(last)).toBe(false);
    expect(canGoBack(last)).toBe(true);
    expect(testimonialReducer(last, { type: "forward" })).toBe(last);
    expect(testimonialReducer(last, { type: "back" }).index).toBe(5);
  });

  it("ignores back on the first", () => {
    const first = initialTestimonialState(7, "touch");
    expect(testimonialReducer(first, { type: "back" })).toBe(first);
  });

  it("starts again for the device it finds itself on", () => {
    expect(apply(7, "desktop", "reset").index).toBe(6);
    expect(testimonialReducer(initialTestimonialState(7), { type: "reset", device: "touch" }).index).toBe(0);
  });

  it("starts from the testimonial the strip showed before the script took over", () => {
    expect(initialTestimonialState(7, "touch", 1)).toEqual({ count: 7, index: 1, direction: "forward" });
    expect(initialTestimonialState(7, "desktop", 5)).toEqual({ count: 7, index: 5, direction: "back" });
    expect(initialTestimonialState(7, "desktop", 0)).toEqual({ count: 7, index: 0, direction: "forward" });
    expect(initialTestimonialState(7, "touch", 6).direction).toBe("back");
    expect(initialTestimonialState(7, "touch", 12).index).toBe(6);
    expect(testimonialReducer(initialTestimonialState(7), { type: "reset", device: "touch", index: 3 }).index).toBe(3);
  });

  it("stays put with a single testimonial", () => {
    const one = initialTestimonialState(1);
    expect(testimonialReducer(one, { type: "step" })).toEqual(one);
  });
});
