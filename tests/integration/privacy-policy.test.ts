import request from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";

const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("the privacy policy", () => {
  it("states how long delivered and undeliverable enquiries are kept, as the server is configured", async () => {
    const { app } = await buildTestApp({ env: { OUTBOX_RETENTION_DAYS: "45", DEAD_LETTER_RETENTION_DAYS: "21" } });
    const res = await request(app).get("/privacy-policy").set("User-Agent", googlebot);
    expect(res.status).toBe(200);
    const text = res.text.replaceAll("<!-- -->", "");
    expect(text).toContain("Once an enquiry has been delivered, it is deleted from the outbox after 45 days.");
    expect(text).toContain("An enquiry that could not be delivered is deleted after 21 days.");
  });
});
