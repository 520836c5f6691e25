import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { listen } from "../support/raw-http.ts";

/**
 * One enquiry budget per visitor whatever the spelling of the address (case, trailing slash,
 * `.data`, escapes). Five enquiries in 15 minutes are taken; the sixth is a 429, by whichever spelling it comes.
 */

const apiSpellings = ["/emails/contact-form", "/emails/contact-form/", "/EMAILS/CONTACT-FORM", "/Emails/Contact-Form/"];
const pageSpellings = [
  "/contact",
  "/contact/",
  "/CONTACT",
  "/Contact.data",
  "/contact.data",
  "/contact/_.data",
  "/%63ontact",
];
const spellings = [...apiSpellings, ...pageSpellings];

type Built = Awaited<ReturnType<typeof buildTestApp>>;

describe("the enquiry rate limit through every spelling", () => {
  let built: Built;
  let server: Awaited<ReturnType<typeof listen>>;
  let base: string;
  beforeAll(async () => {
    // The default limit (5 in 15 minutes); each scenario is its own visitor behind the trusted proxy.
    built = await buildTestApp({ env: { TRUST_PROXY: "loopback" } });
    server = await listen(built.app);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await built?.services.stop();
  });

  /** One real enquiry with a solved spam question, from `visitor`, to the address as spelt. */
  async function enquire(spelling: string, visitor: string) {
    const question = (await fetch(`${base}/emails/contact-form/challenge`).then((res) => res.json())) as {
      a: number;
      b: number;
      challenge: string;
    };
    const fields = {
      name: "Jane Doe",
      email: "jane@example.com",
      need: "Graphic Design",
      brief: `A leaflet (sent to ${spelling} by ${visitor})`,
      challenge: question.challenge,
      answer: String(question.a + question.b),
    };
    const api = apiSpellings.includes(spelling);
    const res = await fetch(`${base}${spelling}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": api ? "application/json" : "application/x-www-form-urlencoded",
        "X-Forwarded-For": visitor,
      },
      body: api ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
    return { status: res.status, cacheControl: res.headers.get("Cache-Control"), body: await res.text() };
  }

  it.each(spellings.map((spelling, i) => [spelling, i]))(
    "five enquiries by five other spellings, then the sixth by %s: 429",
    async (spelling, i) => {
      const visitor = `10.12.0.${Number(i) + 1}`;
      const others = spellings.filter((other) => other !== spelling);
      const first = [];
      for (let n = 0; n < 5; n += 1)
        first.push(await enquire(others[(n + Number(i)) % others.length] as string, visitor));
      // Taken: the API and the router's data requests answer 200, a page's own form post is sent on (303).
      expect(first.map((answer) => [200, 303].includes(answer.status))).toEqual([true, true, true, true, true]);
      const sixth = await enquire(String(spelling), visitor);
      expect(sixth.status).toBe(429);
      expect(sixth.cacheControl).toBe("no-store");
      expect(JSON.parse(sixth.body)).toMatchObject({
        status: "fail",
        message: expect.stringMatching(/Too many enquiries/),
      });
    },
    30_000,
  );

  it("kept every enquiry it accepted, and none it refused", async () => {
    // Without SMTP_URL each accepted enquiry is written as an .eml file: five per visitor, never a sixth.
    const mails = () => readdir(path.join(built.config.DATA_DIR, "mail")).catch(() => [] as string[]);
    await vi.waitFor(
      async () => expect((await mails()).filter((name) => name.endsWith(".eml"))).toHaveLength(5 * spellings.length),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
  });
});
