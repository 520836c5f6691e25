import { describe, expect, it } from "vitest";
import { historyKey, isArrivalEntry, isDocumentEntry, rememberDocumentEntry } from "../../src/lib/document-entry.ts";

describe("the history entry the document was loaded into", () => {
  it("reads React Router's key from a history entry's state, or its default", () => {
    expect(historyKey({ key: "abc123", idx: 0 })).toBe("abc123");
    expect(historyKey({ idx: 0 })).toBe("default");
    expect(historyKey(null)).toBe("default");
  });

  it("is the entry the client entry found, and only that one", () => {
    rememberDocumentEntry({ key: "first" }, "navigate");
    expect(isDocumentEntry("first")).toBe(true);
    expect(isArrivalEntry("first")).toBe(true);
    expect(isDocumentEntry("later")).toBe(false);
    expect(isArrivalEntry("later")).toBe(false);
  });

  it("is no arrival when the document was reloaded or came back through the history", () => {
    rememberDocumentEntry({ key: "first" }, "reload");
    expect(isDocumentEntry("first")).toBe(true);
    expect(isArrivalEntry("first")).toBe(false);
    rememberDocumentEntry(null, "back_forward");
    expect(isArrivalEntry("default")).toBe(false);
  });
});
