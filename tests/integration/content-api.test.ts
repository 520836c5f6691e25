import sharp from "sharp";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { createContentService } from "../../server/content/service.ts";
import { createLogger } from "../../server/http/logging.ts";
import { buildTestApp } from "../support/app.ts";
import { cdaOverFixture } from "../support/cda-fixture.ts";

/** The content endpoints and content pages through the real app (production build), over the fixture store. */

const fixture = cdaOverFixture();
const { storeDir } = fixture;
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const secret = "webhook-secret-for-tests-0123456789";

const localApp = () =>
  buildTestApp({
    env: { CONTENT_DIR: storeDir, CONTENT_RATE_LIMIT: "100000", CONTENTFUL_WEBHOOK_SECRET: secret },
  });

const contentfulEnv = () => ({
  CONTENT_DIR: storeDir,
  CONTENT_RATE_LIMIT: "100000",
  CONTENT_SOURCE: "contentful",
  CONTENTFUL_SPACE_ID: fixture.cda.space,
  CONTENTFUL_ACCESS_TOKEN: fixture.cda.token,
  CONTENTFUL_HOST: fixture.cda.origin,
  CONTENTFUL_WEBHOOK_SECRET: secret,
  CONTENT_TTL_SECONDS: "3600",
});

/** The app with a Contentful source whose API does not answer at all (a closed port) and an empty cache. */
async function appWithSourceDown() {
  return buildTestApp({
    env: { CONTENT_DIR: storeDir, CONTENT_RATE_LIMIT: "100000" },
    services(real) {
      const content = createContentService({
        source: createContentfulSource({
          space: "s",
          accessToken: "t",
          environment: "master",
          host: "http://127.0.0.1:9",
          retryLimit: 0,
        }),
        ttlSeconds: 60,
        logger: createLogger("silent"),
      });
      return { ...real, content, site: { ...real.site, content } };
    },
  });
}

describe("POST /contentful/posts", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
  beforeAll(async () => {
    ({ app } = await localApp());
  });

  it("answers a query with { items: [{ sys: { id }, fields }] }", async () => {
    const res = await request(app)
      .post("/contentful/posts")
      .send({ content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual([
      "post-eagle",
      "post-bright",
      "post-dash",
    ]);
    expect(res.body.items[0].fields.blogTitle).toBe("Eagle-eyed proofing");
    expect(res.body.items[0].fields.blogHero[0].fields.file.url).toBe("/content/images/hero-bright.png");
  });

  it("takes a form-encoded body too (numbers as text)", async () => {
    const res = await request(app)
      .post("/contentful/posts")
      .type("form")
      .send({ content_type: "singleServices", "fields.slug": "branding", limit: "1" });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { sys: { id: string } }) => item.sys.id)).toEqual(["service-branding"]);
  });

  const badBodies: [string, unknown, RegExp][] = [
    ["no content_type", {}, /"content_type" is required/],
    ["an unknown content type", { content_type: "author" }, /"content_type" must be one of homePage, blogPost/],
    ["an unknown filter", { content_type: "blogPost", "fields.blogTitle": "x" }, /Unknown filter "fields\.blogTitle"/],
    ["an unknown key", { content_type: "blogPost", include: 10 }, /Unknown key "include"/],
    [
      "a filter of another type",
      { content_type: "blogPost", "fields.category": "x" },
      /"fields\.category" does not apply to blogPost/,
    ],
    [
      "order on an unknown field",
      { content_type: "blogPost", order: "-fields.views" },
      /"order" names "fields\.views"/,
    ],
    ["order that is not a field", { content_type: "blogPost", order: "random()" }, /"order" takes sys\.id or fields/],
    [
      "order on a list",
      { content_type: "singleProject", order: "fields.category" },
      /"order" cannot sort by "fields\.category"/,
    ],
    [
      "select of an unknown field",
      { content_type: "blogPost", select: "sys.id,fields.password" },
      /"select" names "fields\.password"/,
    ],
    ["select of sys", { content_type: "blogPost", select: "sys" }, /"select" takes sys\.id and fields/],
    ["limit 0", { content_type: "blogPost", limit: 0 }, /"limit" must be a whole number from 1 to 1000/],
    ["limit 1001", { content_type: "blogPost", limit: 1001 }, /"limit" must be a whole number from 1 to 1000/],
    ["a fractional limit", { content_type: "blogPost", limit: 2.5 }, /"limit" must be a whole number/],
    ["a negative skip", { content_type: "blogPost", skip: -1 }, /"skip" must be a whole number from 0/],
    [
      "an object as a filter value",
      { content_type: "blogPost", "fields.slug": { $ne: "" } },
      /"fields\.slug" must be a string/,
    ],
    [
      "a list as a filter value",
      { content_type: "blogPost", "fields.slug": ["a", "b"] },
      /"fields\.slug" must be a string/,
    ],
    ["an object as content_type", { content_type: { toString: "blogPost" } }, /"content_type" must be one of/],
    ["null as limit", { content_type: "blogPost", limit: null }, /"limit" must be a whole number/],
    ["a number as order", { content_type: "blogPost", order: 1 }, /"order" must be a string/],
    ["a list as the body", [{ content_type: "blogPost" }], /must be a JSON object/],
  ];

  it.each(badBodies)("refuses %s with 400 and a message naming the key", async (_, body, message) => {
    const res = await request(app)
      .post("/contentful/posts")
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe("fail");
    expect(res.body.message).toMatch(message);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await request(app)
      .post("/contentful/posts")
      .set("Content-Type", "application/json")
      .send('{"content_type": "blogPost",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: "fail", message: "The request body is not valid JSON." });
  });

  it("refuses a 200 kB body with 413", async () => {
    const res = await request(app)
      .post("/contentful/posts")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ content_type: "blogPost", "fields.slug": "x".repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.status).toBe("fail");
  });

  it("answers no input with a 5xx: 600 generated bodies, each 200, 400, 413 or 415", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const keys = [
      "content_type",
      "limit",
      "skip",
      "order",
      "select",
      "fields.slug",
      "fields.blogCategory",
      "fields.category",
      "__proto__",
      "constructor",
      "fields.",
      "",
      "sys.id",
    ];
    const values: unknown[] = [
      "blogPost",
      "singleProject",
      "homePage",
      "singleServices",
      "",
      " ",
      "-fields.blogPostDate",
      "fields.projectTitle,-sys.id",
      "sys.id,fields.blogCategory",
      ",,,",
      "-",
      "fields.__proto__",
      "sys.id,fields.constructor",
      0,
      -1,
      1,
      3,
      1000,
      Number.POSITIVE_INFINITY,
      Number.NaN,
      "12",
      "1e3",
      true,
      null,
      [],
      {},
      { a: 1 },
      ["blogPost"],
      "\u0000",
      "é".repeat(300),
      "fields.slug",
      "toString",
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const body: Record<string, unknown> = {};
      const size = Math.floor(random() * 5);
      for (let k = 0; k < size; k++) body[pick(keys)] = pick(values);
      if (random() < 0.7) body.content_type = pick(values.slice(0, 4));
      const raw = random() < 0.1 ? JSON.stringify(body).slice(0, Math.floor(random() * 40)) : JSON.stringify(body);
      const res = await request(app).post("/contentful/posts").set("Content-Type", "application/json").send(raw);
      statuses.add(res.status);
      if (res.status >= 500) throw new Error(`${raw} → ${res.status} ${res.text}`);
    }
    expect([...statuses].every((status) => [200, 400, 413, 415].includes(status))).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(400);
  });
});

