import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { checkEnquiry, type Enquiry } from "../../src/shared/enquiry.ts";
import {
  type EnquiryHandler,
  type EnquiryResult,
  formFields,
  sentMessage,
  spamMessage,
} from "../../src/shared/enquiry-api.ts";
import { site } from "../../src/shared/site.ts";
import type { Claims } from "../lib/claims.ts";
import { faultLog } from "../lib/fault-log.ts";
import type { EnquiryCounts } from "./metrics.ts";
import { newEnquiryId, type OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue } from "./queue.ts";
import type { sentNotes } from "./sent-note.ts";
import type { SpamCheck } from "./spam-check.ts";

const expiredMessage = "The spam question timed out. Please answer the new one.";

/** When the queue cannot take an enquiry (Redis away, disk full): how long the visitor is asked to wait. */
const retryAfterSeconds = 60;

/** An enquiry the same as one accepted this long ago is the same one sent again (a double click, a retry). */
const sameEnquiryMs = 10 * 60_000;

export interface EnquiryHandlerOptions {
  /** An accepted enquiry is stored here before the visitor hears "sent". */
  queue: Pick<EnquiryQueue, "add" | "kind">;
  spam: SpamCheck;
  /** The enquiries accepted lately, by their fingerprint: shared by every instance with Redis. */
  sent: Claims;
  notes: ReturnType<typeof sentNotes>;
  /** Its domain names each enquiry's Message-ID. */
  mailFrom: string;
  counts: Pick<EnquiryCounts, "received">;
  logger: Logger;
}

// The one way in, from the API and the /contact page alike: the spam checks, the shared schema, one mail per
// enquiry, then a durable write to the queue, and only then the answer.
export function createEnquiryHandler({
  queue,
  spam,
  sent,
  notes,
  mailFrom,
  counts,
  logger,
}: EnquiryHandlerOptions): EnquiryHandler {
  const messageIdDomain = domainOf(mailFrom) ?? `${site.slug}.invalid`;
  const saving = faultLog(logger, "could not write an enquiry to the queue; refusing enquiries", { queue: queue.kind });

  function refusedAsSpam(fields: Record<string, unknown>, message = spamMessage): EnquiryResult {
    counts.received("spam");
    const checked = checkEnquiry(fields);
    return {
      httpStatus: 403,
      answer: { status: "fail", message, errors: { ...(checked.ok ? {} : checked.errors), answer: message } },
      challenge: spam.issue(),
    };
  }

  async function accept(fields: Record<string, unknown>, token: unknown): Promise<EnquiryResult> {
    const checked = checkEnquiry(fields);
    if (!checked.ok) {
      // The question stays answerable, so the visitor fixes the field without a new sum.
      counts.received("invalid");
      return {
        httpStatus: 400,
        answer: { status: "fail", message: checked.message, errors: checked.errors },
        challenge: spam.challengeOf(token),
      };
    }
    const { enquiry } = checked;
    // Taken before the question is looked at: a double click sends the same question twice, and its second post is
    // the same enquiry, already on its way.
    const fingerprint = fingerprintOf(enquiry);
    if (!(await sent.claim(fingerprint, sameEnquiryMs))) {
      counts.received("duplicate");
      logger.info({ need: enquiry.need }, "enquiry sent again; already accepted");
      return sentResult(enquiry);
    }
    if (!(await spam.spend(token))) {
      await sent.release(fingerprint);
      return refusedAsSpam(fields);
    }
    const receivedAt = new Date();
    const id = newEnquiryId(receivedAt);
    const record: OutboxRecord = {
      version: 1,
      id,
      messageId: `<enquiry.${id}@${messageIdDomain}>`,
      receivedAt: receivedAt.toISOString(),
      enquiry,
      attempts: 0,
    };
    try {
      await queue.add(record);
      saving.ok();
    } catch (error) {
      counts.received("error");
      saving.fail(error);
      // Nothing was kept: the visitor's retry, with the same question, goes through.
      await Promise.all([sent.release(fingerprint), spam.giveBack(token)]);
      return {
        httpStatus: 503,
        retryAfterSeconds,
        answer: {
          status: "fail",
          message: `Sorry, we couldn't save your enquiry just now. Please try again in a minute, or email us at ${site.email}.`,
        },
        challenge: spam.challengeOf(token),
      };
    }
    counts.received("accepted");
    logger.info({ enquiry: id, need: enquiry.need, queue: queue.kind }, "enquiry accepted");
    return sentResult(enquiry);
  }

  return {
    newChallenge: () => spam.issue(),

    async submit(fields) {
      const token = fields[formFields.challenge];
      // The honeypot: a field people never see; bots that fill every input give themselves away.
      const honeypot = fields[formFields.honeypot];
      const filled = typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null;
      const verdict = filled ? "honeypot" : spam.check(token, fields[formFields.answer]);
      if (verdict === "right") return accept(fields, token);
      // A wrong answer uses the question up, so a bot cannot keep guessing at one.
      if (verdict === "wrong") await spam.spend(token);
      return refusedAsSpam(fields, verdict === "expired" ? expiredMessage : spamMessage);
    },

    noteSent: (firstName) => notes.write(firstName),
    readSent: (cookieHeader) => notes.read(cookieHeader),
  };
}

function sentResult(enquiry: Enquiry): EnquiryResult {
  const firstName = enquiry.name.split(" ")[0];
  return { httpStatus: 200, answer: { status: "success", message: sentMessage(firstName) }, firstName };
}

/** The same sender, need and words: case and the cleaning the schema does make no difference. */
function fingerprintOf({ email, need, brief, message }: Enquiry): string {
  const same = JSON.stringify([email.toLowerCase(), need, brief, message]);
  return `enquiry:${createHash("sha256").update(same).digest("hex")}`;
}

function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
