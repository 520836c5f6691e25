import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSpamCheck } from "../../server/enquiries/spam-check.ts";
import { memoryClaims } from "../../server/lib/claims.ts";

const secret = "unit-test-secret-0123456789";

/** A token as the site would sign it, with whatever expiry: what someone holding the secret could mint. */
function minted(a: number, b: number, expiresAt: number) {
  const payload = `${a}.${b}.${expiresAt}.${"n".repeat(12)}`;
  return `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`;
}

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

  it("checks the sum, right or wrong, without using the question up", () => {
    const spam = createSpamCheck({ secret });
    const question = spam.issue();
    expect(spam.check(question.token, String(question.a + question.b + 1))).toBe("wrong");
    expect(spam.check(question.token, String(question.a + question.b))).toBe("right");
    expect(spam.check(question.token, ` ${question.a + question.b} `)).toBe("right");
  });

  it("is used up once, until it expires, and can be given back", async () => {
    let now = 1_000_000;
    const spam = createSpamCheck({ secret, ttlMs: 60_000, now: () => now });
    const question = spam.issue();
    expect(await spam.spend(question.token)).toBe(true);
    expect(await spam.spend(question.token)).toBe(false);
    await spam.giveBack(question.token);
    expect(await spam.spend(question.token)).toBe(true);
    // Another question is its own.
    expect(await spam.spend(spam.issue().token)).toBe(true);
    now += 60_000;
    expect(spam.check(question.token, String(question.a + question.b))).toBe("expired");
  });

  it("is used up for every instance sharing where answers are kept", async () => {
    const answered = memoryClaims();
    const first = createSpamCheck({ secret, answered });
    const second = createSpamCheck({ secret, answered });
    const { token } = first.issue();
    expect(await first.spend(token)).toBe(true);
    expect(await second.spend(token)).toBe(false);
  });

  it("refuses a token whose expiry is later than any question this site asks, as made elsewhere", async () => {
    const now = Date.UTC(2026, 10, 30);
    const spam = createSpamCheck({ secret, ttlMs: 60_000, now: () => now });
    // Signed with the secret, expiring in the year 33658.
    const forever = minted(3, 4, 999_999_999_999_999);
    expect(spam.check(forever, "7")).toBe("invalid");
    expect(await spam.spend(forever)).toBe(false);
    expect(spam.challengeOf(forever)).toBeUndefined();
    expect(spam.check(minted(3, 4, now + 60_001), "7")).toBe("invalid");
    expect(spam.check(minted(3, 4, now + 60_000), "7")).toBe("right");
  });

  it("refuses tokens that were altered, signed with another secret, or missing", () => {
    const spam = createSpamCheck({ secret });
    const { a, b, token } = spam.issue();
    const [, , ...rest] = token.split(".");
    // Other numbers than the ones asked (a question may be 0 + 0 itself), answered right for the numbers shown.
    const [c, d] = [(a + 1) % 11, (b + 1) % 11];
    const easier = [String(c), String(d), ...rest].join(".");
    expect(spam.check(easier, String(c + d))).toBe("invalid");
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

describe("claims kept in memory", () => {
  it("take a key once until it expires, and forget the oldest past their bound", async () => {
    const claims = memoryClaims(2);
    expect(await claims.claim("a", 60_000)).toBe(true);
    expect(await claims.claim("a", 60_000)).toBe(false);
    await claims.release("a");
    expect(await claims.claim("a", 60_000)).toBe(true);
    expect(await claims.claim("b", 60_000)).toBe(true);
    expect(await claims.claim("c", 60_000)).toBe(true);
    expect(await claims.claim("a", 60_000)).toBe(true);
  });
});
