import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import request from "supertest";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { freePort, parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

const mailFrom = "Gritstone website <website@gritstone.test>";
const mailTo = "studio@gritstone.test";

type App = Awaited<ReturnType<typeof buildTestApp>>;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appSendingTo(smtpUrl: string): Promise<App> {
  const built = await buildTestApp({
    env: { SMTP_URL: smtpUrl, MAIL_FROM: mailFrom, MAIL_TO: mailTo, CONTACT_RATE_LIMIT: "1000" },
    serviceOptions: { deliveryBackoff: { baseMs: 100, maxMs: 400 } },
  });
  cleanups.push(() => built.services.stop());
  return built;
}

async function smtp(port?: number): Promise<TestSmtp> {
  const server = await startSmtp(port);
  cleanups.push(() => server.close());
  return server;
}

/** Asks the API for a spam question and answers it, as an API client would. */
async function solved(app: App["app"], right = true) {
  const res = await request(app).get("/emails/contact-form/challenge").expect(200);
  const { a, b, challenge } = res.body as { a: number; b: number; challenge: string };
  return { challenge, answer: String(right ? a + b : a + b + 1) };
}

const fullEnquiry = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  need: "Web & Ecommerce",
  brief: "A shop for our <b>hand-thrown</b> pots & mugs.\nLive by March.",
  site: "https://ada.example.com/?a=1&b=<2>",
  site_type: "Ecommerce website",
  improve: 'Checkout is "slow" <script>alert(1)</script>',
  budget: "£3000-5000",
  message: "Call after 2pm, please.",
  biscuits: "yes",
};

