import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { type Enquiry, enquiryFields, enquiryLabels } from "../../src/lib/enquiry.ts";
import { site } from "../../src/site.ts";
import { escapeMarkup } from "../lib/markup.ts";
import type { OutboxRecord } from "./outbox.ts";

export interface MailSettings {
  from: string;
  to: string;
}

/** The enquiry as a mail to the agency: From the site, Reply-To the visitor, the same Message-ID every time. */
export function enquiryMail(record: OutboxRecord, settings: MailSettings): SendMailOptions {
  const { enquiry } = record;
  return {
    from: settings.from,
    to: settings.to,
    replyTo: { name: enquiry.name, address: enquiry.email },
    subject: `New enquiry: ${enquiry.need} from ${enquiry.name}`,
    messageId: record.messageId,
    date: new Date(record.receivedAt),
    headers: { "X-Enquiry-Id": record.id },
    text: enquiryText(record),
    html: enquiryHtml(record),
  };
}

const shown = (value: string) => (value === "" ? "(left blank)" : value);

function enquiryText({ enquiry, id, receivedAt }: OutboxRecord): string {
  const lines = enquiryFields.map((field) => {
    const value = shown(enquiry[field]);
    const label = enquiryLabels[field].endsWith("?") ? enquiryLabels[field] : `${enquiryLabels[field]}:`;
    return value.includes("\n") ? `${label}\n${value}\n` : `${label} ${value}`;
  });
  return [
    `A new enquiry from the ${site.name} website.`,
    "",
    ...lines,
    "",
    `Reply to this email to answer ${enquiry.name} directly.`,
    `Enquiry ${id}, received ${receivedAt}.`,
    "",
  ].join("\n");
}

function enquiryHtml({ enquiry, id, receivedAt }: OutboxRecord): string {
  const rows = enquiryFields
    .map((field: keyof Enquiry) => {
      const value = escapeMarkup(shown(enquiry[field])).replace(/\n/g, "<br>");
      return `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;white-space:nowrap">${escapeMarkup(enquiryLabels[field])}</th><td style="padding:6px 0">${value}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>New enquiry from ${escapeMarkup(enquiry.name)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#141414;background:#f6f1e8;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">New enquiry: ${escapeMarkup(enquiry.need)} from ${escapeMarkup(enquiry.name)}</h1>
<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px;line-height:1.5">
${rows}
</table>
<p style="font-size:13px;color:#4a4642;margin-top:24px">Reply to this email to answer ${escapeMarkup(enquiry.name)} directly. Enquiry ${escapeMarkup(id)}, received ${escapeMarkup(receivedAt)}.</p>
</body></html>
`;
}

/** Where delivered mail goes: an SMTP server, or .eml files when none is configured. */
export interface MailCarrier {
  kind: "smtp" | "files";
  send(record: OutboxRecord, message: SendMailOptions): Promise<void>;
  /** Readiness: can mail go out now? Throws with the reason when not. */
  verify(): Promise<void>;
  close(): void;
}

export function smtpCarrier(url: string): MailCarrier {
  const transporter = nodemailer.createTransport({
    url,
    // A stuck server must not hold the worker for long: it retries later instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: "smtp",
    async send(_record, message) {
      await transporter.sendMail(message);
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

/** The embedded default: each enquiry becomes DATA_DIR/mail/<id>.eml, written whole or not at all. */
export function fileCarrier(dir: string): MailCarrier {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });
  return {
    kind: "files",
    async send(record, message) {
      const info = await builder.sendMail(message);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${record.id}.${randomBytes(4).toString("hex")}.tmp`);
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path.join(dir, `${record.id}.eml`));
    },
    async verify() {
      await mkdir(dir, { recursive: true });
      const probe = path.join(dir, `.ready-${randomBytes(4).toString("hex")}`);
      const handle = await open(probe, "wx", 0o600);
      await handle.close();
      await rm(probe, { force: true });
    },
    close() {},
  };
}
