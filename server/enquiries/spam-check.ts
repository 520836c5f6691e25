import { createHmac, randomBytes, randomInt } from "node:crypto";
import { isAnswerShaped, type SpamChallenge } from "../../src/lib/enquiry-desk.ts";
import { secretMatches } from "../lib/secrets.ts";

export interface SpamCheckOptions {
  secret: string;
  /** How long a question stays answerable; a visitor may take a while over the brief. */
  ttlMs?: number;
  now?: () => number;
}

export type SpamVerdict = "right" | "wrong" | "expired" | "invalid";

const defaultTtlMs = 6 * 60 * 60_000;

/**
 * The spam question (R5.2): two whole numbers from 0 to 10, made and checked on the server. The token
 * carries the numbers, an expiry and a nonce, signed with FORM_SECRET, so any instance sharing the secret can
 * check it without storing anything. A question is not used up by an answer: the stored contact page shows each
 * of its few questions to many visitors (decision 0206), and guessing is bounded by the contact rate limit.
 */
export function createSpamCheck({ secret, ttlMs = defaultTtlMs, now = Date.now }: SpamCheckOptions) {
  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

  function issue(): SpamChallenge {
    const a = randomInt(0, 11);
    const b = randomInt(0, 11);
    const payload = `${a}.${b}.${now() + ttlMs}.${randomBytes(9).toString("base64url")}`;
    return { a, b, token: `${payload}.${sign(payload)}` };
  }

  function read(token: unknown) {
    if (typeof token !== "string" || token.length > 200) return undefined;
    const match = /^(\d{1,2})\.(\d{1,2})\.(\d{1,15})\.([\w-]{12})\.([\w-]{43})$/.exec(token);
    if (!match) return undefined;
    const [, a, b, expires, nonce, signature] = match as unknown as [string, string, string, string, string, string];
    if (!secretMatches(signature, sign(`${a}.${b}.${expires}.${nonce}`))) return undefined;
    return { a: Number(a), b: Number(b), expiresAt: Number(expires), nonce };
  }

  return {
    issue,

    /** Checks an answer to a question this site asked, within its time. */
    check(token: unknown, answer: unknown): SpamVerdict {
      const challenge = read(token);
      if (!challenge) return "invalid";
      if (challenge.expiresAt <= now()) return "expired";
      const given = typeof answer === "string" ? answer.trim() : typeof answer === "number" ? String(answer) : "";
      return isAnswerShaped(given) && Number(given) === challenge.a + challenge.b ? "right" : "wrong";
    },

    /** The question a token carries, for the form to show again. */
    challengeOf(token: unknown): SpamChallenge | undefined {
      const challenge = read(token);
      return challenge && typeof token === "string" ? { a: challenge.a, b: challenge.b, token } : undefined;
    },
  };
}

export type SpamCheck = ReturnType<typeof createSpamCheck>;