/** Delivery keeps arrival order: once an enquiry sent last arrives, nothing refused before it could still come. */
async function expectOnlyTheSentinelMailed(built: App, server: TestSmtp) {
  const sentinel = await request(built.app)
    .post("/emails/contact-form")
    .send({ ...fullEnquiry, name: "Sentinel", ...(await solved(built.app)) });
  expect(sentinel.status).toBe(200);
  await vi.waitFor(() => expect(server.received.length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
  expect(server.received).toHaveLength(1);
  expect(parseMail(server.received[0]?.raw ?? "").header("subject")).toMatch(/from Sentinel$/);
}

async function outboxFiles(app: App, folder: "pending" | "delivered") {
  return readdir(path.join(app.config.DATA_DIR, "outbox", folder)).then((names) =>
    names.filter((n) => n.endsWith(".json")),
  );
}

describe("POST /emails/contact-form with a real SMTP server", () => {
  it("delivers a valid enquiry with every field, the right headers and escaped HTML", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const res = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, ...(await solved(built.app)) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect(res.body.message).toMatch(/^Thanks, Ada!/);

    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [received] = server.received;
    expect(received?.recipients).toEqual([mailTo]);
    const mail = parseMail(received?.raw ?? "");
    expect(mail.header("from")).toBe(mailFrom);
    expect(mail.header("to")).toBe(mailTo);
    expect(mail.header("reply-to")).toBe("Ada Lovelace <ada@example.com>");
    expect(mail.header("subject")).toBe("New enquiry: Web & Ecommerce from Ada Lovelace");
    expect(mail.header("message-id")).toMatch(/^<enquiry\.\d{8}T\d{6}Z-[0-9a-f]{8}@gritstone\.test>$/);

    for (const value of Object.values(fullEnquiry)) {
      for (const line of value.split("\n")) expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain("A shop for our &lt;b&gt;hand-thrown&lt;/b&gt; pots &amp; mugs.<br>Live by March.");
    expect(mail.html).toContain("Checkout is &quot;slow&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("https://ada.example.com/?a=1&amp;b=&lt;2&gt;");
    expect(mail.html).toContain("£3000-5000");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>hand");

    // The file moves to delivered/ a moment before the queue counts it out (it is counted once the move is done).
    await vi.waitFor(async () => {
      expect(await outboxFiles(built, "delivered")).toHaveLength(1);
      expect(await outboxFiles(built, "pending")).toEqual([]);
      expect(await built.services.enquiries.stats()).toMatchObject({ delivery: "smtp", outboxDepth: 0 });
    });
    expect((await built.services.enquiries.stats()).lastDeliveryAt).not.toBeNull();
    const metrics = await built.services.metrics.metrics();
    expect(metrics).toMatch(/^enquiries_total\{outcome="accepted"\} 1$/m);
    expect(metrics).toMatch(/^enquiry_delivery_attempts_total\{result="success"\} 1$/m);
    expect(metrics).toMatch(/^enquiry_outbox_pending 0$/m);
  });

  it("accepts the same enquiry form-encoded and applies the N/A rules of its need", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const res = await request(built.app)
      .post("/emails/contact-form")
      .type("form")
      .send({ ...fullEnquiry, need: "Packaging", ...(await solved(built.app)) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const mail = parseMail(server.received[0]?.raw ?? "");
    expect(mail.header("subject")).toBe("New enquiry: Packaging from Ada Lovelace");
    for (const label of ["Your current website:", "What kind of website?", "What should be better?", "Budget:"]) {
      expect(mail.text).toContain(`${label} N/A`);
    }
  });

  it("says success while SMTP is down, keeps the enquiry in the outbox, and delivers it when SMTP is back", async () => {
    const port = await freePort();
    const built = await appSendingTo(`smtp://127.0.0.1:${port}`);
    const res = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, ...(await solved(built.app)) });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");

    await vi.waitFor(
      async () =>
        expect(await built.services.metrics.metrics()).toMatch(
          /^enquiry_delivery_attempts_total\{result="failure"\} [1-9]/m,
        ),
      { timeout: 10_000, interval: 50 },
    );
    expect(await outboxFiles(built, "pending")).toHaveLength(1);
    expect((await built.services.enquiries.stats()).outboxDepth).toBe(1);
    // The mail server is away: /readyz says so, and stays ready, since the enquiry waits safely in the outbox.
    const away = await request(built.app).get("/readyz");
    expect(away.status).toBe(200);
    expect(away.body.checks).toContainEqual(
      expect.objectContaining({ name: "mail server answers", state: "fail", critical: false }),
    );

    const server = await smtp(port);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(parseMail(server.received[0]?.raw ?? "").header("subject")).toBe(
      "New enquiry: Web & Ecommerce from Ada Lovelace",
    );
    await vi.waitFor(async () => expect(await outboxFiles(built, "pending")).toEqual([]));
    // As above: the queue counts the enquiry out once its file has moved.
    await vi.waitFor(async () =>
      expect(await built.services.enquiries.stats()).toMatchObject({ outboxDepth: 0, oldestPendingSeconds: null }),
    );
  });

  it("cannot be made to add mail headers with CR/LF in the name, and refuses an email address carrying them", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const refused = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, email: "eve@example.com\r\nBcc: spy@evil.test", ...(await solved(built.app)) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: "fail", message: expect.stringMatching(/valid email address/) });

    const res = await request(built.app)
      .post("/emails/contact-form")
      .send({
        ...fullEnquiry,
        name: "Eve\r\nBcc: spy@evil.test\r\nX-Injected: yes",
        ...(await solved(built.app)),
      });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [received] = server.received;
    expect(received?.recipients).toEqual([mailTo]);
    const mail = parseMail(received?.raw ?? "");
    expect(mail.headerNames).not.toContain("bcc");
    expect(mail.headerNames).not.toContain("x-injected");
    expect(mail.header("subject")).toBe("New enquiry: Web & Ecommerce from Eve Bcc spy evil.test X-Injected yes");
    expect(received?.raw).not.toMatch(/^Bcc:/im);
  });

  it("refuses encoded words, invisible names and cross-site form posts with a clear 4xx, and sends none of them", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const refusals: [Record<string, string>, Record<string, string>, number, RegExp][] = [
      [{ name: "=?UTF-8?B?4oCuSmFuZQ==?=" }, {}, 400, /can't contain encoded text/],
      [{ name: "\u200b\u200c\u200d" }, {}, 400, /at least one visible letter/],
      [{}, { Origin: "https://evil.example" }, 403, /only be sent from this website/],
      [{}, { Origin: "null" }, 403, /only be sent from this website/],
    ];
    for (const [fields, headers, status, message] of refusals) {
      const res = await request(built.app)
        .post("/emails/contact-form")
        .set("Host", "gritstone.test")
        .set(headers)
        .type("form")
        .send({ ...fullEnquiry, ...fields, ...(await solved(built.app)) });
      expect(res.status, JSON.stringify(fields) + JSON.stringify(headers)).toBe(status);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toMatchObject({ status: "fail", message: expect.stringMatching(message) });
    }

    const res = await request(built.app)
      .post("/emails/contact-form")
      .set("Host", "gritstone.test")
      .set("Origin", "http://gritstone.test")
      .type("form")
      .send({ ...fullEnquiry, ...(await solved(built.app)) });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(parseMail(server.received[0]?.raw ?? "").header("reply-to")).toBe("Ada Lovelace <ada@example.com>");
  });

  it("refuses a wrong sum, a missing field, an unknown option or an oversized field with a 4xx message, and sends nothing", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["wrong sum", { ...fullEnquiry, ...(await solved(built.app, false)) }, 403, /^You failed the spam protection\.$/],
      ["no spam answer at all", { ...fullEnquiry }, 403, /^You failed the spam protection\.$/],
      ["missing name", { ...fullEnquiry, name: "", ...(await solved(built.app)) }, 400, /tell us your name/],
      ["missing brief", { ...omit(fullEnquiry, "brief"), ...(await solved(built.app)) }, 400, /about the project/],
      ["unknown need", { ...fullEnquiry, need: "Knitting", ...(await solved(built.app)) }, 400, /what you need/],
      ["unknown budget", { ...fullEnquiry, budget: "£1m", ...(await solved(built.app)) }, 400, /budget/],
      [
        "oversized brief",
        { ...fullEnquiry, brief: "x".repeat(2001), ...(await solved(built.app)) },
        400,
        /brief can be at most 2000 characters/,
      ],
      ["honeypot filled", { ...fullEnquiry, website: "spam.example", ...(await solved(built.app)) }, 403, /spam/],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await request(built.app).post("/emails/contact-form").send(body);
      expect(res.status, what).toBe(status);
      expect(res.body.status, what).toBe("fail");
      expect(res.body.message, what).toMatch(message);
    }
    expect(await outboxFiles(built, "pending")).toEqual([]);
    expect(await outboxFiles(built, "delivered")).toEqual([]);

    await expectOnlyTheSentinelMailed(built, server);
    expect(await built.services.metrics.metrics()).toMatch(/^enquiries_total\{outcome="spam"\} 3$/m);
  });

  it("uses a question up with a wrong answer, so the right one after it is refused too and nothing is sent", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const question = await solved(built.app);
    const wrong = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, ...question, answer: String(Number(question.answer) + 1) });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("You failed the spam protection.");
    const guessed = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, ...question });
    expect(guessed.status).toBe(403);
    expect(guessed.body.message).toBe("You failed the spam protection.");
    await expectOnlyTheSentinelMailed(built, server);
  });

  it("answers other bodies with a clear 4xx", async () => {
    const built = await appSendingTo(`smtp://127.0.0.1:${await freePort()}`);
    const text = await request(built.app).post("/emails/contact-form").set("Content-Type", "text/plain").send("hi");
    expect(text.status).toBe(415);
    expect(text.body.status).toBe("fail");
    const list = await request(built.app).post("/emails/contact-form").send([1, 2]);
    expect(list.status).toBe(400);
    expect(list.body.message).toMatch(/JSON object/);
    const broken = await request(built.app)
      .post("/emails/contact-form")
      .set("Content-Type", "application/json")
      .send("{nope");
    expect(broken.status).toBe(400);
    expect(broken.body.status).toBe("fail");
  });
});

