import type { Logger } from "pino";
import { faultLog } from "../lib/fault-log.ts";
import type { Outbox, OutboxRecord } from "./outbox.ts";
import type { SharedQueue } from "./queue.ts";

export interface ReceiptOptions {
  shared: SharedQueue;
  /** Each receipt is a file in `receipts/`, fsynced. */
  outbox: Outbox;
  logger: Logger;
  checkEveryMs: number;
}

// Redis may lose what it acknowledged (a restart without persistence, a failover to a replica behind, a flush): an
// enquiry it no longer knows is handed to it again, with its Message-ID.
export function createReceipts({ shared, outbox, logger, checkEveryMs }: ReceiptOptions) {
  const receipts = new Map<string, OutboxRecord>();
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  const writing = faultLog(logger, "could not keep a receipt of an enquiry handed to the shared queue");
  const checkFault = faultLog(logger, "could not check the enquiries handed to the shared queue");

  function check(): Promise<void> {
    checking ??= (async () => {
      try {
        const given = [...receipts.values()];
        const states = await shared.statesOf(given.map((record) => record.id));
        const lost = given.filter((_, index) => states[index] === "unknown");
        if (lost.length > 0) {
          logger.warn(
            { enquiries: lost.length },
            "the shared queue no longer has enquiries it accepted (Redis restarted empty or was flushed); handing them to it again",
          );
        }
        for (const record of lost) await shared.add(record);
        for (const [index, record] of given.entries()) {
          if (states[index] !== "done") continue;
          await outbox.dropReceipt(record.id);
          receipts.delete(record.id);
        }
        checkFault.ok();
      } catch (error) {
        checkFault.fail(error);
      }
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  return {
    /** From now on each receipt goes as soon as any instance is done with it. */
    async load() {
      for (const record of await outbox.receipts()) receipts.set(record.id, record);
      // At once, so a Redis that loses everything just after is not handed a delivered enquiry again.
      shared.onDone((id) => {
        if (!receipts.delete(id)) return;
        outbox.dropReceipt(id).catch((error: unknown) => writing.fail(error));
      });
    },

    /** Every `checkEveryMs` too, for a done message missed. */
    startChecking() {
      timer = setInterval(() => void check(), checkEveryMs);
      timer.unref();
      void check();
    },

    /** False when it could not (a full disk). */
    async write(record: OutboxRecord): Promise<boolean> {
      try {
        await outbox.keepReceipt(record);
        writing.ok();
        return true;
      } catch (error) {
        writing.fail(error);
        return false;
      }
    },

    track(record: OutboxRecord) {
      receipts.set(record.id, record);
    },

    discard: (id: string) => outbox.dropReceipt(id).catch(() => {}),

    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
