import { createHmac, randomBytes, randomInt } from "node:crypto";
import { isAnswerShaped, type SpamChallenge } from "../../src/shared/enquiry-api.ts";
import { type Claims, memoryClaims } from "../lib/claims.ts";
import { secretMatches } from "../lib/secrets.ts";

export interface SpamCheckOptions {
  secret: string;
  /** How long a question stays answerable; a visitor may take a while over the brief. */
  ttlMs?: number;
  /** Where answered questions are remembered: shared by every instance with Redis. */
  answered?: Claims;
  now?: () => number;
}

export type SpamVerdict = "right" | "wrong" | "expired" | "invalid";

const defaultTtlMs = 6 * 60 * 60_000;

// The token is signed with FORM_SECRET, so any instance can check it, and nothing is stored to issue one. A question
// answers once: its nonce is remembered until the token expires, so a solved question is not a pass for a bot.
export function createSpamCheck({
  secret,
  ttlMs = defaultTtlMs,
  answered = memoryClaims(),
  now = Date.now,
}: SpamCheckOptions) {
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
    // This site never issues a question that lasts longer: one that does was not made here.
    if (Number(expires) > now() + ttlMs) return undefined;
    return { a: Number(a), b: Number(b), expiresAt: Number(expires), nonce };
  }

  const key = (nonce: string) => `spam-question:${nonce}`;

  return {
    issue,

    /** The answer against the question; nothing is used up. */
    check(token: unknown, answer: unknown): SpamVerdict {
      const challenge = read(token);
      if (!challenge) return "invalid";
      if (challenge.expiresAt <= now()) return "expired";
      const given = typeof answer === "string" ? answer.trim() : typeof answer === "number" ? String(answer) : "";
      return isAnswerShaped(given) && Number(given) === challenge.a + challenge.b ? "right" : "wrong";
    },

    /** Uses the question up until it expires: false if it already was (or is not one of ours). */
    async spend(token: unknown): Promise<boolean> {
      const challenge = read(token);
      if (!challenge) return false;
      return answered.claim(key(challenge.nonce), challenge.expiresAt - now());
    },

    /** A question used up by an enquiry that could not be kept: answerable again, so the visitor can retry. */
    async giveBack(token: unknown): Promise<void> {
      const challenge = read(token);
      if (challenge) await answered.release(key(challenge.nonce));
    },

    /** For the form to show the same question again. */
    challengeOf(token: unknown): SpamChallenge | undefined {
      const challenge = read(token);
      return challenge && typeof token === "string" ? { a: challenge.a, b: challenge.b, token } : undefined;
    },
  };
}

export type SpamCheck = ReturnType<typeof createSpamCheck>;
