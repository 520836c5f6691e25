import { describe, expect, it } from "vitest";
import { parseContentfulHost } from "../../server/content/contentful-source.ts";

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
});
