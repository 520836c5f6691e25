import { describe, expect, it } from "vitest";
import { mapLinks, removeLink } from "../../server/content/links.ts";

describe("link resolution", () => {
  it("drops a rich-text block whose asset cannot be resolved, and unresolved links from lists", () => {
    const link = (id: string) => ({ sys: { type: "Link", linkType: "Asset", id } });
    const fields = {
      gallery: [link("known"), link("gone")],
      body: {
        nodeType: "document",
        data: {},
        content: [
          { nodeType: "paragraph", data: {}, content: [] },
          { nodeType: "embedded-asset-block", data: { target: link("gone") }, content: [] },
          { nodeType: "embedded-asset-block", data: { target: link("known") }, content: [] },
        ],
      },
    };
    const resolved = mapLinks(fields, (linked) =>
      linked.sys.id === "known" ? { target: { sys: { id: "known" } } } : removeLink,
    );
    expect(resolved).toEqual({
      gallery: [{ sys: { id: "known" } }],
      body: {
        nodeType: "document",
        data: {},
        content: [
          { nodeType: "paragraph", data: {}, content: [] },
          { nodeType: "embedded-asset-block", data: { target: { sys: { id: "known" } } }, content: [] },
        ],
      },
    });
  });
});
