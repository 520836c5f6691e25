import { describe, expect, it } from "vitest";
import { contentsOf, headingIds, slugify } from "../../src/shared/content/outline.ts";
import { doc, heading, paragraph } from "../support/rich-text.ts";

describe("heading ids and the contents list", () => {
  it("slugs heading text into URL fragments", () => {
    expect(slugify("Why it works (mostly)")).toBe("why-it-works-mostly");
    expect(slugify("  Café & Crème brûlée! ")).toBe("cafe-and-creme-brulee");
    expect(slugify("???")).toBe("");
  });

  it("lists each h2 of intro and body in order, with unique ids shared by the rendered headings", () => {
    const intro = doc(paragraph("Hello"), heading(2, "Start here"));
    const body = doc(heading(2, "The brief"), heading(3, "A detail"), heading(2, "The brief"), heading(2, "Main"));
    const ids = headingIds([intro, body]);
    expect(contentsOf([intro, body], ids)).toEqual([
      { id: "start-here", title: "Start here" },
      { id: "the-brief", title: "The brief" },
      { id: "the-brief-2", title: "The brief" },
      // "main" is the skip link's target, so a heading called Main gets the next free id.
      { id: "main-2", title: "Main" },
    ]);
  });

  it("gives a heading with no letters a usable id", () => {
    expect(contentsOf([doc(heading(2, "!!!"))])).toEqual([{ id: "section", title: "!!!" }]);
  });
});
