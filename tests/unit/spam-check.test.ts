import { describe, expect, it } from "vitest";
import { createSpamCheck } from "../../server/enquiries/spam-check.ts";

const secret = "unit-test-secret-0123456789";

describe("the spam question", () => {
  it("asks two whole numbers from 0 to 10", () => {
    const spam = createSpamCheck({ secret });
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const { a, b } = spam.issue();
      for (const n of [a, b]) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(10);
        seen.add(n);
      }
    }
    expect(seen.size).toBe(11);
  });

  it("accepts the right sum from every visitor shown the same stored question, and refuses a wrong one each time", () => {
    const spam = createSpamCheck({ secret });
    const question = spam.issue();
    expect(spam.check(question.token, String(question.a + question.b + 1))).toBe("wrong");
    expect(spam.check(question.token, String(question.a + question.b))).toBe("right");
    expect(spam.check(question.token, ` ${question.a + question.b} `)).toBe("right");
    expect(spam.check(question.token, String(question.a + question.b + 2))).toBe("wrong");
  });

  it("refuses tokens that were altered, signed with another secret, or missing", () => {
    const spam = createSpamCheck({ secret });
    const { a, b, token } = spam.issue();
    const [, , ...rest] = token.split(".");
    const easier = ["0", "0", ...rest].join(".");
    expect(spam.check(easier, "0")).toBe("invalid");
    const other = createSpamCheck({ secret: "another-secret-0123456789" }).issue();
    expect(spam.check(other.token, String(other.a + other.b))).toBe("invalid");
    expect(spam.check(undefined, String(a + b))).toBe("invalid");
    expect(spam.check(`${token}x`, String(a + b))).toBe("invalid");
  });

  it("expires questions", () => {
    let now = 1_000_000;
    const spam = createSpamCheck({ secret, ttlMs: 60_000, now: () => now });
    const question = spam.issue();
    now += 60_000;
    expect(spam.check(question.token, String(question.a + question.b))).toBe("expired");
  });

  it("refuses answers that are not whole numbers", () => {
    const spam = createSpamCheck({ secret });
    for (const answer of ["", "ten", "1e1", "-0", undefined, {}]) {
      const question = spam.issue();
      expect(spam.check(question.token, answer)).toBe("wrong");
    }
  });
});
