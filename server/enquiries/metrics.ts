import type { Logger } from "pino";
import type { Registry } from "prom-client";
import type { MailNumbers } from "../../src/shared/status-report.ts";
import { faultLog } from "../lib/fault-log.ts";
import { counter, scrapedGauge } from "../lib/metrics.ts";

/** How long one reading of the queue serves the gauges: a whole scrape reads it once. */
const gaugeReadingMs = 1_000;

type EnquiryOutcome = "accepted" | "duplicate" | "invalid" | "spam" | "error";
type AttemptResult = "success" | "failure";

export interface EnquiryCounts {
  received(outcome: EnquiryOutcome): void;
  attempted(result: AttemptResult): void;
  deadLettered(): void;
}

export interface EnquiryMetricsOptions {
  registry: Registry;
  logger: Logger;
  /** They read the queue, which may not answer. */
  numbers(): Promise<MailNumbers>;
  /** Read without the queue, so it shows while the queue is away. */
  failingSeconds(): number | null;
  queueKind: MailNumbers["queue"];
}

const numberGauges: { name: string; help: string; value(numbers: MailNumbers): number }[] = [
  {
    name: "enquiry_outbox_pending",
    help: "Enquiries in the outbox not yet delivered (with REDIS_URL: in the shared queue, by all instances).",
    value: (numbers) => numbers.outboxDepth,
  },
  {
    name: "enquiry_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest undelivered enquiry in seconds (0 when none waits).",
    value: (numbers) => numbers.oldestPendingSeconds ?? 0,
  },
  {
    name: "enquiry_queue_holding",
    help: "Enquiries this instance holds for delivery (with REDIS_URL: its consumer's pending entries).",
    value: (numbers) => numbers.consumer?.holding ?? numbers.outboxDepth,
  },
  {
    name: "enquiry_dead_letters",
    help: "Enquiries in the dead letters, waiting for an operator to send them again (docs/operations.md).",
    value: (numbers) => numbers.deadLetters,
  },
  {
    name: "enquiry_last_delivery_timestamp_seconds",
    help: "When an enquiry was last delivered, as a Unix time (0 when the outbox keeps no delivered enquiry).",
    value: (numbers) => (numbers.lastDeliveryAt ? Date.parse(numbers.lastDeliveryAt) / 1000 : 0),
  },
];

// ops/history.ts reads `enquiries_total`, `enquiry_delivery_attempts_total` and the two outbox gauges by name.
export function registerEnquiryMetrics(options: EnquiryMetricsOptions): EnquiryCounts {
  const { registry, logger } = options;
  const enquiries = counter(
    registry,
    "enquiries_total",
    "Enquiries received, by outcome: accepted (in the outbox), duplicate (one accepted lately, answered as sent), invalid, spam, or error (could not be saved).",
    ["outcome"],
  );
  const attempts = counter(
    registry,
    "enquiry_delivery_attempts_total",
    "Attempts to deliver an enquiry by mail, by result.",
    ["result"],
  );
  const deadLettered = counter(
    registry,
    "enquiry_dead_lettered_total",
    "Enquiries moved to the dead letters because the mail server refused them (or a recipient) for good.",
  );
  for (const outcome of ["accepted", "duplicate", "invalid", "spam", "error"]) enquiries.inc({ outcome }, 0);
  for (const result of ["success", "failure"]) attempts.inc({ result }, 0);

  let reading: { at: number; numbers: Promise<MailNumbers | undefined> } | undefined;
  const numbersFault = faultLog(logger, "queue numbers unavailable", { queue: options.queueKind });
  // While the queue cannot be read (Redis away) the gauges keep their last values, so /metrics still answers.
  function read(): Promise<MailNumbers | undefined> {
    if (!reading || Date.now() - reading.at > gaugeReadingMs) {
      const numbers = options.numbers().then(
        (value) => {
          numbersFault.ok();
          return value;
        },
        (error: unknown) => {
          numbersFault.fail(error);
          return undefined;
        },
      );
      reading = { at: Date.now(), numbers };
    }
    return reading.numbers;
  }

  for (const { name, help, value } of numberGauges) {
    scrapedGauge(registry, name, help, async () => {
      const numbers = await read();
      return numbers ? value(numbers) : undefined;
    });
  }
  scrapedGauge(
    registry,
    "enquiry_delivery_failing_seconds",
    "How long every delivery attempt of this instance has failed (0 while mail goes out).",
    () => options.failingSeconds() ?? 0,
  );

  return {
    received: (outcome) => enquiries.inc({ outcome }),
    attempted: (result) => attempts.inc({ result }),
    deadLettered: () => deadLettered.inc(),
  };
}
