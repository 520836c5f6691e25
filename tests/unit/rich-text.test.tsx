import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RichText } from "../../src/content/rich-text.tsx";
import { doc, embeddedImage, heading, hyperlink, list, paragraph, quote } from "../support/rich-text.ts";

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
