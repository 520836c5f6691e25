import { describe, expect, it } from "vitest";
import { formatDate } from "../../src/lib/dates.ts";

describe("formatDate", () => {
  it("shows day, full month name and year", () => {
    expect(formatDate("2026-10-04")).toBe("4 October 2026");
    expect(formatDate("2025-01-31T23:30:00Z")).toBe("31 January 2025");
  });
  it("shows nothing for a date it cannot read", () => {
    expect(formatDate("not a date")).toBe("");
  });
});
