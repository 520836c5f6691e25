import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftPost, draftProjectEdit } from "../../scripts/content/drafts.ts";
import { previewCookie } from "../../server/lib/preview-cookie.ts";
import { buildTestApp } from "../support/app.ts";
import { type CdaServer, startCdaServer } from "../support/cda-server.ts";

/**
 * Draft preview through the real app (production build) over the sample content and its drafts: the embedded
 * store, and Contentful through the real SDK against the stand-in answering as the Preview API.
 */

const root = path.resolve(import.meta.dirname, "../..");

/** The content cache's numbers once they hold still for half a second (background renders done). */
async function settledStats(content: { stats(): { hits: number; misses: number; entries: number } }) {
  let last = JSON.stringify(content.stats());
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = JSON.stringify(content.stats());
    if (now === last) break;
    last = now;
  }
  return content.stats();
}
const contentDir = path.join(root, "content");
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const previewSecret = "preview-secret-for-tests-0123456789";
const draftPath = `/post/${draftPost.slug}`;
const publishedProjectTitle = JSON.parse(
  readFileSync(path.join(contentDir, "entries/singleProject", `${draftProjectEdit.id}.json`), "utf8"),
).fields.projectTitle as string;
const projectPath = `/project/${
  JSON.parse(readFileSync(path.join(contentDir, "entries/singleProject", `${draftProjectEdit.id}.json`), "utf8")).fields
    .slug
}`;

let cda: CdaServer;
beforeAll(async () => {
  cda = await startCdaServer(contentDir);
});
afterAll(async () => {
  await cda.close();
});

const sources = {
  local: () => ({ PREVIEW_SECRET: previewSecret }),
  contentful: () => ({
    PREVIEW_SECRET: previewSecret,
    CONTENT_SOURCE: "contentful",
    CONTENTFUL_SPACE_ID: cda.space,
    CONTENTFUL_ACCESS_TOKEN: cda.token,
    CONTENTFUL_HOST: cda.origin,
    CONTENTFUL_PREVIEW_TOKEN: cda.previewToken,
    CONTENTFUL_PREVIEW_HOST: cda.origin,
    CONTENT_TTL_SECONDS: "3600",
  }),
};

type Built = Awaited<ReturnType<typeof buildTestApp>>;

/** The `name=value` of the preview cookie a response sets, as a browser would send it back. */
function cookieFrom(res: request.Response): string {
  const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  const line = setCookie.find((value) => value.startsWith(`${previewCookie}=`));
  if (!line) throw new Error(`no ${previewCookie} cookie in ${JSON.stringify(setCookie)}`);
  return line.split(";")[0] ?? "";
}

async function enterPreview(app: Built["app"], pathname = draftPath) {
  const res = await request(app).get(`/preview?secret=${previewSecret}&path=${encodeURIComponent(pathname)}`);
  expect(res.status).toBe(302);
  return { res, cookie: cookieFrom(res) };
}

const page = (app: Built["app"], pathname: string, cookie?: string) => {
  const req = request(app).get(pathname).set("User-Agent", googlebot);
  return cookie ? req.set("Cookie", cookie) : req;
};

