import request from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

describe("POST limits", () => {
  it("refuses the sixth enquiry from one client within 15 minutes with 429 JSON", async () => {
    const { app } = await buildTestApp();
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await request(app).post("/emails/contact-form").send({ name: "x" });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
    expect(last?.body.status).toBe("fail");
    expect(last?.body.message).toMatch(/try again/i);
  });

  it("answers an oversized body with 413 JSON", async () => {
    const { app } = await buildTestApp();
    const res = await request(app)
      .post("/contentful/posts")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ content_type: "blogPost", padding: "x".repeat(200 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.status).toBe("fail");
  });
});
