import request from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the privacy policy", () => {
  it("states the outbox retention the server is configured with", async () => {
    const { app } = await buildTestApp({ env: { OUTBOX_RETENTION_DAYS: "45" } });
    const res = await request(app).get("/privacy-policy").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    expect(res.text).toContain("it is deleted from the outbox after <!-- -->45<!-- --> days");
  });
});
