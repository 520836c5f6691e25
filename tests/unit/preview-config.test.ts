import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";

/** Draft preview and webhook signing settings (decisions 0140, 0141). */

const contentful = { CONTENTFUL_SPACE_ID: "s", CONTENTFUL_ACCESS_TOKEN: "t" };
const secret = "a-preview-secret-long-enough";

describe("preview and webhook settings", () => {
  it("turns preview on with PREVIEW_SECRET, and for Contentful only with a preview token too", () => {
    expect(loadConfig({}).previewEnabled).toBe(false);
    expect(loadConfig({ PREVIEW_SECRET: secret }).previewEnabled).toBe(true);
    expect(loadConfig({ ...contentful, PREVIEW_SECRET: secret }).previewEnabled).toBe(false);
    expect(loadConfig({ ...contentful, PREVIEW_SECRET: secret, CONTENTFUL_PREVIEW_TOKEN: "p" }).previewEnabled).toBe(
      true,
    );
    expect(loadConfig({}).CONTENTFUL_PREVIEW_HOST).toBe("preview.contentful.com");
  });

  it("refuses a short preview secret or a signing secret that is not Contentful's 64 characters", () => {
    expect(() => loadConfig({ PREVIEW_SECRET: "short" })).toThrowError(/^Invalid environment variable PREVIEW_SECRET/);
    expect(() => loadConfig({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: "x".repeat(63) })).toThrowError(
      /CONTENTFUL_WEBHOOK_SIGNING_SECRET.*64/,
    );
    expect(
      loadConfig({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: "x".repeat(64) }).CONTENTFUL_WEBHOOK_SIGNING_SECRET,
    ).toHaveLength(64);
    expect(loadConfig({ PREVIEW_SECRET: "" }).previewEnabled).toBe(false);
  });
});
