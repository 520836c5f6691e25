import { describe, expect, it } from "vitest";
import { readTimeLabel, readTimeMinutes } from "../../src/lib/read-time.ts";
import { paragraphWordCount } from "../../src/shared/content/outline.ts";
import { doc, heading, list, quote, words } from "../support/rich-text.ts";

describe("read time (paragraph words / 100, rounded)", () => {
  it("counts the words of every paragraph, including those in lists and quotes", () => {
    const article = doc(heading(2, "Not counted at all"), words(40), list("one two", "three"), quote("four five six"));
    expect(paragraphWordCount([article])).toBe(46);
  });

  it("adds the intro to the body and rounds to whole minutes", () => {
    expect(readTimeMinutes([doc(words(100)), doc(words(249))])).toBe(3);
    expect(readTimeMinutes([doc(words(100)), doc(words(250))])).toBe(4);
    expect(readTimeMinutes([doc(words(449))])).toBe(4);
  });

  it("shows at least one minute, even when the estimate rounds to nothing", () => {
    expect(readTimeMinutes([doc(words(40))])).toBe(0);
    expect(readTimeLabel(0)).toBe("1 min read");
    expect(readTimeLabel(7)).toBe("7 min read");
  });

  it("copes with a missing document", () => {
    expect(readTimeMinutes([undefined, doc(words(150))])).toBe(2);
  });
});
