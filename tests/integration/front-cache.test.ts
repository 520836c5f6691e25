import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsFeedPath } from "../../src/shared/news-feed.ts";
import type { PublishRecord } from "../../src/shared/status-report.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";
import { startSite, untilReady } from "../support/site-process.ts";
import { freePort } from "../support/system.ts";
import { startVarnish, varnishd } from "../support/varnish.ts";

/**
 * A publish through every tier, for real: the production server in Contentful mode over the Delivery API stand-in,
 * which serves a publish only some time after its webhook (as Contentful's CDN does), with a real varnishd running
 * the shipped VCL in front. What a visitor sees through Varnish, from the webhook on.
 */

const fixture = cdaOverFixture();
const secret = "webhook-secret-for-tests-0123456789";
const children: ChildProcess[] = [];
let site: Awaited<ReturnType<typeof startSite>>;
let varnish: Awaited<ReturnType<typeof startVarnish>>;

/** The newest post: its page, /news, the home page's teaser and the news feed all show its title. */
const post = { id: "post-eagle", slug: "eagle-eyed-proofing", title: "Eagle-eyed proofing" };
const pages = [`/post/${post.slug}`, "/news", "/", newsFeedPath];

async function through(base: string, page: string) {
  const res = await fetch(`${base}${page}`, { headers: { "accept-encoding": "br" } });
  const age = Number(res.headers.get("age"));
  return { status: res.status, text: await res.text(), cache: res.headers.get("x-front-cache"), age };
}

function webhook(body: object, topic = "ContentManagement.Entry.publish") {
  // Contentful calls the site's public address: through the front cache, which passes it.
  return fetch(`${varnish.url}/contentful/webhook`, {
    method: "POST",
    headers: {
      "x-webhook-secret": secret,
      "x-contentful-topic": topic,
      "content-type": "application/vnd.contentful.management.v1+json",
    },
    body: JSON.stringify(body),
  });
}

const payload = (revision: number, newTitle: string) => ({
  sys: {
    type: "Entry",
    id: post.id,
    revision,
    contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogPost" } },
  },
  fields: { slug: { "en-US": post.slug }, blogTitle: { "en-US": newTitle } },
});

/**
 * Asks for each page through Varnish every 100 ms for `forMs` after the webhook: when each first showed the new
 * title, and whether any showed the old one after that.
 */
