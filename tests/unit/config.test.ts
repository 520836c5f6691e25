import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

describe("loadConfig", () => {
  it("runs with no environment at all, on the embedded defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.CONTENT_SOURCE).toBe("local");
    expect(config.CONTACT_RATE_LIMIT).toBe(5);
    expect(config.CONTENT_RATE_LIMIT).toBe(300);
    expect(config.FORM_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("names the variable and the problem in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrowError(/^Invalid environment variable PORT \("eighty"\): /);
    expect(() => loadConfig({ SMTP_URL: "http://mail" })).toThrowError(/SMTP_URL/);
  });

  it("chooses Contentful when its credentials are set, and refuses it without them", () => {
    expect(loadConfig({ CONTENTFUL_SPACE_ID: "s", CONTENTFUL_ACCESS_TOKEN: "t" }).CONTENT_SOURCE).toBe("contentful");
    expect(() => loadConfig({ CONTENT_SOURCE: "contentful" })).toThrowError(/CONTENT_SOURCE/);
  });

  it("reads TRUST_PROXY as a boolean, a hop count or a list", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
  });
});
