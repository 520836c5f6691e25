import * as livePreview from "@contentful/live-preview";
import { describe, expect, it } from "vitest";
import { inspectorAttributes } from "../../src/preview/inspector.tsx";
import { editedFields, mapLinks, removeLink } from "../../src/shared/content/links.ts";

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

/** Live preview: an edit from Contentful's web app made into page fields. */
describe("edited fields", () => {
  const file = (name: string) => ({
    url: `/content/images/${name}.webp`,
    fileName: `${name}.webp`,
    contentType: "image/webp",
  });
  const shown = { sys: { id: "shown" }, fields: { title: "Shown", file: file("shown") } };

  it("trims an asset sent whole, keeps the page's own, resolves a link to one the page shows, drops the rest", () => {
    const edited = {
      title: "Edited",
      hero: {
        sys: { id: "new", type: "Asset", revision: 3 },
        fields: { title: "New", description: "d", file: file("new"), extra: 1 },
      },
      gallery: [
        shown,
        { sys: { type: "Link", linkType: "Asset", id: "shown" } },
        { sys: { type: "Link", linkType: "Asset", id: "unknown" } },
      ],
      body: {
        nodeType: "document",
        data: {},
        content: [
          {
            nodeType: "embedded-asset-block",
            data: { target: { sys: { type: "Link", linkType: "Asset", id: "uploading" } } },
            content: [],
          },
        ],
      },
    };
    expect(editedFields(edited, [{ gallery: [shown] }, undefined])).toEqual({
      title: "Edited",
      hero: { sys: { id: "new" }, fields: { title: "New", description: "d", file: file("new") } },
      gallery: [shown, shown],
      body: { nodeType: "document", data: {}, content: [] },
    });
    expect(editedFields(null, {})).toEqual({});
  });

  it("tags elements with the live preview SDK's own attribute names", () => {
    // A const enum in the SDK's types: read as the object its code exports.
    const sdk = livePreview as unknown as { InspectorModeDataAttributes: Record<string, string> };
    expect(inspectorAttributes.entryId).toBe(sdk.InspectorModeDataAttributes.ENTRY_ID);
    expect(inspectorAttributes.fieldId).toBe(sdk.InspectorModeDataAttributes.FIELD_ID);
  });
});