async function watch(oldTitle: string, newTitle: string, sentAt: number, forMs: number) {
  const firstNew = new Map<string, number>();
  const oldAfterNew: string[] = [];
  while (performance.now() - sentAt < forMs) {
    for (const page of pages) {
      const { text } = await through(varnish.url, page);
      const now = performance.now() - sentAt;
      if (text.includes(newTitle)) {
        if (!firstNew.has(page)) firstNew.set(page, now);
      } else if (firstNew.has(page) && text.includes(oldTitle)) {
        oldAfterNew.push(`${page} at ${Math.round(now)} ms`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { firstNew: Object.fromEntries(firstNew), oldAfterNew };
}

/**
 * When Varnish stored the copy of the sitemap it answers a visitor with (seconds, from its Age), once it answers
 * with a fresh copy (a purged one is answered stale while Varnish fetches the next).
 */
async function sitemapStoredAt(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const { cache, age } = await through(varnish.url, "/sitemap.xml");
    if (cache === "HIT") return Date.now() / 1000 - age;
    if (attempt === 30) throw new Error(`the sitemap is still ${cache} through Varnish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${site.base}/metrics`)).text();
  const line = text.split("\n").find((row) => row.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? 0);
}

describe.skipIf(!varnishd)("a publish through a real Varnish in front", () => {
  beforeAll(async () => {
    const port = await freePort();
    // Varnish first on a port of its own, so the site can be told where to purge.
    const varnishPort = await freePort();
    site = await startSite(
      {
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-front-")),
        CONTENT_DIR: fixture.storeDir,
        CONTENT_SOURCE: "contentful",
        CONTENTFUL_SPACE_ID: fixture.cda.space,
        CONTENTFUL_ACCESS_TOKEN: fixture.cda.token,
        CONTENTFUL_HOST: fixture.cda.origin,
        CONTENTFUL_WEBHOOK_SECRET: secret,
        FRONT_CACHE_URLS: `http://127.0.0.1:${varnishPort}`,
        TRUST_PROXY: "loopback",
        LOG_LEVEL: "info",
      },
      (child) => children.push(child),
    );
    await untilReady(site.base);
    varnish = await startVarnish(port, varnishPort);
  }, 90_000);

  afterAll(async () => {
    await varnish?.stop();
    for (const child of children) child.kill("SIGKILL");
  });

  it("stores the site's pages in Varnish and answers them from there", async () => {
    for (const page of pages) {
      await through(varnish.url, page);
      const again = await through(varnish.url, page);
      expect(again.cache, page).toBe("HIT");
      expect(again.text, page).toContain(post.title);
    }
  });

  it("passes the contact page to the site, so each visitor gets a spam question of their own", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await through(varnish.url, "/contact"));
    expect(answers.map((answer) => [answer.status, answer.cache])).toEqual([
      [200, "PASS"],
      [200, "PASS"],
      [200, "PASS"],
    ]);
    const questions = answers.map((answer) => /name="challenge" value="([^"]+)"/.exec(answer.text)?.[1]);
    expect(new Set(questions).size).toBe(3);
  });

  it("with a 3 s lag: the new title within 5 s of the webhook on every page, and never the old one after it", async () => {
    const newTitle = "Sharper proofing";
    for (const page of pages) await through(varnish.url, page);
    const sitemapBefore = await sitemapStoredAt();
    const revision = fixture.cda.publish(post.id, "blogTitle", newTitle, { lagMs: 3_000 });
    const sentAt = performance.now();
    const hook = await webhook(payload(revision, newTitle));
    expect(hook.status).toBe(202);
    expect(performance.now() - sentAt).toBeLessThan(1_000);
    const { firstNew, oldAfterNew } = await watch(post.title, newTitle, sentAt, 7_000);
    expect(Object.keys(firstNew).sort()).toEqual([...pages].sort());
    for (const [page, at] of Object.entries(firstNew)) {
      expect(at, page).toBeGreaterThan(2_900);
      expect(at, page).toBeLessThan(5_000);
    }
    expect(oldAfterNew).toEqual([]);
    // The sitemap (no title in it) was stored again once the publish was served, not kept from before it.
    expect(await sitemapStoredAt()).toBeGreaterThan(sitemapBefore + 2);
    const status = (await (await fetch(`${site.base}/status.json`)).json()) as { publishes: PublishRecord[] };
    const [latest] = status.publishes;
    expect(latest).toMatchObject({ entry: post.id, revision, gaveUp: false, frontFailed: false });
    expect(latest?.servedAfterSeconds).toBeGreaterThanOrEqual(2.9);
    expect(latest?.frontPurgedAt).not.toBeNull();
    expect(await metric("content_publish_visible_seconds_count")).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it("with no lag: the new title within 1 s", async () => {
    const newTitle = "Proofing, sharper still";
    for (const page of pages) await through(varnish.url, page);
    const revision = fixture.cda.publish(post.id, "blogTitle", newTitle);
    const sentAt = performance.now();
    await webhook(payload(revision, newTitle));
    const { firstNew, oldAfterNew } = await watch("Sharper proofing", newTitle, sentAt, 2_000);
    for (const page of pages) expect(firstNew[page], page).toBeLessThan(1_000);
    expect(oldAfterNew).toEqual([]);
  }, 30_000);

  it("the first visitor after a publish is visible, in either encoding, gets the new page", async () => {
    const newTitle = "Proofing at first sight";
    for (const page of pages) await through(varnish.url, page);
    const revision = fixture.cda.publish(post.id, "blogTitle", newTitle, { lagMs: 1_000 });
    await webhook(payload(revision, newTitle));
    // Asked of the site itself: a request through Varnish would itself fetch a fresh copy.
    let visible = false;
    for (let ask = 0; ask < 50 && !visible; ask++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const status = (await (await fetch(`${site.base}/status.json`)).json()) as { publishes: PublishRecord[] };
      visible = status.publishes[0]?.revision === revision && status.publishes[0]?.visibleAt !== null;
    }
    expect(visible).toBe(true);
    for (const encoding of ["br", "gzip"])
      for (const page of pages) {
        const res = await fetch(`${varnish.url}${page}`, { headers: { "accept-encoding": encoding } });
        expect(await res.text(), `${page} ${encoding}`).toContain(newTitle);
      }
  }, 30_000);

  it("an unpublished article is a 404 through Varnish once the API stops serving it", async () => {
    const page = `/post/${post.slug}`;
    expect((await through(varnish.url, page)).status).toBe(200);
    const taken = fixture.cda.unpublish(post.id, { lagMs: 1_000 });
    try {
      const hook = await webhook(
        { sys: { type: "DeletedEntry", id: post.id, contentType: { sys: { type: "Link", id: "blogPost" } } } },
        "ContentManagement.Entry.unpublish",
      );
      expect(hook.status).toBe(202);
      let status = 200;
      for (let ask = 0; ask < 50 && status !== 404; ask++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await through(varnish.url, page)).status;
      }
      expect(status).toBe(404);
    } finally {
      taken.restore();
    }
  }, 30_000);

  it("with Varnish stopped, a publish still reaches the instances, and the failure is logged once and counted", async () => {
    const newTitle = "Proofing while the front is down";
    await varnish.stop();
    const failuresBefore = await metric("front_cache_purge_failures_total");
    const revision = fixture.cda.publish(post.id, "blogTitle", newTitle);
    const hook = await fetch(`${site.base}/contentful/webhook`, {
      method: "POST",
      headers: {
        "x-webhook-secret": secret,
        "x-contentful-topic": "ContentManagement.Entry.publish",
        "content-type": "application/vnd.contentful.management.v1+json",
      },
      body: JSON.stringify(payload(revision, newTitle)),
    });
    expect(hook.status).toBe(202);
    let text = "";
    for (let ask = 0; ask < 30 && !text.includes(newTitle); ask++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = (await through(site.base, `/post/${post.slug}`)).text;
    }
    expect(text).toContain(newTitle);
    await expect.poll(() => metric("front_cache_purge_failures_total"), { timeout: 15_000 }).toBe(failuresBefore + 1);
    const logged = site.logs().filter((line) => line.msg === "the front cache could not be purged");
    expect(logged).toHaveLength(1);
    const status = (await (await fetch(`${site.base}/status.json`)).json()) as { publishes: PublishRecord[] };
    expect(status.publishes[0]).toMatchObject({ revision, frontFailed: true, frontPurgedAt: null });
  }, 30_000);
});
