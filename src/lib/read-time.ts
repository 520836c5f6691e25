import type { Document } from "@contentful/rich-text-types";
import { paragraphWordCount } from "../shared/content/outline.ts";

/** Words per minute behind the estimate (word count of the paragraph nodes / 100, rounded). */
const wordsPerMinute = 100;

export function readTimeMinutes(documents: Array<Document | undefined>): number {
  return Math.round(paragraphWordCount(documents) / wordsPerMinute);
}

/** An estimate of 0 still shows "1 min read". */
export function readTimeLabel(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}
