import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

/**
 * What browsers report to the site itself: real visitors' Core Web Vitals at /vitals and CSP
 * violations at /csp-reports. Every field is checked and bounded; what does not fit is refused with a 4xx and
 * never counted; both are rate-limited like the other POSTs.
 */

type App = Awaited<ReturnType<typeof buildTestApp>>;
let built: App;

beforeAll(async () => {
  built = await buildTestApp();
});
afterAll(async () => {
  await built.services.stop();
});

/** One sample line of /metrics, as an operator's query would read it. */
async function metricValue(name: string, labels: string) {
  const text = (await request(built.app).get("/metrics")).text;
  const line = text.split("\n").find((entry) => entry.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

const beacon = (body: unknown, type = "text/plain;charset=UTF-8") =>
  request(built.app)
    .post("/vitals")
    .set("Content-Type", type)
    .send(typeof body === "string" ? body : JSON.stringify(body));

describe("POST /vitals", () => {
  it("records a beacon's sample by route template, and keeps nothing else", async () => {
    const before = await metricValue("web_vitals_lcp_seconds_count", 'route="/post/:slug"');
    const res = await beacon({ metric: "LCP", value: 1830, rating: "good", path: "/post/rebrand-or-refresh" });
    expect(res.status).toBe(204);
    expect(await metricValue("web_vitals_lcp_seconds_count", 'route="/post/:slug"')).toBe(before + 1);
    expect(await metricValue("web_vitals_lcp_seconds_bucket", 'le="2",route="/post/:slug"')).toBeGreaterThan(0);
    // The raw path is never a label.
    expect((await request(built.app).get("/metrics")).text).not.toContain("rebrand-or-refresh");
    const cls = await beacon({ metric: "CLS", value: 0.02, rating: "good", path: "/" }, "application/json");
    expect(cls.status).toBe(204);
  });

  it.each([
    ["an unknown metric", { metric: "FID", value: 10, rating: "good", path: "/" }, 400],
    ["a value out of range", { metric: "LCP", value: 1e9, rating: "poor", path: "/" }, 400],
    ["a negative value", { metric: "INP", value: -1, rating: "good", path: "/" }, 400],
    ["an unknown rating", { metric: "INP", value: 80, rating: "great", path: "/" }, 400],
    ["a field more", { metric: "INP", value: 80, rating: "good", path: "/", ua: "x" }, 400],
    ["a path that is no page", { metric: "INP", value: 80, rating: "good", path: "/wp-login.php" }, 422],
    ["no path", { metric: "INP", value: 80, rating: "good" }, 400],
    ["a body that is not JSON", "metric=INP", 400],
  ])("refuses %s and counts nothing", async (_name, body, status) => {
    const before = await metricValue("web_vitals_inp_seconds_count", 'route="/"');
    const res = await beacon(body);
    expect(res.status).toBe(status);
    expect(await metricValue("web_vitals_inp_seconds_count", 'route="/"')).toBe(before);
  });

  it("refuses other body types and oversized bodies", async () => {
    expect((await beacon("<vital/>", "application/xml")).status).toBe(415);
    const huge = JSON.stringify({ metric: "LCP", value: 1, rating: "good", path: `/${"a".repeat(40_000)}` });
    expect((await beacon(huge)).status).toBe(413);
  });
});

const legacyReport = (directive: string, page = "/about") => ({
  "csp-report": {
    "document-uri": `http://127.0.0.1${page}?utm_source=x`,
    "effective-directive": directive,
    "violated-directive": `${directive} 'self'`,
    "blocked-uri": "inline",
  },
});

describe("POST /csp-reports", () => {
  it("counts report-uri and Reporting API reports by directive and route template", async () => {
    const before = await metricValue("csp_violations_total", 'directive="script-src-elem",route="/about"');
    const legacy = await request(built.app)
      .post("/csp-reports")
      .set("Content-Type", "application/csp-report")
      .send(JSON.stringify(legacyReport("script-src-elem")));
    expect(legacy.status).toBe(204);
    const batch = await request(built.app)
      .post("/csp-reports")
      .set("Content-Type", "application/reports+json")
      .send(
        JSON.stringify([
          {
            type: "csp-violation",
            age: 10,
            url: "http://127.0.0.1/about",
            body: {
              documentURL: "http://127.0.0.1/about",
              effectiveDirective: "script-src-elem",
              blockedURL: "inline",
            },
          },
          { type: "deprecation", body: { id: "x" } },
        ]),
      );
    expect(batch.status).toBe(204);
    expect(await metricValue("csp_violations_total", 'directive="script-src-elem",route="/about"')).toBe(before + 2);
  });

  it.each([
    ["not JSON", "application/csp-report", "{", 400],
    ["not a report", "application/csp-report", JSON.stringify({ hello: "world" }), 400],
    ["an unknown directive", "application/csp-report", JSON.stringify(legacyReport("made-up-src")), 422],
    [
      "a page the site does not have",
      "application/csp-report",
      JSON.stringify(legacyReport("img-src", "/nope.php")),
      422,
    ],
    ["too many reports at once", "application/reports+json", JSON.stringify(new Array(21).fill({ type: "x" })), 400],
    ["another body type", "text/html", "<p>hi</p>", 415],
  ])("refuses %s", async (_name, type, body, status) => {
    const res = await request(built.app).post("/csp-reports").set("Content-Type", type).send(body);
    expect(res.status).toBe(status);
  });

  it("refuses an oversized report", async () => {
    const report = legacyReport("img-src");
    report["csp-report"]["blocked-uri"] = `http://x.example/${"a".repeat(40_000)}`;
    const res = await request(built.app)
      .post("/csp-reports")
      .set("Content-Type", "application/csp-report")
      .send(JSON.stringify(report));
    expect(res.status).toBe(413);
  });
});

describe("every page's policy", () => {
  it("names the site's own reporting endpoint and lets no page set its base URL", async () => {
    const res = await request(built.app).get("/about");
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toContain("report-to csp");
    expect(policy).toContain("report-uri /csp-reports");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // The Reporting API takes an absolute URL: the site's own address, never one built from the Host header.
    expect(res.headers["reporting-endpoints"]).toBe(`csp="${new URL("/csp-reports", built.config.SITE_URL).href}"`);
    const spoofed = await request(built.app).get("/about").set("Host", "attacker.example");
    expect(spoofed.headers["reporting-endpoints"]).not.toContain("attacker");
  });
});

describe("a flood of reports", () => {
  it("is cut off by the rate limit like the other POSTs, and what is refused is not counted", async () => {
    const flood = await buildTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 125; i++) {
        const res = await request(flood.app)
          .post("/vitals")
          .set("Content-Type", "text/plain")
          .send(JSON.stringify({ metric: "TTFB", value: 120, rating: "good", path: "/" }));
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
      expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
      const text = (await request(flood.app).get("/metrics")).text;
      expect(text).toMatch(/^web_vitals_ttfb_seconds_count\{route="\/"\} 120$/m);
      const csp = await request(flood.app)
        .post("/csp-reports")
        .set("Content-Type", "application/csp-report")
        .send(JSON.stringify(legacyReport("img-src")));
      expect(csp.status).toBe(429);
    } finally {
      await flood.services.stop();
    }
  });
});
