import type { Document } from "@contentful/rich-text-types";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RichText } from "../../src/content/rich-text.tsx";
import { mapLinks, removeLink } from "../../src/shared/content/links.ts";
import { normaliseSpace, readPage } from "../support/page-text.ts";
import { nestedList, richTextDocument, textValues } from "../support/rich-text-arbitrary.ts";

/**
 * The rich-text renderer loses nothing an editor wrote: random documents of any depth (nested lists, marks,
 * links inside list items, tables, embedded assets and entries), their links resolved as the sources resolve
 * them, render every text in order, every list item, every table cell and every mark.
 */

const image = {
  sys: { id: "img" },
  fields: {
    title: "A picture",
    file: {
      url: "/content/images/picture.png",
      fileName: "picture.png",
      contentType: "image/png",
      details: { image: { width: 800, height: 600 } },
    },
  },
};

/** Links resolved the way the sources do: the asset exists, one entry exists, anything else is gone. */
function resolved(document: Document): Document {
  return mapLinks(document, (linked) => {
    if (linked.sys.id === "img") return { target: image };
    if (linked.sys.id === "post") return { entry: { id: "post", contentType: "blogPost", fields: { slug: "a" } } };
    return removeLink;
  }) as Document;
}

function render(document: Document): string {
  const router = createMemoryRouter([{ path: "/", element: <RichText document={document} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

function count(document: unknown, test: (node: { nodeType: string; marks?: { type: string }[] }) => boolean) {
  let found = 0;
  const visit = (node: { nodeType: string; content?: unknown[]; marks?: { type: string }[] }) => {
    if (test(node)) found += 1;
    for (const child of node.content ?? []) visit(child as typeof node);
  };
  visit(document as Parameters<typeof visit>[0]);
  return found;
}

const tags = (html: string, tag: string) => html.split(`<${tag}>`).length - 1 + (html.split(`<${tag} `).length - 1);

/** The texts appear in the rendered text in the same order (other text, such as link hints, may sit between). */
function expectInOrder(shown: string, texts: string[]) {
  let from = 0;
  for (const text of texts.map(normaliseSpace).filter(Boolean)) {
    const at = shown.indexOf(text, from);
    expect(at, `"${text}" after position ${from} of "${shown}"`).toBeGreaterThanOrEqual(0);
    from = at + text.length;
  }
}

const markTags = {
  bold: "strong",
  italic: "em",
  underline: "u",
  code: "code",
  superscript: "sup",
  subscript: "sub",
  strikethrough: "s",
};

/** Property tests run many cases; on a busy machine they need more than the default time. */
const propertyTimeout = 60_000;

describe("RichText renders every part of any document", () => {
  it(
    "every text in order, every list item, table row and cell, and every mark",
    () => {
      fc.assert(
        fc.property(richTextDocument({ entries: ["post", "gone"], assets: ["img", "gone"] }), (stored) => {
          const document = resolved(stored);
          const html = render(document);
          expectInOrder(readPage(html).text, textValues(document));
          expect(tags(html, "li")).toBe(count(document, (node) => node.nodeType === "list-item"));
          expect(tags(html, "ul") + tags(html, "ol")).toBe(count(document, (node) => node.nodeType.endsWith("-list")));
          expect(tags(html, "table")).toBe(count(document, (node) => node.nodeType === "table"));
          expect(tags(html, "tr")).toBe(count(document, (node) => node.nodeType === "table-row"));
          expect(tags(html, "td")).toBe(count(document, (node) => node.nodeType === "table-cell"));
          expect(tags(html, "th")).toBe(count(document, (node) => node.nodeType === "table-header-cell"));
          for (const [mark, tag] of Object.entries(markTags)) {
            const marked = count(document, (node) => node.marks?.some((each) => each.type === mark) ?? false);
            expect(tags(html, tag), mark).toBe(marked);
          }
        }),
        { numRuns: 100 },
      );
    },
    propertyTimeout,
  );

  it("a soft line break inside a text as a line break, the text either side kept", () => {
    const document = {
      nodeType: "document",
      data: {},
      content: [
        {
          nodeType: "paragraph",
          data: {},
          content: [{ nodeType: "text", value: "Gritstone\nDerby & Derbyshire", marks: [{ type: "bold" }], data: {} }],
        },
      ],
    } as Document;
    expect(render(document)).toContain("<p><strong>Gritstone<br/>Derby &amp; Derbyshire</strong></p>");
  });

  it("a list nested 100 levels deep, every level's text in order", () => {
    const document = nestedList(100);
    const html = render(document);
    expectInOrder(readPage(html).text, textValues(document));
    expect(tags(html, "li")).toBe(100);
  });
});
