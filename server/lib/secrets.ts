import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a secret someone sent is the expected one (a webhook secret, the preview password, the metrics token,
 * a signature), in constant time: hashing both sides first gives equal lengths whatever was sent, so the time
 * taken says nothing about how much of it was right. A missing or empty side never matches.
 */
export function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
