import { describe, expect, it } from "vitest";
import { formatDate } from "../../src/lib/dates.ts";

describe("formatDate", () => {
  it("shows day, full month name and year", () => {
    expect(formatDate("2026-10-04")).toBe("4 October 2026");
    expect(formatDate("2025-01-31T23:30:00Z")).toBe("31 January 2025");
  });
  it("reads as Intl's en-GB long date on every month, at the edges of a UTC day", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      for (const iso of [new Date(Date.UTC(2027, month, 1)), new Date(Date.UTC(2027, month + 1, 0, 23, 59))]) {
        expect(formatDate(iso.toISOString())).toBe(intl.format(iso));
      }
    }
  });
  it("shows nothing for a date it cannot read", () => {
    expect(formatDate("not a date")).toBe("");
  });
});
