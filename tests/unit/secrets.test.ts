import { describe, expect, it } from "vitest";
import { secretMatches } from "../../server/lib/secrets.ts";

describe("secretMatches", () => {
  it("compares secrets whatever their length, and never matches a missing or empty one", () => {
    expect(secretMatches("s3cret-value", "s3cret-value")).toBe(true);
    expect(secretMatches("s3cret-valuE", "s3cret-value")).toBe(false);
    expect(secretMatches("short", "s3cret-value")).toBe(false);
    expect(secretMatches("s3cret-value-and-more", "s3cret-value")).toBe(false);
    expect(secretMatches(undefined, "s3cret-value")).toBe(false);
    expect(secretMatches("anything", undefined)).toBe(false);
    expect(secretMatches("", "")).toBe(false);
  });
});
