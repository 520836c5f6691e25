import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import addressparser from "nodemailer/lib/addressparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryMail, fileMailer, smtpMailer } from "../../server/enquiries/mail.ts";
import type { OutboxRecord } from "../../server/enquiries/outbox.ts";
import { parseMail, startSmtp, type TestSmtp } from "../support/smtp.ts";

/** The mail the agency receives for an enquiry (server/enquiries/mail.ts), before any mailer sends it. */

const settings = { from: "Website <site@gritstone.test>", to: "hello@gritstone.test" };

function record(enquiry: Partial<OutboxRecord["enquiry"]> = {}): OutboxRecord {
  return {
    version: 1,
    id: "01JD5ZQ8X",
    messageId: "<enquiry.01JD5ZQ8X@gritstone.test>",
    receivedAt: "2026-11-23T10:15:00.000Z",
    enquiry: {
      name: "Ada Lovelace",
      email: "ada@example.com",
      need: "Branding",
      brief: "A new identity.",
      site: "N/A",
      site_type: "N/A",
      improve: "Nobody remembers us.",
      budget: "£3000-5000",
      message: "",
      biscuits: "yes",
      ...enquiry,
    },
    attempts: 0,
  };
}

describe("an enquiry as a mail", () => {
  it("comes from the site, answers to the visitor and keeps the enquiry's Message-ID, id and time", () => {
    const mail = enquiryMail(record(), settings);
    expect(mail).toMatchObject({
      from: settings.from,
      to: settings.to,
      replyTo: { name: "Ada Lovelace", address: "ada@example.com" },
      subject: "New enquiry: Branding from Ada Lovelace",
      messageId: "<enquiry.01JD5ZQ8X@gritstone.test>",
      headers: { "X-Enquiry-Id": "01JD5ZQ8X" },
    });
    expect(mail.date).toEqual(new Date("2026-11-23T10:15:00.000Z"));
  });

  it("goes to MAIL_TO's addresses only: a record's recipients narrow them and never add one", () => {
    const to = "Studio <studio@gritstone.test>, owner@gritstone.test";
    const envelope = (recipients?: string[]) => enquiryMail({ ...record(), recipients }, { ...settings, to }).envelope;
    expect(envelope()).toMatchObject({ to: ["studio@gritstone.test", "owner@gritstone.test"] });
    expect(envelope(["OWNER@gritstone.test"])).toMatchObject({ to: ["owner@gritstone.test"] });
    expect(envelope(["owner@gritstone.test", "thief@example.com"])).toMatchObject({ to: ["owner@gritstone.test"] });
    expect(envelope(["thief@example.com"])).toMatchObject({ to: ["studio@gritstone.test", "owner@gritstone.test"] });
  });

  it("lists every answer under the form's own labels, in the form's order, a blank one said to be blank", () => {
    const text = String(enquiryMail(record(), settings).text);
    const lines = [
      "Your name: Ada Lovelace",
      "Email address: ada@example.com",
      "What do you need? Branding",
      "The brief: A new identity.",
      "Your current website: N/A",
      "What kind of website? N/A",
      "What should be better? Nobody remembers us.",
      "Budget: £3000-5000",
      "Anything else? (left blank)",
      "Biscuits at the first meeting? yes",
    ];
    let from = 0;
    for (const line of lines) {
      const at = text.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(from);
      from = at + line.length;
    }
    expect(text).toContain("Enquiry 01JD5ZQ8X, received 2026-11-23T10:15:00.000Z.");
  });

  it("puts a text of several lines under its label, line breaks kept", () => {
    const text = String(enquiryMail(record({ brief: "First line.\nSecond line." }), settings).text);
    expect(text).toContain("The brief:\nFirst line.\nSecond line.\n");
  });

  it("escapes whatever the visitor wrote in the HTML part, and keeps their line breaks", () => {
    const html = String(
      enquiryMail(record({ name: `Ada <script>alert("x")</script> & Co's`, brief: "One\nTwo" }), settings).html,
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s");
    expect(html).toContain("One<br>Two");
    expect(html).toContain("(left blank)");
  });
});

describe("the file mailer (no SMTP_URL)", () => {
  it("writes each enquiry whole as <id>.eml, with the mail's headers, and leaves no temporary file", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "mail-")), "mail");
    const mailer = fileMailer(dir);
    await mailer.verify();
    const sent = record();
    await mailer.send(sent, enquiryMail(sent, settings));
    expect(readdirSync(dir)).toEqual(["01JD5ZQ8X.eml"]);
    const eml = readFileSync(path.join(dir, "01JD5ZQ8X.eml"), "utf8");
    // Header names are case-insensitive (RFC 5322); nodemailer writes its own spelling.
    expect(eml).toMatch(/^Message-ID: <enquiry\.01JD5ZQ8X@gritstone\.test>\r$/im);
    expect(eml).toMatch(/^X-Enquiry-Id: 01JD5ZQ8X\r$/im);
    expect(eml).toMatch(/^Subject: New enquiry: Branding from Ada Lovelace\r$/im);
  });
});

describe("the visitor's name in the mail's headers, through a real SMTP server", () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  /** The headers as the agency's mail client reads them, of the enquiry sent from a visitor with this name. */
  async function sentAs(name: string) {
    const mailer = smtpMailer(smtp.url);
    const sent = record({ name, email: "visitor@example.com" });
    await mailer.send(sent, enquiryMail(sent, settings));
    mailer.close();
    const raw = smtp.received.at(-1)?.raw ?? "";
    return { mail: parseMail(raw), raw };
  }

  it.each([
    ["Boss <boss@evil.example>", "Boss boss evil.example"],
    ['"Boss" <boss@evil.example>, other@evil.example', "Boss boss evil.example other evil.example"],
    ["Boss ＜boss＠evil.example＞", "Boss boss evil.example"],
    ["Ada\r\nBcc: boss@evil.example", "Ada Bcc boss evil.example"],
    ["Ada\u202e\u200b Lovelace", "Ada Lovelace"],
  ])("%j replies to the visitor's address alone, shown as %j", async (name, shown) => {
    const { mail, raw } = await sentAs(name);
    const replyTo = mail.header("reply-to") ?? "";
    expect(addressparser(replyTo, { flatten: true })).toEqual([{ name: shown, address: "visitor@example.com" }]);
    // The one address in the header is the visitor's (the name may be quoted, as nodemailer quotes a dot).
    expect(replyTo.match(/[<>@]/g)).toEqual(["<", "@", ">"]);
    expect(mail.header("subject")).toBe(`New enquiry: Branding from ${shown}`);
    expect(mail.headerNames).not.toContain("bcc");
    expect(raw.slice(0, raw.indexOf("\r\n\r\n"))).not.toMatch(/evil\.example>/);
  });

  it("keeps a name as it is when it holds nothing an address is written with", async () => {
    const { mail } = await sentAs("Zoë O'Brien-Smith Jr.");
    expect(mail.header("reply-to")).toMatch(/^"?Zoë O'Brien-Smith Jr\."? <visitor@example\.com>$/);
  });
});
