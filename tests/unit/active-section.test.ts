import { describe, expect, it } from "vitest";
import { activeSection } from "../../src/lib/active-section.ts";

describe("the contents sidebar's section in view", () => {
  const headings = (...tops: number[]) => tops.map((top, i) => ({ id: `s${i + 1}`, top }));

  it("is none before the first heading reaches the reading line", () => {
    expect(activeSection(headings(400, 900, 1600), 300)).toBeUndefined();
  });

  it("is the last heading that has passed the reading line", () => {
    expect(activeSection(headings(120, 900, 1600), 300)).toBe("s1");
    expect(activeSection(headings(-800, 250, 1000), 300)).toBe("s2");
    expect(activeSection(headings(-2000, -1200, -10), 300)).toBe("s3");
  });
});
