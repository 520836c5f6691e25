import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { signRequest } from "@contentful/node-apps-toolkit/requests";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookPayloadLimitBytes } from "../../server/content/webhook.ts";
import { buildTestApp } from "../support/app.ts";
import { contentApps } from "../support/content-apps.ts";
import { listen, postStream, repeatedBytes } from "../support/raw-http.ts";
import { redisServer, startRedis } from "../support/redis.ts";

/**
 * POST /contentful/webhook through the real app, Contentful source (real SDK) on the stand-in: what a publish
 * purges, seen in what the content API answers after a change in the space; and Contentful's signed requests.
 */

const { fixture, secret, contentfulEnv } = contentApps();
const signingSecret = "0123456789abcdef".repeat(4);
const managementJson = "application/vnd.contentful.management.v1+json";

/** The app over the stand-in with only the credentials a test names (no shared secret unless given). */
const env = (extra: Record<string, string> = {}) => ({ ...contentfulEnv(), CONTENTFUL_WEBHOOK_SECRET: "", ...extra });

/** A publish as Contentful sends it: the entry in the Management API's shape, localised fields. */
const published = (id: string, contentType: string, slug: string) =>
  JSON.stringify({
    sys: { type: "Entry", id, contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } } },
    fields: { slug: { "en-US": slug }, title: { "en-US": "changed" } },
  });

const postQuery = { content_type: "blogPost", "fields.slug": "bright-ideas", select: "fields.blogTitle" };
const projectQuery = { content_type: "singleProject", "fields.slug": "warmies", select: "fields.projectTitle" };

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

async function titles(app: App) {
  const post = await request(app).post("/contentful/posts").send(postQuery);
  const project = await request(app).post("/contentful/posts").send(projectQuery);
  return { post: post.body.items[0].fields.blogTitle, project: project.body.items[0].fields.projectTitle };
}

/** Changes a post and a project in the space (as editors publishing both would), restoring them afterwards. */
async function withBothChanged(run: () => Promise<void>) {
  fixture.cda.publish("post-bright", "blogTitle", "Brighter ideas");
  fixture.cda.publish("project-warmies", "projectTitle", "Warmer Warmies");
  try {
    await run();
  } finally {
    fixture.cda.publish("post-bright", "blogTitle", "Bright ideas");
    fixture.cda.publish("project-warmies", "projectTitle", "Warmies");
  }
}

const before = { post: "Bright ideas", project: "Warmies" };

/** An app with the shared secret whose cache holds both titles, and the page paths each webhook reported. */
async function appWithCachedTitles() {
  const purged: (string[] | undefined)[] = [];
  const { app, services } = await buildTestApp({ env: env({ CONTENTFUL_WEBHOOK_SECRET: secret }) });
  services.onPurge((plan) => void purged.push(plan.paths));
  expect(await titles(app)).toEqual(before);
  return { app, purged };
}

describe("a webhook for one post", () => {
  it("purges that post's answers and pages, /news and home, and not an unrelated project", async () => {
    const { app, purged } = await appWithCachedTitles();
    await withBothChanged(async () => {
      expect(await titles(app)).toEqual(before); // both cached
      const hook = await request(app)
        .post("/contentful/webhook")
        .set("X-Webhook-Secret", secret)
        .set("X-Contentful-Topic", "ContentManagement.Entry.publish")
        .set("Content-Type", managementJson)
        .send(published("post-bright", "blogPost", "bright-ideas"));
      expect(hook.status).toBe(200);
      expect(hook.body.purged.contentTypes).toEqual(["blogPost"]);
      // The post is shown; the project is still the cached answer, untouched by a post's publish.
      expect(await titles(app)).toEqual({ post: "Brighter ideas", project: "Warmies" });
    });
    expect(purged).toHaveLength(1);
    const paths = purged[0] ?? [];
    expect(paths).toEqual(expect.arrayContaining(["/post/bright-ideas", "/news", "/", "/news/rss.xml"]));
    expect(paths.filter((path) => path.startsWith("/project"))).toEqual([]);
  });

  it("purges everything for a payload it cannot read", async () => {
    const { app, purged } = await appWithCachedTitles();
    await withBothChanged(async () => {
      const hook = await request(app)
        .post("/contentful/webhook")
        .set("X-Webhook-Secret", secret)
        .set("Content-Type", "text/plain")
        .send("not a payload");
      expect(hook.status).toBe(200);
      expect(hook.body.purged).toEqual({ contentTypes: "all", paths: "all" });
      expect(await titles(app)).toEqual({ post: "Brighter ideas", project: "Warmer Warmies" });
    });
    expect(purged).toEqual([undefined]);
  });

  it("refuses a payload larger than Contentful ever sends with 413, and purges nothing (shared secret)", async () => {
    const { app, purged } = await appWithCachedTitles();
    await withBothChanged(async () => {
      const hook = await request(app)
        .post("/contentful/webhook")
        .set("X-Webhook-Secret", secret)
        .set("Content-Type", managementJson)
        .send(JSON.stringify({ sys: { id: "x" }, padding: "x".repeat(webhookPayloadLimitBytes) }));
      expect(hook.status).toBe(413);
      expect(hook.body).toEqual({ status: "fail", message: "The request is too large. The limit is 2 MB." });
      expect(await titles(app)).toEqual(before);
    });
    expect(purged).toEqual([]);
  });
});

