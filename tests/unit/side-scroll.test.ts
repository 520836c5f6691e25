import { describe, expect, it } from "vitest";
import {
  initialSideScrollState,
  type SideScrollGeometry,
  type SideScrollState,
  sideScrollStep,
  wheelDeltaInPixels,
} from "../../src/lib/side-scroll.ts";

const atTop: SideScrollGeometry = { sectionTop: 0, sectionBottom: 900, viewportHeight: 900, maxOffset: 1000 };
const wheel = (deltaY: number, geometry: Partial<SideScrollGeometry> = {}) =>
  ({ type: "wheel", deltaY, ...atTop, ...geometry }) as const;

function run(state: SideScrollState, ...deltas: number[]): SideScrollState {
  return deltas.reduce((current, deltaY) => sideScrollStep(current, wheel(deltaY)).state, state);
}

describe("side-scroll story", () => {
  it("stays on top, letting the page scroll, while the section is below the viewport's top", () => {
    const step = sideScrollStep(initialSideScrollState, wheel(100, { sectionTop: 400, sectionBottom: 1300 }));
    expect(step).toEqual({ state: { mode: "top", offset: 0 }, lockPage: false, alignSection: false });
  });

  it("turns active when a downward wheel carries the section to the top, and aligns it there", () => {
    const step = sideScrollStep(initialSideScrollState, wheel(100, { sectionTop: 60, sectionBottom: 960 }));
    expect(step).toEqual({ state: { mode: "active", offset: 0 }, lockPage: true, alignSection: true });
  });

  it("does not activate on an upward wheel at the top", () => {
    const step = sideScrollStep(initialSideScrollState, wheel(-100));
    expect(step.state.mode).toBe("top");
    expect(step.lockPage).toBe(false);
  });

  it("does not activate once the section has left the viewport above", () => {
    const step = sideScrollStep(initialSideScrollState, wheel(100, { sectionTop: -950, sectionBottom: -50 }));
    expect(step.state.mode).toBe("top");
  });

  it("advances the offset by half of the wheel delta and locks the page while active", () => {
    const active = run(initialSideScrollState, 100);
    const step = sideScrollStep(active, wheel(200));
    expect(step).toEqual({ state: { mode: "active", offset: 100 }, lockPage: true, alignSection: false });
    expect(sideScrollStep(step.state, wheel(-60)).state).toEqual({ mode: "active", offset: 70 });
  });

  it("turns bottom when the offset reaches its end, then lets the page scroll on", () => {
    const active = run(initialSideScrollState, 100, 1800);
    expect(active).toEqual({ mode: "active", offset: 900 });
    const end = sideScrollStep(active, wheel(400));
    expect(end).toEqual({ state: { mode: "bottom", offset: 1000 }, lockPage: true, alignSection: false });
    const after = sideScrollStep(end.state, wheel(100));
    expect(after).toEqual({ state: { mode: "bottom", offset: 1000 }, lockPage: false, alignSection: false });
  });

  it("turns top again when the visitor scrolls up at offset zero", () => {
    const active = run(initialSideScrollState, 100, 200, -200);
    expect(active).toEqual({ mode: "active", offset: 0 });
    const step = sideScrollStep(active, wheel(-100));
    expect(step).toEqual({ state: { mode: "top", offset: 0 }, lockPage: false, alignSection: false });
  });

  it("turns active again from the bottom when the visitor scrolls back up to the section", () => {
    const bottom: SideScrollState = { mode: "bottom", offset: 1000 };
    expect(sideScrollStep(bottom, wheel(-100, { sectionTop: -500, sectionBottom: 400 })).state.mode).toBe("bottom");
    const step = sideScrollStep(bottom, wheel(-100, { sectionTop: -80, sectionBottom: 820 }));
    expect(step).toEqual({ state: { mode: "active", offset: 1000 }, lockPage: true, alignSection: true });
    expect(sideScrollStep(step.state, wheel(-100)).state).toEqual({ mode: "active", offset: 950 });
  });

  it("never activates when everything fits without moving sideways", () => {
    const step = sideScrollStep(initialSideScrollState, wheel(100, { maxOffset: 0 }));
    expect(step.state.mode).toBe("top");
    expect(step.lockPage).toBe(false);
  });

  it("follows the strip when it moves by itself, and ends the story when that reaches the end", () => {
    const moved = sideScrollStep(initialSideScrollState, { type: "stripScrolled", offset: 300, maxOffset: 1000 });
    expect(moved.state).toEqual({ mode: "top", offset: 300 });
    const active: SideScrollState = { mode: "active", offset: 300 };
    const end = sideScrollStep(active, { type: "stripScrolled", offset: 1000, maxOffset: 1000 });
    expect(end.state).toEqual({ mode: "bottom", offset: 1000 });
  });

  it("releases the page when it moves some other way while active", () => {
    const active: SideScrollState = { mode: "active", offset: 300 };
    expect(sideScrollStep(active, { type: "pageScrolled", sectionTop: 0.4 }).state.mode).toBe("active");
    expect(sideScrollStep(active, { type: "pageScrolled", sectionTop: 300 }).state.mode).toBe("top");
    expect(sideScrollStep(active, { type: "pageScrolled", sectionTop: -300 }).state.mode).toBe("bottom");
  });

  it("reads wheel deltas given in lines or pages as pixels", () => {
    expect(wheelDeltaInPixels(3, 1, 800)).toBe(48);
    expect(wheelDeltaInPixels(1, 2, 800)).toBe(800);
    expect(wheelDeltaInPixels(120, 0, 800)).toBe(120);
  });
});