describe("the /contact form action", () => {
  it("shows a page, not JSON, when a browser without JavaScript hits the rate limit", async () => {
    const built = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1" } });
    cleanups.push(() => built.services.stop());
    const post = () =>
      request(built.app)
        .post("/contact")
        .set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
        .type("form")
        .send({ ...fullEnquiry, challenge: "none", answer: "1" });
    expect((await post()).status).not.toBe(429);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers["content-type"]).toMatch(/^text\/html/);
    expect(limited.text).toMatch(/Too many enquiries from your connection/);
    expect(limited.text).toContain('<a href="/contact">Go back</a>');
    // Styled within the site's policy: one style element carrying the response's nonce, no style attributes.
    const nonce = /'nonce-([^']+)'/.exec(String(limited.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(limited.text).toContain(`<style nonce="${nonce}">`);
    expect(limited.text).not.toMatch(/\sstyle=/);
  });

  it("sends a form posted without JavaScript on to a page of its own, which names the visitor from their note only", async () => {
    const server = await smtp();
    const built = await appSendingTo(server.url);
    const page = await request(built.app).get("/contact");
    const token = /name="challenge" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    const [a, b] = token.split(".").map(Number) as [number, number];
    const posted = await request(built.app)
      .post("/contact")
      .set("Accept", "text/html")
      .type("form")
      .send({ ...fullEnquiry, name: "Plain Visitor", challenge: token, answer: String(a + b) });
    // A redirect, so reloading the page it leads to posts nothing.
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/contact?sent#enquiry-status");
    const setCookie = String(posted.headers["set-cookie"]);
    expect(setCookie).toMatch(/^enquiry_sent=[^;]+;.*Path=\/contact;.*HttpOnly/);
    const note = setCookie.split(";")[0] ?? "";

    const statusLine = (html: string) => /<p[^>]*id="enquiry-status"[^>]*>([^<]*)</.exec(html)?.[1];
    const own = await request(built.app).get("/contact?sent").set("Cookie", note);
    expect(own.status).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(statusLine(own.text)).toMatch(/^Thanks, Plain! Your enquiry is safely with us/);
    // Anyone else's visit, or a note altered to say something else, gets the thanks without a name.
    const [name, signature] = note.split("=")[1]?.split(".") ?? [];
    const altered = `enquiry_sent=${Buffer.from(JSON.stringify({ firstName: "Visit evil.example", until: 9e15 })).toString("base64")}.${signature}`;
    for (const cookie of [undefined, altered, `enquiry_sent=${name}.x`]) {
      const other = request(built.app).get("/contact?sent");
      const answer = await (cookie ? other.set("Cookie", cookie) : other);
      expect(statusLine(answer.text), cookie).toBe(
        "Thanks! Your enquiry is safely with us, and a real person will reply within one working day.",
      );
    }
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(parseMail(server.received[0]?.raw ?? "").header("subject")).toMatch(/from Plain Visitor$/);
  });
});

