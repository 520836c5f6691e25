import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { parseMail, startSmtp } from "../support/smtp.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const enquiry = { name: "Ada Lovelace", email: "ada@example.com", need: "Branding", brief: "A logo." };

async function solved(app: Awaited<ReturnType<typeof buildTestApp>>["app"]) {
  const { a, b, challenge } = (await request(app).get("/emails/contact-form/challenge")).body as {
    a: number;
    b: number;
    challenge: string;
  };
  return { challenge, answer: String(a + b) };
}

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

  it("takes a corrected enquiry after six refused ones: only what was sent or failed the spam check counts", async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const built = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(() => built.services.stop());
    // One question throughout: a right answer to an enquiry refused for another reason keeps it answerable.
    const question = await solved(built.app);
    const refused = [
      () =>
        request(built.app)
          .post("/emails/contact-form")
          .send({ ...enquiry, name: "", ...question }),
      () =>
        request(built.app)
          .post("/contact")
          .type("form")
          .send({ ...enquiry, name: "", ...question }),
      () =>
        request(built.app)
          .post("/contact.data")
          .type("form")
          .send({ ...enquiry, name: "", ...question }),
      () =>
        request(built.app)
          .post("/emails/contact-form")
          .send({ ...enquiry, brief: "x".repeat(40 * 1024), ...question }),
      () => request(built.app).post("/emails/contact-form").set("Content-Type", "text/plain").send("Ada"),
      () =>
        request(built.app)
          .post("/emails/contact-form")
          .send({ ...enquiry, need: "Knitting", ...question }),
    ];
    const statuses = [];
    for (const post of refused) statuses.push((await post()).status);
    expect(statuses).toEqual([400, 400, 400, 413, 415, 400]);

    const sent = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...enquiry, ...question });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatch(/^Thanks, Ada!/);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(parseMail(smtp.received[0]?.raw ?? "").header("subject")).toBe("New enquiry: Branding from Ada Lovelace");
  });

  it("refuses a client's 31st refused enquiry within 15 minutes, so a bot cannot probe for ever", async () => {
    const { app, services } = await buildTestApp();
    cleanups.push(() => services.stop());
    const question = await solved(app);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (
          await request(app)
            .post("/emails/contact-form")
            .send({ ...enquiry, name: "", ...question })
        ).status,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([400]));
    const over = await request(app)
      .post("/emails/contact-form")
      .send({ ...enquiry, ...question });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ status: "fail", message: expect.stringMatching(/^Too many refused enquiries/) });
    expect(over.headers["ratelimit-policy"]).toMatch(/"contact-refused"; q=30; w=900/);
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