describe("signed webhooks", () => {
  const appWithSigning = () => buildTestApp({ env: env({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: signingSecret }) });

  /** Sends a publish signed as Contentful signs it; `tamper` changes the request after signing. */
  function signed(
    app: App,
    options: { key?: string; timestamp?: number; body?: string; tamperBody?: string } = {},
  ): request.Test {
    const body = options.body ?? published("post-bright", "blogPost", "bright-ideas");
    const headers = { "content-type": managementJson, "x-contentful-topic": "ContentManagement.Entry.publish" };
    const signature = signRequest(
      options.key ?? signingSecret,
      { method: "POST", path: "/contentful/webhook", headers, body },
      options.timestamp,
    );
    return request(app)
      .post("/contentful/webhook")
      .set({ ...headers, ...signature })
      .send(options.tamperBody ?? body);
  }

  it("accepts a request Contentful signed, and purges", async () => {
    const { app } = await appWithSigning();
    await titles(app);
    await withBothChanged(async () => {
      const res = await signed(app);
      expect(res.status).toBe(200);
      expect(res.body.purged.contentTypes).toEqual(["blogPost"]);
      expect(await titles(app)).toEqual({ post: "Brighter ideas", project: "Warmies" });
    });
  });

  it("refuses a wrong signature, an altered body, an old timestamp or no signature with 401", async () => {
    const { app } = await appWithSigning();
    await titles(app);
    await withBothChanged(async () => {
      const cases = {
        "wrong key": await signed(app, { key: "k".repeat(64) }),
        "altered body": await signed(app, { tamperBody: published("post-bright", "blogPost", "other-slug") }),
        "old timestamp": await signed(app, { timestamp: Date.now() - 5 * 60_000 }),
        "no signature": await request(app)
          .post("/contentful/webhook")
          .set("Content-Type", managementJson)
          .send(published("post-bright", "blogPost", "bright-ideas")),
        "shared secret not configured": await request(app)
          .post("/contentful/webhook")
          .set("X-Webhook-Secret", secret)
          .send("{}"),
      };
      for (const [name, res] of Object.entries(cases)) {
        expect(res.status, name).toBe(401);
        expect(res.body.status, name).toBe("fail");
      }
      // Nothing was purged by any of them.
      expect(await titles(app)).toEqual(before);
    });
  });

  it("refuses a signed payload too large to verify with 413", async () => {
    const { app } = await appWithSigning();
    const res = await signed(app, { body: JSON.stringify({ padding: "x".repeat(webhookPayloadLimitBytes) }) });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe("fail");
  });

  it("stops reading a body past what Contentful sends: 100 MB, declared or streamed, is refused unread", async () => {
    const { app } = await appWithSigning();
    const server = await listen(app);
    try {
      const total = 100 * 1024 * 1024;
      // Any signature passes the first look, so the body must be read to check it: only up to the limit.
      const headers = {
        "content-type": managementJson,
        "x-contentful-signature": "0".repeat(64),
        "x-contentful-timestamp": String(Date.now()),
        "x-contentful-signed-headers": "x-contentful-timestamp,x-contentful-signed-headers",
      };
      for (const declared of [{ "content-length": String(total) }, {}] as Record<string, string>[]) {
        const sent = { bytes: 0 };
        const answer = await postStream(
          server.port,
          "/contentful/webhook",
          { ...headers, ...declared },
          repeatedBytes(total, sent),
          sent,
        );
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body).status).toBe("fail");
        // The server stopped reading: most of the 100 MB never left the client.
        expect(answer.sentBytes).toBeLessThan(total / 2);
      }
    } finally {
      await server.close();
    }
  });

  it("hears a signed request once: its replays inside the 30 s are refused with 409 and purge nothing", async () => {
    const { app, services } = await appWithSigning();
    const purges: unknown[] = [];
    services.onPurge((plan) => void purges.push(plan.paths));
    await titles(app);
    const call = signedCall();
    await withBothChanged(async () => {
      const first = await call.send(app);
      expect(first.status).toBe(200);
      expect(await titles(app)).toEqual({ post: "Brighter ideas", project: "Warmies" });
      // The post changes again; the same call, sent three more times, tells the site nothing new.
      fixture.cda.publish("post-bright", "blogTitle", "Brightest ideas");
      for (let replay = 0; replay < 3; replay++) {
        const again = await call.send(app);
        expect(again.status).toBe(409);
        expect(again.body).toEqual({
          status: "fail",
          message: "This signed request was heard already: each is accepted once.",
        });
      }
      expect(await titles(app)).toEqual({ post: "Brighter ideas", project: "Warmies" });
    });
    expect(purges).toHaveLength(1);
    // A new call, signed afresh, is heard.
    expect((await signed(app)).status).toBe(200);
  });

  it("with both secrets set, takes only the signature: the shared secret alone is refused with a clear message", async () => {
    const { app, services } = await buildTestApp({
      env: env({ CONTENTFUL_WEBHOOK_SECRET: secret, CONTENTFUL_WEBHOOK_SIGNING_SECRET: signingSecret }),
    });
    const purges: unknown[] = [];
    services.onPurge((plan) => void purges.push(plan.paths));
    await titles(app);
    await withBothChanged(async () => {
      const shared = await request(app)
        .post("/contentful/webhook")
        .set({ "X-Webhook-Secret": secret, "X-Contentful-Topic": "ContentManagement.Entry.publish" })
        .set("Content-Type", managementJson)
        .send(published("post-bright", "blogPost", "bright-ideas"));
      expect(shared.status).toBe(401);
      expect(shared.body.status).toBe("fail");
      expect(shared.body.message).toMatch(/shared secret alone is not accepted/);
      expect(await titles(app)).toEqual(before);
      expect(purges).toEqual([]);
      // Signed, it is heard.
      expect((await signed(app)).status).toBe(200);
      expect(purges).toHaveLength(1);
    });
  });
});

