import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

// Hashing both sides first gives equal lengths whatever was sent, so the time taken says nothing of how much was right.
export function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
