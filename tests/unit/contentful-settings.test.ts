import { describe, expect, it } from "vitest";
import { parseContentfulHost } from "../../server/content/contentful-source.ts";
import { secretMatches } from "../../server/content/routes.ts";

describe("Contentful settings", () => {
  it("reads CONTENTFUL_HOST as a host name, or a URL whose scheme says whether to use TLS", () => {
    expect(parseContentfulHost(undefined)).toEqual({ insecure: false });
    expect(parseContentfulHost("preview.contentful.com")).toEqual({ host: "preview.contentful.com", insecure: false });
    expect(parseContentfulHost("https://cdn.eu.contentful.com/")).toEqual({
      host: "cdn.eu.contentful.com",
      insecure: false,
    });
    expect(parseContentfulHost("http://127.0.0.1:8080")).toEqual({ host: "127.0.0.1:8080", insecure: true });
  });

  it("compares webhook secrets whatever their length", () => {
    expect(secretMatches("s3cret-value", "s3cret-value")).toBe(true);
    expect(secretMatches("s3cret-valuE", "s3cret-value")).toBe(false);
    expect(secretMatches("short", "s3cret-value")).toBe(false);
    expect(secretMatches(undefined, "s3cret-value")).toBe(false);
    expect(secretMatches("anything", undefined)).toBe(false);
    expect(secretMatches("", "")).toBe(false);
  });
});
