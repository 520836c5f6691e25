import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { startSite as startProcess, untilReady } from "../support/site-process.ts";
import { freePort, parseMail, startSmtp } from "../support/smtp.ts";

/**
 * The page cache cold: a burst at a page nobody has asked for yet, fresh slugs under known routes,
 * a freshly started instance, and the contact page, which is never stored.
 */

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<unknown> | undefined)[] = [];

afterEach(async () => {
  for (const child of processes.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The real app (production build, page cache on) listening on 127.0.0.1, without warming: every page is cold. */
async function coldApp() {
  const built = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
  const server: Server = built.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  cleanups.push(() => built.services.stop());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Page renders so far, visitors' and the cache's (render-limit.ts's page_renders_total). */
  const renders = async () => {
    const text = await built.services.metrics.metrics();
    return [...text.matchAll(/^page_renders_total\{for="\w+"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  return { base, renders };
}

const get = (url: string) => fetch(url, { headers: { "user-agent": browser, "accept-encoding": "br" } });

describe("a cold page under a burst", () => {
  it("answers 50 visitors at once, whatever their campaign parameters, with at most 2 renders and no 5xx", async () => {
    const { base, renders } = await coldApp();
    const before = await renders();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(`${base}/about${i % 2 ? `?utm_source=s${i}` : ""}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(answers.filter((answer) => answer.headers.get("x-cache") === "MISS").length).toBeGreaterThan(0);
    expect((await renders()) - before).toBeLessThanOrEqual(2);
  });

  it("answers fresh slugs under known routes from one stored 404 per route, without a render each", async () => {
    const { base, renders } = await coldApp();
    // The first of each route renders its 404 and stores it; the list of pages is read meanwhile.
    for (const route of ["post", "project", "service"]) {
      await vi.waitFor(
        async () => expect((await get(`${base}/${route}/first-${Math.random()}`)).headers.get("x-cache")).toBe("HIT"),
        { timeout: 10_000, interval: 50 },
      );
    }
    const before = await renders();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        get(`${base}/${["post", "project", "service"][i % 3]}/never-${i}-${Date.now()}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain(`<h1 id="not-found-title"`);
    }
    expect((await renders()) - before).toBe(0);
    // A page that exists is still itself.
    const sitemap = await (await get(`${base}/sitemap.xml`)).text();
    const post = /<loc>https?:\/\/[^/<]+(\/post\/[^<]+)<\/loc>/.exec(sitemap)?.[1] ?? "";
    const real = await get(`${base}${post}`);
    expect(real.status).toBe(200);
    expect(await real.text()).not.toContain(`<h1 id="not-found-title"`);
  });
});

describe("a freshly started instance", () => {
  it("says warming on /readyz until every sitemap page is stored, then answers each from the store (but /contact)", {
    timeout: 90_000,
  }, async () => {
    const site = await startProcess(
      { PORT: String(await freePort()), DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-warm-")) },
      (child) => processes.push(child),
    );
    const first = await fetch(`${site.base}/readyz`);
    const firstReport = (await first.json()) as { status: string };
    // The checks pass at once; only the warming holds it back (unless warming already finished: a fast machine).
    expect([first.status, firstReport.status]).toEqual(
      firstReport.status === "ready" ? [200, "ready"] : [503, "warming"],
    );
    await untilReady(site.base);
    const sitemap = await (await fetch(`${site.base}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
    expect(paths.length).toBeGreaterThan(40);
    const answers: Record<string, string | null> = {};
    for (const pagePath of paths) answers[pagePath] = (await get(`${site.base}${pagePath}`)).headers.get("x-cache");
    // The contact page is rendered for each visitor: the cache passes it, and warming leaves it out.
    expect(Object.entries(answers).filter(([, cache]) => cache !== "HIT")).toEqual([["/contact", null]]);
  });
});

describe("the contact page, never stored", () => {
  it("asks each visitor a question of their own and sends an enquiry with and without JavaScript", {
    timeout: 90_000,
  }, async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const site = await startProcess(
      {
        PORT: String(await freePort()),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-contact-")),
        SMTP_URL: smtp.url,
        MAIL_TO: "studio@gritstone.test",
        FORM_SECRET: "contact-store-secret-0123456789abcdef",
      },
      (child) => processes.push(child),
    );
    await untilReady(site.base);
    const tokens: string[] = [];
    for (const url of ["/contact", "/contact", "/contact.data", "/contact.data"]) {
      const page = await get(`${site.base}${url}`);
      expect(page.status, url).toBe(200);
      // Never answered from a stored copy, and no cache in front may keep it.
      expect(page.headers.get("x-cache"), url).toBeNull();
      expect(page.headers.get("cache-control"), url).toBe("private, no-store");
      tokens.push(/(\d{1,2}\.\d{1,2}\.\d+\.[\w-]{12}\.[\w-]{43})/.exec(await page.text())?.[1] ?? "");
    }
    expect(new Set(tokens).size).toBe(4);
    const fields = (name: string, need: string, token: string) => {
      const [a, b] = token.split(".").map(Number) as [number, number];
      return new URLSearchParams({
        name,
        email: "visitor@example.com",
        need,
        brief: "A new website.",
        challenge: token,
        answer: String(a + b),
      });
    };

    // Without JavaScript: the form posts to the page itself and is sent on to a page saying it went.
    const plain = await fetch(`${site.base}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", origin: site.base },
      body: fields("Plain Visitor", "Photography", tokens[0] ?? ""),
    });
    expect(plain.status).toBe(303);
    const note = plain.headers.get("set-cookie")?.split(";")[0] ?? "";
    const sent = await fetch(new URL(plain.headers.get("location") ?? "", site.base), { headers: { cookie: note } });
    expect(await sent.text()).toContain("Thanks, Plain!");
    // With JavaScript: React Router posts the same form to the page's data URL, and the answer comes back in place.
    const scripted = await fetch(`${site.base}/contact.data`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.base },
      body: fields("Scripted Visitor", "Branding", tokens[2] ?? ""),
    });
    expect(scripted.status).toBe(200);
    expect(await scripted.text()).toContain("Thanks, Scripted!");

    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 15_000, interval: 100 });
    const subjects = smtp.received.map((mail) => parseMail(mail.raw).header("subject")).sort();
    expect(subjects).toEqual([
      "New enquiry: Branding from Scripted Visitor",
      "New enquiry: Photography from Plain Visitor",
    ]);
  });
});
