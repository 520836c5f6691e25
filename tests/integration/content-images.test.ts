import sharp from "sharp";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { contentApps } from "../support/content-apps.ts";

/** Store images (served, resized to WebP) and the image sources the Content-Security-Policy allows, per source. */

const { localApp, contentfulEnv } = contentApps();

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
