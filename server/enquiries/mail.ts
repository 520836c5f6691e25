import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { SendMailOptions } from "nodemailer/lib/mailer";
import { type Enquiry, enquiryFields, enquiryLabels } from "../../src/shared/enquiry.ts";
import { site } from "../../src/shared/site.ts";
import { escapeMarkup } from "../lib/markup.ts";
import type { OutboxRecord } from "./outbox.ts";

export interface MailSettings {
  from: string;
  to: string;
}

/** From the site, Reply-To the visitor, the same Message-ID on every attempt. */
export function enquiryMail(record: OutboxRecord, settings: MailSettings): SendMailOptions {
  const { enquiry } = record;
  const name = headerName(enquiry.name);
  return {
    envelope: { from: addressesOf(settings.from)[0], to: recipientsOf(record, settings.to) },
    from: settings.from,
    to: settings.to,
    replyTo: name ? { name, address: enquiry.email } : enquiry.email,
    subject: `New enquiry: ${enquiry.need} from ${name || enquiry.email}`,
    messageId: record.messageId,
    date: new Date(record.receivedAt),
    headers: { "X-Enquiry-Id": record.id },
    text: enquiryText(record),
    html: enquiryHtml(record),
  };
}

/**
 * The visitor's name as a header shows it: without the characters an address is written with, so `Boss
 * <boss@evil.example>` cannot pose as one (wide or styled look-alikes read as plain first), nor quotes, commas, line
 * breaks or invisible characters that would need escaping. The mail's text keeps the name as it was written.
 */
function headerName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[@<>",;:\\\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
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

export function addressesOf(list: string): string[] {
  return addressparser(list, { flatten: true })
    .map((entry) => entry.address)
    .filter(Boolean);
}

// Every address in MAIL_TO, or those of them a partial delivery has still to reach: a record narrows MAIL_TO, it never
// adds to it. None of them left (MAIL_TO changed since) is all of MAIL_TO again.
function recipientsOf(record: OutboxRecord, mailTo: string): string[] {
  const all = addressesOf(mailTo);
  const still = new Set(record.recipients?.map((address) => address.toLowerCase()));
  const narrowed = all.filter((address) => still.has(address.toLowerCase()));
  return narrowed.length > 0 ? narrowed : all;
}

export interface Refusal {
  address: string;
  /** 5xx: the server will never take it; 4xx: try again later. */
  permanent: boolean;
  /** For the log and the dead letter; it names no one but the recipient. */
  reply: string;
}

// "unconfirmed": the whole message was handed over and the server never answered its end, so it may well have
// arrived: retried, but only a few times. "temporary" is retried with backoff; "permanent" goes to the dead letters.
export class DeliveryError extends Error {
  readonly kind: "temporary" | "permanent" | "unconfirmed";
  readonly reply?: string;
  constructor(kind: DeliveryError["kind"], message: string, options?: { cause?: unknown; reply?: string }) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.reply = options?.reply;
  }
}

export interface Mailer {
  kind: "smtp" | "files";
  /** Resolves with the recipients refused while others took it; rejects with a DeliveryError when nobody took it. */
  send(record: OutboxRecord, message: SendMailOptions): Promise<{ refused: Refusal[] }>;
  /** Throws with the reason when mail cannot go out now. */
  verify(): Promise<void>;
  close(): void;
}

// RFC 5321 §4.5.3.2: up to 5 minutes for the greeting and 10 for the reply to the message's end; giving up sooner
// makes a slow server receive it again. nodemailer has one inactivity limit for all stages, so it is the longest's.
export const smtpTimeouts = {
  connectionTimeout: 30_000,
  greetingTimeout: 5 * 60_000,
  socketTimeout: 10 * 60_000,
};

interface SmtpFailure extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  rejectedErrors?: SmtpFailure[];
  recipient?: string;
}