describe("POST /contentful/webhook", () => {
  it("refuses a missing or wrong secret with 401", async () => {
    const { app } = await localApp();
    const missing = await request(app).post("/contentful/webhook").send({});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ status: "fail", message: "The webhook secret is missing or wrong." });
    const wrong = await request(app).post("/contentful/webhook").set("X-Webhook-Secret", `${secret}x`).send({});
    expect(wrong.status).toBe(401);
    const short = await request(app).post("/contentful/webhook").set("X-Webhook-Secret", "a").send({});
    expect(short.status).toBe(401);
  });

  it("refuses everything when no secret is configured", async () => {
    const { app } = await buildTestApp({ env: { CONTENT_DIR: storeDir } });
    const res = await request(app).post("/contentful/webhook").set("X-Webhook-Secret", "").send({});
    expect(res.status).toBe(401);
  });

  it("with the right secret purges the cache: a publish shows at once", async () => {
    const { app } = await buildTestApp({ env: contentfulEnv() });
    const query = { content_type: "blogPost", "fields.slug": "bright-ideas", select: "fields.blogTitle" };
    const before = await request(app).post("/contentful/posts").send(query);
    expect(before.body.items[0].fields).toEqual({ blogTitle: "Bright ideas" });
    fixture.cda.publish("post-bright", "blogTitle", "Brighter ideas");
    try {
      const cached = await request(app).post("/contentful/posts").send(query);
      expect(cached.body.items[0].fields).toEqual({ blogTitle: "Bright ideas" });
      const hook = await request(app)
        .post("/contentful/webhook")
        .set("X-Webhook-Secret", secret)
        .set("Content-Type", "application/vnd.contentful.management.v1+json")
        .send(JSON.stringify({ sys: { id: "post-bright", type: "Entry" }, padding: "x".repeat(100 * 1024) }));
      expect(hook.status).toBe(200);
      expect(hook.body.status).toBe("success");
      const after = await request(app).post("/contentful/posts").send(query);
      expect(after.body.items[0].fields).toEqual({ blogTitle: "Brighter ideas" });
    } finally {
      fixture.cda.publish("post-bright", "blogTitle", "Bright ideas");
    }
  });
});

