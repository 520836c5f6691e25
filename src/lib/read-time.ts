import type { Document } from "@contentful/rich-text-types";
import { paragraphWordCount } from "../content/outline.ts";

/** R9.2: words per minute behind the estimate (word count of the paragraph nodes / 100, rounded). */
export const wordsPerMinute = 100;

/** The estimate in whole minutes, exactly as R9.2 computes it (may be 0 for a very short article). */
export function readTimeMinutes(documents: Array<Document | undefined>): number {
  return Math.round(paragraphWordCount(documents) / wordsPerMinute);
}

/** What the article shows: "4 min read"; an estimate of 0 shows "1 min read" (docs/decisions/0071). */
export function readTimeLabel(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}
