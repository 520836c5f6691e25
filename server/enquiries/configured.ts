import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import type { RedisClient } from "../redis.ts";
import { fallbackQueue } from "./fallback-queue.ts";
import { fileMailer, type Mailer, smtpMailer } from "./mail.ts";
import { diskQueue, type EnquiryQueue, localQueue } from "./queue.ts";
import { redisQueue } from "./redis-queue.ts";

// Without Redis, this instance's disk outbox; with REDIS_URL, the Redis Stream every instance shares, with that outbox
// behind it for when Redis cannot take an enquiry.
export function configuredQueue(
  config: Pick<Config, "DATA_DIR" | "ENQUIRY_VISIBILITY_TIMEOUT_SECONDS" | "MAIL_TO">,
  { redis, logger, numbersEveryMs }: { redis?: RedisClient; logger: Logger; numbersEveryMs?: number },
): EnquiryQueue {
  const log = logger.child({ module: "enquiry-queue" });
  const root = path.join(config.DATA_DIR, "outbox");
  const onUnreadable = (file: string, error: unknown) =>
    log.error({ file, err: error }, "an outbox file is not valid JSON; left in place, not sent");
  if (!redis) return diskQueue(root, onUnreadable);
  return fallbackQueue({
    shared: redisQueue({
      redis,
      logger: log,
      visibilityTimeoutMs: config.ENQUIRY_VISIBILITY_TIMEOUT_SECONDS * 1000,
      mailTo: config.MAIL_TO,
      numbersEveryMs,
    }),
    local: localQueue(root, onUnreadable),
    logger: log,
  });
}

export function configuredMailer(config: Pick<Config, "DATA_DIR" | "SMTP_URL">): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL) : fileMailer(path.join(config.DATA_DIR, "mail"));
}
