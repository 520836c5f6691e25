import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { buildOpsApp, fakeCheck, keepNothing } from "../support/ops.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The label sets of every series in a /metrics answer, ignoring histogram buckets. */
function seriesOf(text: string) {
  return new Set(
    text
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) =>
        line
          .replace(/\s+\S+$/, "")
          .replace(/_(bucket|sum|count)(?=\{|$)/, "")
          .replace(/le="[^"]*",?/, "")
          .replace(/,\}$/, "}"),
      ),
  );
}

describe("/healthz", () => {
  it("answers 200 while the process serves, even while shutting down", async () => {
    const { app, services } = await buildOpsApp({ checks: [fakeCheck("outbox writable", "mail", "fail")] });
    const live = await request(app).get("/healthz");
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: "ok" });
    expect(live.headers["cache-control"]).toBe("no-store");
    services.ops.beginShutdown();
    expect((await request(app).get("/healthz")).status).toBe(200);
  });
});

describe("/readyz", () => {
  it("is 200 when every check passes, with each check's state and latency", async () => {
    const { app } = await buildOpsApp({
      checks: [
        fakeCheck("content source answers", "content", "ok"),
        fakeCheck("outbox writable", "mail", "ok"),
        fakeCheck("mail server answers", "mail", "ok", { critical: false }),
      ],
    });
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.status).toBe("ready");
    expect(res.body.checks.map((check: { name: string }) => check.name)).toEqual([
      "content source answers",
      "outbox writable",
      "mail server answers",
    ]);
    for (const check of res.body.checks) {
      expect(check.state).toBe("ok");
      expect(typeof check.latencyMs).toBe("number");
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
  });

  it("is 503 when a critical check fails, without the failure's details", async () => {
    const { app } = await buildOpsApp({
      checks: [
        fakeCheck("content source answers", "content", "ok"),
        fakeCheck("outbox writable", "mail", "fail", { error: "EACCES: permission denied, open '/srv/secret/outbox'" }),
      ],
    });
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("not ready");
    expect(res.body.checks).toContainEqual(expect.objectContaining({ name: "outbox writable", state: "fail" }));
    expect(res.text).not.toContain("/srv/secret");
  });

  it("counts a check that does not answer in time as failed", async () => {
    const { app } = await buildOpsApp({
      checks: [fakeCheck("content source answers", "content", "hang")],
      checkPolicy: { ...keepNothing, timeoutMs: 50 },
    });
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks[0]).toMatchObject({ name: "content source answers", state: "timeout" });
  });

  it("stays 200 when only a non-critical check fails, and says which", async () => {
    const { app } = await buildOpsApp({
      checks: [
        fakeCheck("outbox writable", "mail", "ok"),
        fakeCheck("mail server answers", "mail", "fail", {
          critical: false,
          error: "connect ECONNREFUSED 10.1.2.3:587",
        }),
      ],
    });
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
    expect(res.body.checks).toContainEqual(
      expect.objectContaining({ name: "mail server answers", state: "fail", critical: false }),
    );
    expect(res.text).not.toContain("10.1.2.3");
  });

  it("answers 503 at once when shutting down, without running the checks, and asks clients to close", async () => {
    const check = fakeCheck("content source answers", "content", "ok");
    const { app, services } = await buildOpsApp({ checks: [check] });
    expect((await request(app).get("/readyz")).status).toBe(200);
    const runsBefore = check.runs;
    services.ops.beginShutdown();
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.body.status).toBe("shutting down");
    expect(check.runs).toBe(runsBefore);
    expect(res.headers.connection).toBe("close");
  });
});

