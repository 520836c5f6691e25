import request from "supertest";
import { describe, expect, it } from "vitest";
import { consentCookieName } from "../../src/shared/consent.ts";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("analytics in the Content-Security-Policy", () => {
  const scriptSrc = (res: request.Response) =>
    (res.headers["content-security-policy"] as string).split(";").find((d) => d.startsWith("script-src ")) ?? "";

  it("never allows the analytics host when ANALYTICS_ID is unset", async () => {
    const { app } = await buildTestApp();
    const res = await request(app).get("/about").set("User-Agent", googlebot);
    expect(scriptSrc(res)).not.toContain("plausible.io");
    expect(res.text).not.toContain("plausible.io/js");
  });

  it("allows it when set, until the visitor refuses", async () => {
    const { app } = await buildTestApp({ env: { ANALYTICS_ID: "gritstone.studio" } });
    const fresh = await request(app).get("/about").set("User-Agent", googlebot);
    expect(scriptSrc(fresh)).toContain("https://plausible.io");
    expect(fresh.headers["content-security-policy"]).toMatch(/connect-src 'self' https:\/\/plausible\.io/);
    // The script itself is only ever added in the browser, after consent.
    expect(fresh.text).not.toContain("plausible.io/js");
    const refused = await request(app)
      .get("/about")
      .set("User-Agent", googlebot)
      .set("Cookie", `${consentCookieName}=denied`);
    expect(scriptSrc(refused)).not.toContain("plausible.io");
    expect(refused.headers["content-security-policy"]).toMatch(/connect-src 'self';/);
  });
});
