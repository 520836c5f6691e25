import { describe, expect, it } from "vitest";
import { shuffle } from "../../src/lib/shuffle.ts";

/** A tiny seeded generator so the order is repeatable. */
function seeded(seed: number) {
  let value = seed;
  return () => {
    value = (value * 16807) % 2147483647;
    return (value - 1) / 2147483646;
  };
}

describe("shuffle", () => {
  const logos = Array.from({ length: 28 }, (_, i) => `logo-${i}`);

  it("keeps every item exactly once and leaves the original alone", () => {
    const copy = [...logos];
    const shuffled = shuffle(logos, seeded(7));
    expect([...shuffled].sort()).toEqual([...logos].sort());
    expect(logos).toEqual(copy);
  });

  it("gives different orders for different random sequences", () => {
    expect(shuffle(logos, seeded(1))).not.toEqual(shuffle(logos, seeded(2)));
    expect(shuffle(logos, seeded(3))).toEqual(shuffle(logos, seeded(3)));
  });
});