describe.skipIf(!redisServer)("signed webhooks with several instances (REDIS_URL)", () => {
  let redis: ChildProcess;
  let url: string;
  beforeAll(async () => {
    ({ child: redis, url } = await startRedis(undefined, { persist: false }));
  });
  afterAll(() => {
    if (redis.exitCode === null) redis.kill();
  });

  it("refuses a call one instance heard on every other, and on this one once Redis is gone", async () => {
    const shared = env({ CONTENTFUL_WEBHOOK_SIGNING_SECRET: signingSecret, REDIS_URL: url });
    const first = await buildTestApp({ env: shared });
    const second = await buildTestApp({ env: shared });
    try {
      const call = signedCall();
      expect((await call.send(first.app)).status).toBe(200);
      expect((await call.send(second.app)).status).toBe(409);
      expect((await call.send(first.app)).status).toBe(409);
      // Without Redis each instance still remembers what it heard itself.
      redis.kill();
      await once(redis, "exit");
      const later = signedCall();
      expect((await later.send(second.app)).status).toBe(200);
      expect((await later.send(second.app)).status).toBe(409);
    } finally {
      await Promise.all([first.services.stop(), second.services.stop()].map((stop) => stop.catch(() => {})));
    }
  });
});

/** One call, signed once as Contentful signs it, that can be sent again byte for byte. */
function signedCall() {
  const body = published("post-bright", "blogPost", "bright-ideas");
  const headers = { "content-type": managementJson, "x-contentful-topic": "ContentManagement.Entry.publish" };
  const signature = signRequest(signingSecret, { method: "POST", path: "/contentful/webhook", headers, body });
  return {
    send: (app: App) =>
      request(app)
        .post("/contentful/webhook")
        .set({ ...headers, ...signature })
        .send(body),
  };
}
