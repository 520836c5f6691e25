import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { contentsOf, headingIds, paragraphWordCount, slugify } from "../../src/content/outline.ts";
import { RichText } from "../../src/content/rich-text.tsx";
import { readTimeLabel, readTimeMinutes } from "../../src/lib/read-time.ts";
import { doc, embeddedImage, heading, hyperlink, list, paragraph, quote, words } from "../support/rich-text.ts";

describe("read time (R9: paragraph words / 100, rounded)", () => {
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

function render(document: ReturnType<typeof doc>) {
  const router = createMemoryRouter([{ path: "/", element: <RichText document={document} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("RichText", () => {
  it("renders headings with their ids, and h1 as a section heading", () => {
    const html = render(doc(heading(1, "Big idea"), heading(2, "Why it matters"), heading(3, "Small print")));
    expect(html).toContain('<h2 id="big-idea">Big idea</h2>');
    expect(html).toContain('<h2 id="why-it-matters">Why it matters</h2>');
    expect(html).toContain('<h3 id="small-print">Small print</h3>');
  });

  it("opens external links in a new tab without handing over the page; site links stay in place", () => {
    const html = render(
      doc(
        paragraph(
          hyperlink("https://example.org/", "elsewhere"),
          " and ",
          hyperlink("/service/branding", "branding"),
          " and ",
          hyperlink("mailto:hello@example.org", "mail"),
        ),
      ),
    );
    expect(html).toMatch(
      /<a href="https:\/\/example.org\/" target="_blank" rel="noopener noreferrer">elsewhere<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(html).toContain('<a href="/service/branding" data-discover="true">branding</a>');
    expect(html).toContain('<a href="mailto:hello@example.org">mail</a>');
  });

  it("renders lists, quotes and embedded images with their size and description", () => {
    const html = render(doc(list("one", "two"), quote("Wow."), embeddedImage("a1", "/content/a1.webp", "A poster")));
    expect(html).toContain("<ul><li><p>one</p></li><li><p>two</p></li></ul>");
    expect(html).toContain("<blockquote><p>Wow.</p></blockquote>");
    expect(html).toMatch(/<figure[^>]*><img src="\/content\/a1.webp" width="1200" height="800" alt="A poster"/);
  });
});
