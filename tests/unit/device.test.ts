import { describe, expect, it } from "vitest";
import { detectTouch } from "../../src/lib/device.ts";

const fakeWindow = (props: Record<string, unknown>, maxTouchPoints: number) =>
  ({ ...props, navigator: { maxTouchPoints } }) as unknown as Window;

describe("detectTouch", () => {
  it("is a touch device with the ontouchstart event or any touch points", () => {
    expect(detectTouch(fakeWindow({ ontouchstart: null }, 0))).toBe(true);
    expect(detectTouch(fakeWindow({}, 5))).toBe(true);
    expect(detectTouch(fakeWindow({}, 0))).toBe(false);
  });
});