describe.each(Object.keys(sources) as (keyof typeof sources)[])("preview over the %s source", (source) => {
  let built: Built;
  beforeAll(async () => {
    built = await buildTestApp({ env: sources[source]() });
  });

  it("opens from its link: a signed, HttpOnly cookie for a few hours, and a redirect to the page", async () => {
    const { res, cookie } = await enterPreview(built.app);
    expect(res.headers.location).toBe(draftPath);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const line = ([] as string[]).concat(res.headers["set-cookie"] ?? []).join("");
    expect(line).toMatch(/; HttpOnly/);
    // Production (as the tests run): Secure, and SameSite=None + Partitioned so Contentful's frame can carry it.
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=None/);
    expect(line).toMatch(/; Partitioned/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(12 * 60 * 60);
    // Signed: the value carries an HMAC, not a bare flag.
    expect(decodeURIComponent(cookie.split("=")[1] ?? "")).toMatch(/^s:\d+\.[\w+/-]+$/);
  });

  it("shows the draft article on /news and its page with the banner; private, no-store and noindex", async () => {
    const { cookie } = await enterPreview(built.app);
    const news = await page(built.app, "/news", cookie);
    expect(news.status).toBe(200);
    expect(news.text).toContain(draftPost.title);
    const article = await page(built.app, draftPath, cookie);
    expect(article.status).toBe(200);
    // In preview the heading carries its inspector tags.
    expect(article.text).toMatch(
      new RegExp(`<h1 data-contentful-entry-id="[^"]+" data-contentful-field-id="blogTitle">${draftPost.title}</h1>`),
    );
    expect(article.text).toContain("drafts are shown");
    expect(article.text).toContain(`href="/preview/exit?path=${encodeURIComponent(draftPath)}"`);
    for (const res of [news, article]) {
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-robots-tag"]).toBe("noindex");
      // Contentful's web app, in either region (LIVE_PREVIEW_ORIGINS' default), may frame a preview; nothing else may.
      expect(res.headers["content-security-policy"]).toContain(
        "frame-ancestors https://app.contentful.com https://app.eu.contentful.com;",
      );
      expect(res.headers["x-frame-options"]).toBeUndefined();
    }
    // A client-side navigation's data request is a preview answer too.
    const data = await request(built.app).get("/news.data").set("Cookie", cookie);
    expect(data.status).toBe(200);
    expect(data.text).toContain(draftPost.title);
    expect(data.headers["cache-control"]).toBe("private, no-store");
    // Nor is the data a page fetches ahead of a tap kept by the browser.
    const ahead = await request(built.app).get("/news.data").set({ Cookie: cookie, "Sec-Purpose": "prefetch" });
    expect(ahead.headers["cache-control"]).toBe("private, no-store");
    // Files are the same in preview and keep their own caching.
    const feed = await request(built.app).get("/news/rss.xml").set("Cookie", cookie);
    expect(feed.headers["cache-control"]).toBe("public, max-age=60");
    expect(feed.text).not.toContain(draftPost.title);
  });

  it("passes the page cache only with a cookie whose signature checks out; any other gets the stored page, cleared", async () => {
    // The public /news, stored.
    let stored: request.Response | undefined;
    for (let attempt = 0; attempt < 100 && stored?.headers["x-cache"] !== "HIT"; attempt++) {
      stored = await page(built.app, "/news");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stored?.headers["x-cache"]).toBe("HIT");
    const { cookie } = await enterPreview(built.app);
    const previewed = await page(built.app, "/news", cookie);
    expect(previewed.headers["x-cache"]).toBeUndefined();
    expect(previewed.text).toContain(draftPost.title);
    expect(previewed.headers["set-cookie"]).toBeUndefined();
    const [name, value] = cookie.split("=");
    const forged = `${name}=${encodeURIComponent(decodeURIComponent(value ?? "").replace(/^s:\d+/, `s:${Date.now() + 9e9}`))}`;
    for (const other of [`${previewCookie}=x`, forged, `${previewCookie}=${Date.now() + 9e9}`]) {
      const answer = await page(built.app, "/news", other);
      expect(answer.headers["x-cache"], other).toBe("HIT");
      expect(answer.text).toBe(stored?.text);
      expect(answer.text).not.toContain(draftPost.title);
      expect(([] as string[]).concat(answer.headers["set-cookie"] ?? []).join(""), other).toMatch(
        new RegExp(
          `^${previewCookie}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=None; Partitioned$`,
        ),
      );
    }
  });

  it("tags the fields a page shows for inspector mode in preview, and never on the public page", async () => {
    const { cookie } = await enterPreview(built.app, projectPath);
    const project = JSON.parse(
      readFileSync(path.join(contentDir, "entries/singleProject", `${draftProjectEdit.id}.json`), "utf8"),
    ) as { sys: { id: string } };
    const previewed = await page(built.app, projectPath, cookie);
    expect(previewed.text).toContain(
      `data-contentful-entry-id="${project.sys.id}" data-contentful-field-id="projectTitle"`,
    );
    for (const field of ["introContent", "heroBackground", "theBrief", "gallery"]) {
      expect(previewed.text).toContain(`data-contentful-field-id="${field}"`);
    }
    // The public page, twice: the second answer is the page cache's stored document.
    for (let i = 0; i < 2; i++) {
      const published = await page(built.app, projectPath);
      expect(published.status).toBe(200);
      expect(published.text).not.toContain("data-contentful-");
    }
  });

  it("shows a draft edit of a published project", async () => {
    const { cookie } = await enterPreview(built.app, projectPath);
    const res = await page(built.app, projectPath, cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain(draftProjectEdit.title);
    const published = await page(built.app, projectPath);
    expect(published.text).not.toContain(draftProjectEdit.title);
    expect(published.text).toContain(publishedProjectTitle);
  });

  it("never reads or fills the anonymous content cache", async () => {
    const { cookie } = await enterPreview(built.app);
    await page(built.app, "/news"); // the anonymous cache holds /news
    // The page cache renders a stored page once more in the background: let it finish first.
    const before = await settledStats(built.services.content);
    for (const pathname of ["/news", draftPath, projectPath, "/"]) {
      expect((await page(built.app, pathname, cookie)).status).toBe(200);
    }
    const after = built.services.content.stats();
    expect({ hits: after.hits, misses: after.misses, entries: after.entries }).toEqual({
      hits: before.hits,
      misses: before.misses,
      entries: before.entries,
    });
    // And the anonymous pages are as they were.
    const news = await page(built.app, "/news");
    expect(news.text).not.toContain(draftPost.title);
    expect(news.headers["x-robots-tag"]).toBeUndefined();
    expect(news.text).not.toContain("drafts are shown");
    expect(news.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(news.headers["x-frame-options"]).toBe("DENY");
  });

  it("without the cookie, after exit, or with a forged cookie: the draft is 404 and /news is as before", async () => {
    const anonymous = await page(built.app, draftPath);
    expect(anonymous.status).toBe(404);

    const { cookie } = await enterPreview(built.app);
    const exit = await request(built.app)
      .get(`/preview/exit?path=${encodeURIComponent(draftPath)}`)
      .set("Cookie", cookie);
    expect(exit.status).toBe(302);
    expect(exit.headers.location).toBe(draftPath);
    const cleared = ([] as string[]).concat(exit.headers["set-cookie"] ?? []).join("");
    expect(cleared).toMatch(new RegExp(`^${previewCookie}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await page(built.app, draftPath, cookieFrom(exit) || undefined)).status).toBe(404);

    // The expiry is inside the signature: a later expiry without the key is not accepted.
    const [name, value] = cookie.split("=");
    const forged = `${name}=${encodeURIComponent(decodeURIComponent(value ?? "").replace(/^s:\d+/, `s:${Date.now() + 9e9}`))}`;
    expect((await page(built.app, draftPath, forged)).status).toBe(404);
    const news = await page(built.app, "/news", forged);
    expect(news.text).not.toContain(draftPost.title);
    expect(news.headers["cache-control"]).not.toBe("private, no-store");
  });
});

describe("the preview link", () => {
  let app: Built["app"];
  beforeAll(async () => {
    ({ app } = await buildTestApp({ env: { PREVIEW_SECRET: previewSecret } }));
  });

  it("refuses a wrong or missing secret with 401", async () => {
    for (const query of [`secret=${previewSecret}x&path=/news`, "path=/news", "secret=&path=/news", "secret[]=a"]) {
      const res = await request(app).get(`/preview?${query}`);
      expect(res.status, query).toBe(401);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("refuses a path to another site, or outside the route table, with 400", async () => {
    const paths = [
      "https://evil.example/post/x",
      "//evil.example/post/x",
      "/\\evil.example",
      "/%09/evil.example",
      "post/x",
      "/no-such-page/at-all",
      "/news.data",
      "/assets/app.js",
      "/.//evil.example",
    ];
    for (const target of paths) {
      const res = await request(app).get(`/preview?secret=${previewSecret}&path=${encodeURIComponent(target)}`);
      expect(res.status, target).toBe(400);
      expect(res.headers["set-cookie"], target).toBeUndefined();
    }
    const ok = await request(app).get(
      `/preview?secret=${previewSecret}&path=${encodeURIComponent("/news?category=Branding")}`,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe("/news?category=Branding");
  });

  it("exit returns only to a page of this site", async () => {
    const res = await request(app).get(`/preview/exit?path=${encodeURIComponent("//evil.example/")}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
  });
});

describe("preview off", () => {
  it("without PREVIEW_SECRET, or for Contentful without a preview token, /preview is 404 and nothing changes", async () => {
    const apps = [
      (await buildTestApp()).app,
      (
        await buildTestApp({
          env: { ...sources.contentful(), CONTENTFUL_PREVIEW_TOKEN: "" },
        })
      ).app,
    ];
    for (const app of apps) {
      const res = await request(app).get(`/preview?secret=${previewSecret}&path=/news`).set("User-Agent", googlebot);
      expect(res.status).toBe(404);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect((await request(app).get(draftPath).set("User-Agent", googlebot)).status).toBe(404);
    }
  });
});

describe("the preview token never reaches the browser", () => {
  it("is in no built client asset and no served page, preview on", async () => {
    const { app } = await buildTestApp({ env: sources.contentful() });
    const secrets = [cda.previewToken, previewSecret, "CONTENTFUL_PREVIEW_TOKEN", "PREVIEW_SECRET"];
    const clientDir = path.join(root, "build/client");
    const files = readdirSync(clientDir, { recursive: true, withFileTypes: true }).filter((file) => file.isFile());
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), "latin1");
      for (const secret of secrets) expect(text.includes(secret), `${file.name} contains ${secret}`).toBe(false);
    }
    const { cookie } = await enterPreview(app);
    for (const pathname of ["/", "/news", draftPath, projectPath, "/about", "/news.data", `${draftPath}.data`]) {
      for (const res of [await page(app, pathname, cookie), await page(app, pathname)]) {
        for (const secret of secrets.slice(0, 2)) {
          expect(res.text.includes(secret), `${pathname} contains ${secret}`).toBe(false);
          expect(JSON.stringify(res.headers).includes(secret), `${pathname} headers contain ${secret}`).toBe(false);
        }
      }
    }
  });
});
