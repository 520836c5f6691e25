import { describe, expect, it } from "vitest";
import { retryDelay } from "../../server/enquiries/delivery.ts";

describe("the retry delay", () => {
  const backoff = { baseMs: 1000, maxMs: 60_000 };

  it("doubles with each failure, between half and all of the step", () => {
    expect(retryDelay(1, backoff, () => 0)).toBe(500);
    expect(retryDelay(1, backoff, () => 1)).toBe(1000);
    expect(retryDelay(3, backoff, () => 0)).toBe(2000);
    expect(retryDelay(3, backoff, () => 1)).toBe(4000);
  });

  it("never waits longer than the cap", () => {
    expect(retryDelay(30, backoff, () => 1)).toBe(60_000);
    expect(retryDelay(30, backoff, () => 0)).toBe(30_000);
  });
});