/** The message as bytes, built once, so what goes out (and again on a retry) is the same message. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });

async function messageBytes(message: SendMailOptions): Promise<Buffer> {
  const { signal: _signal, ...rest } = message as SendMailOptions & { signal?: AbortSignal };
  return (await composer.sendMail(rest)).message as Buffer;
}

export function smtpMailer(url: string, timeouts = smtpTimeouts): Mailer {
  const transporter = nodemailer.createTransport({ url, ...timeouts });
  return {
    kind: "smtp",
    async send(_record, message) {
      const bytes = await messageBytes(message);
      let handedOver = false;
      const body = Readable.from([bytes]);
      body.once("end", () => {
        handedOver = true;
      });
      try {
        const info = await transporter.sendMail({
          envelope: message.envelope,
          raw: body,
          signal: (message as { signal?: AbortSignal }).signal,
        } as SendMailOptions);
        const refused = ((info as { rejectedErrors?: SmtpFailure[] }).rejectedErrors ?? []).map(refusalOf);
        return { refused };
      } catch (error) {
        throw classify(error as SmtpFailure, handedOver);
      }
    },
    async verify() {
      await transporter.verify();
    },
    close() {
      transporter.close();
    },
  };
}

function refusalOf(error: SmtpFailure): Refusal {
  const code = error.responseCode ?? 0;
  return {
    address: error.recipient ?? "",
    permanent: code >= 500,
    reply: (error.response ?? error.message).slice(0, 200),
  };
}

function classify(error: SmtpFailure, handedOver: boolean): Error {
  if (error.name === "AbortError") return error;
  const code = error.responseCode;
  const reply = (error.response ?? error.message).slice(0, 200);
  // Every recipient refused: permanent only when every refusal was.
  const refusals = error.rejectedErrors?.map(refusalOf);
  if (refusals && refusals.length > 0) {
    const permanent = refusals.every((refusal) => refusal.permanent);
    return new DeliveryError(permanent ? "permanent" : "temporary", error.message, { cause: error, reply });
  }
  if (code !== undefined && code >= 500) return new DeliveryError("permanent", error.message, { cause: error, reply });
  if (code !== undefined) return new DeliveryError("temporary", error.message, { cause: error, reply });
  return new DeliveryError(handedOver ? "unconfirmed" : "temporary", error.message, { cause: error, reply });
}

/** Each enquiry becomes DATA_DIR/mail/<id>.eml, written whole or not at all. */
export function fileMailer(dir: string): Mailer {
  let swept = false;
  async function sweep() {
    if (swept) return;
    await mkdir(dir, { recursive: true });
    for (const name of await readdir(dir)) {
      if (name.startsWith(".") && name.endsWith(".tmp")) await rm(path.join(dir, name), { force: true });
    }
    swept = true;
  }
  return {
    kind: "files",
    async send(record, message) {
      const bytes = await messageBytes(message);
      await sweep();
      const temp = path.join(dir, `.${record.id}.${randomBytes(4).toString("hex")}.tmp`);
      try {
        const handle = await open(temp, "wx", 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
          // What reached the disk is the whole message, or this is not a delivery (a full disk can say so late).
          const { size } = await handle.stat();
          if (size !== bytes.length) throw new Error(`the mail file holds ${size} of ${bytes.length} bytes`);
        } finally {
          await handle.close();
        }
        await rename(temp, path.join(dir, `${record.id}.eml`));
      } catch (error) {
        await rm(temp, { force: true });
        throw new DeliveryError("temporary", (error as Error).message, { cause: error });
      }
      return { refused: [] };
    },
    async verify() {
      await sweep();
      const probe = path.join(dir, `.ready-${randomBytes(4).toString("hex")}.tmp`);
      try {
        const handle = await open(probe, "wx", 0o600);
        try {
          await handle.write(Buffer.alloc(4096, 0x20));
          await handle.sync();
        } finally {
          await handle.close();
        }
      } finally {
        await rm(probe, { force: true });
      }
    },
    close() {},
  };
}
