// Shared with the server: the consent cookie is in the page cache's key and decides the CSP's analytics host (server/app.ts).
// Analytics consent (UK PECR): nothing is measured until the visitor says yes. A first-party cookie, so the server can
// keep the analytics host out of the CSP for visitors who said no.
export type AnalyticsConsent = "granted" | "denied";

export const consentCookieName = "analytics_consent";
/** Six months, after which we ask again (the ICO's guidance accepts a periodic re-ask). */
export const consentMaxAgeSeconds = 60 * 60 * 24 * 182;

/** The analytics service: Plausible, cookieless and EU-hosted; ANALYTICS_ID is the site's domain there. */
export const analyticsProvider = {
  name: "Plausible Analytics",
  scriptUrl: "https://plausible.io/js/script.js",
  origin: "https://plausible.io",
} as const;

export function readConsent(cookieHeader: string | null | undefined): AnalyticsConsent | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === consentCookieName && (value === "granted" || value === "denied")) return value;
  }
  return undefined;
}

export function consentCookie(choice: AnalyticsConsent, secure: boolean): string {
  return `${consentCookieName}=${choice}; Max-Age=${consentMaxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function analyticsMayLoad(analyticsId: string | undefined, cookieHeader: string | null | undefined): boolean {
  return Boolean(analyticsId) && readConsent(cookieHeader) !== "denied";
}
