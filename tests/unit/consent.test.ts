import { describe, expect, it } from "vitest";
import { analyticsMayLoad, consentCookie, consentCookieName, readConsent } from "../../src/shared/consent.ts";

describe("analytics consent", () => {
  it("reads the visitor's choice from the cookie header, and nothing else", () => {
    expect(readConsent(undefined)).toBeUndefined();
    expect(readConsent("theme=dark")).toBeUndefined();
    expect(readConsent(`theme=dark; ${consentCookieName}=granted`)).toBe("granted");
    expect(readConsent(`${consentCookieName}=denied`)).toBe("denied");
    expect(readConsent(`${consentCookieName}=maybe`)).toBeUndefined();
  });

  it("writes a first-party cookie for six months, Secure on HTTPS", () => {
    expect(consentCookie("granted", false)).toBe(
      `${consentCookieName}=granted; Max-Age=15724800; Path=/; SameSite=Lax`,
    );
    expect(consentCookie("denied", true)).toMatch(/; Secure$/);
  });

  it("lets the browser reach analytics only when configured and not refused", () => {
    expect(analyticsMayLoad(undefined, `${consentCookieName}=granted`)).toBe(false);
    expect(analyticsMayLoad("gritstone.studio", undefined)).toBe(true);
    expect(analyticsMayLoad("gritstone.studio", `${consentCookieName}=granted`)).toBe(true);
    expect(analyticsMayLoad("gritstone.studio", `${consentCookieName}=denied`)).toBe(false);
  });
});