describe("/metrics", () => {
  it("serves process metrics, build info, in-flight requests and request durations by route template", async () => {
    const { app } = await buildOpsApp();
    await request(app).get("/post/core-web-vitals-plain-english").set("User-Agent", googlebot);
    await request(app).get("/post/how-much-does-a-website-cost-uk").set("User-Agent", googlebot);
    await request(app).get("/no-such-page").set("User-Agent", googlebot);
    await request(app).get("/content/images/posts/rebrand-or-refresh/hero.webp?w=640&fm=webp");
    await request(app).get("/healthz");
    await request(app).get("/readyz");
    await request(app).get("/metrics");
    const res = await request(app).get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(res.text).toContain('site_build_info{version="2.4.6",commit="0123456789abcdef0123"} 1');
    expect(res.text).toMatch(/^http_requests_in_flight \d/m);
    expect(res.text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/post/:slug",status_code="200"} 2',
    );
    expect(res.text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
    expect(res.text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/content/images/*",status_code="200"} 1',
    );
    expect(res.text).not.toContain("core-web-vitals");
    expect(res.text).not.toContain("no-such-page");
    for (const operator of ["/metrics", "/healthz", "/readyz"]) {
      expect(res.text).not.toContain(`route="${operator}"`);
    }
  });

  it("labels React Router data requests and the status pages by their routes", async () => {
    const { app } = await buildOpsApp();
    await request(app).get("/post/some-article.data");
    await request(app).get("/status");
    await request(app).get("/status.json");
    const res = await request(app).get("/metrics");
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/post\/:slug",status_code="\d+"\} 1/,
    );
    expect(res.text).toContain('http_request_duration_seconds_count{method="GET",route="/status",status_code="200"} 1');
    expect(res.text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/status.json",status_code="200"} 1',
    );
  });

  it("needs the bearer token when METRICS_TOKEN is set", async () => {
    const token = "scrape-token-0123456789";
    const { app } = await buildOpsApp({ env: { METRICS_TOKEN: token } });
    const missing = await request(app).get("/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer realm="metrics"/);
    expect(missing.text).not.toContain("process_cpu");
    const wrong = await request(app).get("/metrics").set("Authorization", "Bearer not-the-token");
    expect(wrong.status).toBe(401);
    expect(wrong.headers["www-authenticate"]).toContain('error="invalid_token"');
    const given = await request(app).get("/metrics").set("Authorization", `Bearer ${token}`);
    expect(given.status).toBe(200);
    expect(given.text).toContain("site_build_info");
  });

  it("grows by no more than a handful of series for 1,000 requests to random unknown paths", async () => {
    const { app } = await buildOpsApp();
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers: { "User-Agent": googlebot } }).then(async (res) => ({
        status: res.status,
        text: await res.text(),
      }));
    try {
      await get("/metrics");
      const before = seriesOf((await get("/metrics")).text);
      const statuses = new Set<number>();
      for (let batch = 0; batch < 50; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const path = Array.from({ length: 1 + (i % 3) }, () => randomBytes(6).toString("hex")).join("/");
            return get(`/${path}${i % 2 ? ".data" : ""}`);
          }),
        );
        for (const answer of answers) statuses.add(answer.status);
      }
      expect([...statuses]).toEqual([404]);
      const after = seriesOf((await get("/metrics")).text);
      const added = [...after].filter((series) => !before.has(series));
      // The unmatched-route series, the page cache's own (one stored 404: its fill, its renders, its hits and
      // misses, each a fixed label set), at most the garbage collector's kinds the first time each runs, and
      // Node's kinds of handle in use at the scrape (a timer, a socket: a fixed set); nothing that names a path.
      const perRequest = added.filter(
        (series) => !/^(page_cache_|page_renders_|nodejs_gc_|nodejs_active_(resources|handles|requests))/.test(series),
      );
      expect(perRequest, added.join("\n")).toEqual([
        'http_request_duration_seconds{method="GET",route="unmatched",status_code="404"}',
      ]);
      const ownSeries = added.filter((series) => !series.startsWith("nodejs_active_"));
      // Each of those has a fixed label set; which appear depends on timing (a request that waited for the fill).
      expect(ownSeries.length, added.join("\n")).toBeLessThanOrEqual(14);
      for (const series of added) expect(series).not.toMatch(/[0-9a-f]{12}/);
    } finally {
      server.close();
    }
    // 1,000 404s (most from the one stored copy of the 404). The test is about series, not speed.
  }, 60_000);
});

describe("/status.json", () => {
  it("reports overall state, each component, uptime, version and the services' numbers", async () => {
    const lastRefreshAt = new Date(Date.now() - 90_000).toISOString();
    const lastDeliveryAt = new Date(Date.now() - 600_000).toISOString();
    const mail = {
      delivery: "smtp",
      queue: "disk",
      outboxDepth: 2,
      oldestPendingSeconds: 40,
      lastDeliveryAt,
      consumer: null,
      deadLetters: 0,
      failingSeconds: null,
    } as const;
    const { app } = await buildOpsApp({
      checks: [fakeCheck("content source answers", "content", "ok"), fakeCheck("outbox writable", "mail", "ok")],
      sources: {
        content: { stats: () => ({ lastRefreshAt }) },
        mail: { stats: async () => mail },
      },
    });
    const res = await request(app).get("/status.json");
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatchObject({
      state: "operational",
      summary: "All systems operational",
      version: "2.4.6",
      commit: "0123456789abcdef0123",
      shuttingDown: false,
      content: { lastRefreshAt },
      mail,
    });
    expect(res.body.content.freshnessSeconds).toBeGreaterThanOrEqual(90);
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(
      res.body.components.map((component: { id: string; state: string }) => [component.id, component.state]),
    ).toEqual([
      ["web", "operational"],
      ["content", "operational"],
      ["mail", "operational"],
    ]);
  });

  it("names no secrets, hostnames or addresses", async () => {
    const secrets = { METRICS_TOKEN: "metrics-secret-0123456789", FORM_SECRET: "form-secret-0123456789abcdef" };
    const { app } = await buildOpsApp({
      env: { ...secrets, SMTP_URL: "smtp://mailer:hunter2@mail.internal.example:2525" },
      checks: [
        fakeCheck("mail server answers", "mail", "fail", {
          critical: false,
          error: "connect ECONNREFUSED 10.9.8.7:2525 mail.internal.example",
        }),
      ],
    });
    for (const path of ["/status.json", "/status"]) {
      const res = await request(app).get(path).set("User-Agent", googlebot);
      expect(res.status).toBe(200);
      for (const leak of [...Object.values(secrets), "hunter2", "mail.internal.example", "10.9.8.7", "127.0.0.1"]) {
        expect(res.text, `${path} mentions ${leak}`).not.toContain(leak);
      }
      // The machine's name as a name (a host called "vm" is not leaked by "100vmin" in the styles).
      const name = hostname().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      expect(res.text, `${path} names this host`).not.toMatch(new RegExp(`(?<![\\w.-])${name}(?![\\w-])`, "i"));
    }
  });
});

describe("/status", () => {
  it("is a no-store page naming the overall state and each component, and refreshes itself", async () => {
    const { app } = await buildOpsApp({
      checks: [
        fakeCheck("content source answers", "content", "ok"),
        fakeCheck("outbox writable", "mail", "ok"),
        fakeCheck("mail server answers", "mail", "fail", { critical: false }),
      ],
      sources: {
        mail: {
          stats: async () => ({
            delivery: "smtp",
            queue: "disk",
            outboxDepth: 3,
            oldestPendingSeconds: 120,
            lastDeliveryAt: null,
            consumer: null,
            deadLetters: 0,
            failingSeconds: null,
          }),
        },
      },
    });
    const res = await request(app).get("/status").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toContain("<title>Server status | Gritstone</title>");
    expect(res.text).toMatch(/<p role="status"[^>]*data-state="degraded"[^>]*>.*Some systems degraded<\/p>/);
    for (const name of ["Web", "Content source", "Mail delivery"]) expect(res.text).toContain(`>${name}</h3>`);
    expect(res.text).toContain("3 enquiries waiting, the oldest for 2 min");
    expect(res.text).toContain("Enquiries are saved, but the mail server is not taking them");
    expect(res.text).toMatch(/<noscript><meta http-equiv="refresh" content="30"\/><\/noscript>/);
  });

  it("tells the reader when this instance is shutting down", async () => {
    const { app, services } = await buildOpsApp();
    services.ops.beginShutdown();
    const res = await request(app).get("/status").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("This instance is shutting down");
  });

  it("is reached from the footer's server-status link on every page", async () => {
    const { app } = await buildOpsApp();
    const home = await request(app).get("/").set("User-Agent", googlebot);
    expect(home.text).toMatch(/<a href="\/status"[^>]*>Server status<\/a>/);
  });
});
