import type { Logger } from "pino";
import { checkEnquiry } from "../../src/lib/enquiry.ts";
import { type EnquiryDesk, type EnquiryResult, formFields, spamMessage } from "../../src/lib/enquiry-desk.ts";
import { site } from "../../src/site.ts";
import { faultLog } from "../lib/fault-log.ts";
import type { EnquiryCounts } from "./metrics.ts";
import { newEnquiryId, type OutboxRecord } from "./outbox.ts";
import type { EnquiryQueue } from "./queue.ts";
import type { SpamCheck } from "./spam-check.ts";

const expiredMessage = "The spam question timed out. Please answer the new one.";

/** When the queue cannot take an enquiry (Redis away, disk full): how long the visitor is asked to wait. */
const retryAfterSeconds = 60;

export interface EnquiryDeskOptions {
  /** An accepted enquiry is stored here before the visitor hears "sent". */
  queue: Pick<EnquiryQueue, "add" | "kind">;
  spam: SpamCheck;
  /** Its domain names each enquiry's Message-ID. */
  mailFrom: string;
  counts: Pick<EnquiryCounts, "received">;
  logger: Logger;
}

// The one way in, from the API and the /contact page alike: the spam checks, the shared schema, then a durable write
// to the queue, and only then the answer.
export function createEnquiryDesk({ queue, spam, mailFrom, counts, logger }: EnquiryDeskOptions): EnquiryDesk {
  const messageIdDomain = domainOf(mailFrom) ?? `${site.slug}.invalid`;
  const saving = faultLog(logger, "could not write an enquiry to the queue; refusing enquiries", { queue: queue.kind });

  async function accept(fields: Record<string, unknown>, token: unknown): Promise<EnquiryResult> {
    const checked = checkEnquiry(fields);
    if (!checked.ok) {
      counts.received("invalid");
      return {
        httpStatus: 400,
        answer: { status: "fail", message: checked.message, errors: checked.errors },
        challenge: spam.challengeOf(token),
      };
    }
    const receivedAt = new Date();
    const id = newEnquiryId(receivedAt);
    const record: OutboxRecord = {
      version: 1,
      id,
      messageId: `<enquiry.${id}@${messageIdDomain}>`,
      receivedAt: receivedAt.toISOString(),
      enquiry: checked.enquiry,
      attempts: 0,
    };
    try {
      await queue.add(record);
      saving.ok();
    } catch (error) {
      counts.received("error");
      saving.fail(error);
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
    logger.info({ enquiry: id, need: checked.enquiry.need, queue: queue.kind }, "enquiry accepted");
    const firstName = checked.enquiry.name.split(" ")[0];
    return {
      httpStatus: 200,
      answer: {
        status: "success",
        message: `Thanks, ${firstName}! Your enquiry is safely with us, and a real person will reply within one working day.`,
      },
    };
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

      counts.received("spam");
      const message = verdict === "expired" ? expiredMessage : spamMessage;
      const checked = checkEnquiry(fields);
      return {
        httpStatus: 403,
        answer: { status: "fail", message, errors: { ...(checked.ok ? {} : checked.errors), answer: message } },
        challenge: spam.issue(),
      };
    },
  };
}

function domainOf(address: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1];
}