describe("content pages and the source", () => {
  it("render an article from the store by slug, and the 404 page for an unknown slug", async () => {
    const { app } = await localApp();
    const res = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h1>Alpha launch</h1>");
    const missing = await request(app).get("/post/no-such-post").set("User-Agent", googlebot);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("404, page not found.");
  });

  it("with the source down and nothing cached: the loading placeholder, 503 and Retry-After, never a 500", async () => {
    const { app } = await appWithSourceDown();
    const page = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.text).toContain('role="status"');
    expect(page.text).toContain("Loading...");
    expect(page.text).not.toContain("Unexpected Application Error!");
    const api = await request(app).post("/contentful/posts").send({ content_type: "homePage" });
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe("30");
    expect(api.body.status).toBe("fail");
  });

  it("with the source down and the answer cached: the stale page", async () => {
    const { app, services } = await buildTestApp({ env: { ...contentfulEnv(), CONTENT_TTL_SECONDS: "0" } });
    expect((await request(app).get("/post/alpha-launch").set("User-Agent", googlebot)).status).toBe(200);
    fixture.cda.failWith = 503;
    try {
      const res = await request(app).get("/post/alpha-launch").set("User-Agent", googlebot);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<h1>Alpha launch</h1>");
      expect(services.content.stats().sourceErrors).toBeGreaterThan(0);
    } finally {
      fixture.cda.failWith = undefined;
    }
  }, 30_000);
});

describe("content images and the CSP", () => {
  it("serves store images with caching and nosniff, and nothing outside the images folder", async () => {
    const { app } = await localApp();
    const image = await request(app).get("/content/images/articles/inline-alpha.png");
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers.etag).toBeTruthy();
    expect((await request(app).get("/content/images/nope.png")).status).toBe(404);
    expect((await request(app).get("/content/images/../assets.json")).status).toBe(404);
    expect((await request(app).get("/content/images/%2e%2e/assets.json")).status).toBe(404);
    expect((await request(app).get("/content/assets.json")).status).toBe(404);
  });

  it("answers ?w= with a smaller WebP copy, like Contentful's Images API, and the original past its width", async () => {
    const { app } = await buildTestApp();
    const original = await request(app).get("/content/images/projects/dennis-group/featured-1.webp").buffer(true);
    expect(original.status).toBe(200);
    const small = await request(app)
      .get("/content/images/projects/dennis-group/featured-1.webp?w=600&fm=webp&q=75")
      .buffer(true);
    expect(small.status).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    expect(small.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const width = (await sharp(small.body as Buffer).metadata()).width;
    // Widths snap up to a fixed ladder, so there are only so many copies of each image.
    expect(width).toBe(640);
    expect((small.body as Buffer).length).toBeLessThan((original.body as Buffer).length);
    const again = await request(app).get("/content/images/projects/dennis-group/featured-1.webp?w=610").buffer(true);
    expect(Buffer.compare(again.body as Buffer, small.body as Buffer)).toBe(0);

    const huge = await request(app).get("/content/images/projects/dennis-group/featured-1.webp?w=9000").buffer(true);
    expect(Buffer.compare(huge.body as Buffer, original.body as Buffer)).toBe(0);
    for (const odd of ["?w=abc", "?w=-5", "?w=600&fm=gif"]) {
      const res = await request(app).get(`/content/images/projects/dennis-group/featured-1.webp${odd}`).buffer(true);
      expect(`${odd} ${res.status} ${Buffer.compare(res.body as Buffer, original.body as Buffer)}`).toBe(
        `${odd} 200 0`,
      );
    }
    expect((await request(app).get("/content/images/../assets.json?w=600")).status).toBe(404);
    expect((await request(app).get("/content/images/%2e%2e/assets.json?w=600")).status).toBe(404);
    expect((await request(app).get("/content/images/nope.webp?w=600")).status).toBe(404);
  });

  it("lets pages load Contentful's images only when Contentful is the source", async () => {
    const local = await localApp();
    const contentful = await buildTestApp({ env: contentfulEnv() });
    const imgSrc = (csp: string) => csp.split(";").find((directive) => directive.trim().startsWith("img-src"));
    const localCsp = (await request(local.app).get("/healthz")).headers["content-security-policy"] as string;
    const remoteCsp = (await request(contentful.app).get("/healthz")).headers["content-security-policy"] as string;
    expect(imgSrc(localCsp)).not.toContain("images.ctfassets.net");
    expect(imgSrc(remoteCsp)).toContain("https://images.ctfassets.net");
  });
});
