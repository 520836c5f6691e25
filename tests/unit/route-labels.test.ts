import express from "express";
import { Registry } from "prom-client";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/http/logging.ts";
import { RouteLabeler } from "../../server/lib/route-labels.ts";
import { createOps } from "../../server/ops/ops.ts";
import { opsMiddleware } from "../../server/ops/router.ts";

const logger = createLogger("silent");

// The route manifest's shape, as React Router's server build gives it.
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/post": { id: "routes/post", parentId: "root", path: "post/:slug" },
  "routes/news": { id: "routes/news", parentId: "root", path: "news" },
  "routes/status": { id: "routes/status", parentId: "root", path: "status" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

describe("route labels", () => {
  const labeler = new RouteLabeler(manifest);

  it("names page routes by their template, data requests included", () => {
    expect(labeler.page("/")).toBe("/");
    expect(labeler.page("/_root.data")).toBe("/");
    expect(labeler.page("/news")).toBe("/news");
    expect(labeler.page("/news/")).toBe("/news");
    expect(labeler.page("/post/why-brand-matters")).toBe("/post/:slug");
    expect(labeler.page("/post/why-brand-matters.data")).toBe("/post/:slug");
  });

  it("gives every path outside the route table one label", () => {
    for (const path of ["/nope", "/post/a/b", "/wp-admin/setup.php", "/post", "/.env"]) {
      expect(labeler.page(path)).toBe("unmatched");
    }
  });

  it("uses an Express route's own template, mount path included", async () => {
    const registry = new Registry();
    const ops = createOps({ registry, logger, build: { version: "1", commit: null } });
    const app = express();
    app.use(opsMiddleware(ops, labeler));
    const proxy = express.Router();
    proxy.post("/posts", (_req, res) => {
      res.json({ items: [] });
    });
    app.use("/contentful", proxy);
    app.get("/emails/:kind", (_req, res) => {
      res.sendStatus(405);
    });
    await request(app).post("/contentful/posts");
    await request(app).get("/emails/contact-form");
    const text = await registry.metrics();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="POST",route="/contentful/posts",status_code="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/emails/:kind",status_code="405"} 1',
    );
  });
});