describe("without SMTP_URL", () => {
  it("writes each enquiry to DATA_DIR/mail as an .eml file", async () => {
    const built = await buildTestApp({ env: { MAIL_TO: mailTo } });
    cleanups.push(() => built.services.stop());
    const res = await request(built.app)
      .post("/emails/contact-form")
      .send({ ...fullEnquiry, ...(await solved(built.app)) });
    expect(res.status).toBe(200);
    const mailDir = path.join(built.config.DATA_DIR, "mail");
    const emlFiles = async () => (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith(".eml"));
    await vi.waitFor(async () => expect(await emlFiles()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [file] = await emlFiles();
    expect(file).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}\.eml$/);
    const mail = parseMail(await readFile(path.join(mailDir, file ?? ""), "utf8"));
    expect(mail.header("to")).toBe(mailTo);
    expect(mail.header("reply-to")).toBe("Ada Lovelace <ada@example.com>");
    expect((await built.services.enquiries.stats()).delivery).toBe("files");
    await vi.waitFor(async () => {
      expect(await outboxFiles(built, "delivered")).toHaveLength(1);
      expect(await outboxFiles(built, "pending")).toEqual([]);
    });

    // A restart on the same folder still knows when mail last went out, and has nothing left to send.
    const restarted = await buildTestApp({ env: { DATA_DIR: built.config.DATA_DIR } });
    cleanups.push(() => restarted.services.stop());
    expect(await restarted.services.enquiries.stats()).toMatchObject({
      outboxDepth: 0,
      lastDeliveryAt: (await built.services.enquiries.stats()).lastDeliveryAt,
    });
    const ready = await request(built.app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "outbox writable", component: "mail", state: "ok", critical: true }),
        expect.objectContaining({ name: "mail server answers", component: "mail", state: "ok", critical: false }),
      ]),
    );
  });
});

function omit<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const { [key]: _gone, ...rest } = value;
  return rest;
}
