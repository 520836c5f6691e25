import { describe, expect, it } from "vitest";
import { nearestSnap, restingSnap, snapPositions } from "../../src/lib/scroll-snap.ts";

describe("scroll-snap strip positions", () => {
  it("clamps each slide's start to what the strip can scroll", () => {
    expect(snapPositions([0, 313, 627, 940, 1253], 1200)).toEqual([0, 313, 627, 940, 1200]);
    expect(snapPositions([0, 100], -5)).toEqual([0, 0]);
  });

  it("names the slide the strip rests on, within two pixels", () => {
    const positions = [0, 390, 780, 1170];
    expect(restingSnap(0, positions)).toBe(0);
    expect(restingSnap(781.5, positions)).toBe(2);
    expect(restingSnap(1170, positions)).toBe(3);
  });

  it("names none while the strip is between two slides", () => {
    expect(restingSnap(200, [0, 390, 780])).toBeUndefined();
  });

  it("takes the nearest, the first of equals", () => {
    expect(nearestSnap(250, [0, 390, 780])).toBe(1);
    expect(nearestSnap(1200, [0, 600, 1200, 1200])).toBe(2);
    expect(nearestSnap(0, [])).toBe(0);
  });
});
