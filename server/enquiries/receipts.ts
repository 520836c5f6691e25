import type { Logger } from "pino";
import { faultLog } from "../lib/fault-log.ts";
import type { Outbox, OutboxRecord } from "./outbox.ts";
import type { SharedQueue } from "./queue.ts";

export interface ReceiptOptions {
  shared: SharedQueue;
  /** This instance's own outbox, where each receipt is a file in `handed/`, fsynced. */
  outbox: Outbox;
  logger: Logger;
  checkEveryMs: number;
}

/**
 * Receipts of the enquiries this instance handed to the shared queue, kept until it says they are done. Redis may
 * lose what it acknowledged (a restart without persistence, a failover to a replica behind, a flush): one it no
 * longer knows is handed to it again, with its Message-ID.
 */
export function createReceipts({ shared, outbox, logger, checkEveryMs }: ReceiptOptions) {
  const receipts = new Map<string, OutboxRecord>();
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  const writing = faultLog(logger, "could not keep a receipt of an enquiry handed to the shared queue");
  const checkFault = faultLog(logger, "could not check the enquiries handed to the shared queue");

  /** Drops the receipts of enquiries the shared queue is done with, and hands it again those it lost. */
  function check(): Promise<void> {
    checking ??= (async () => {
      try {
        const handed = [...receipts.values()];
        const states = await shared.statesOf(handed.map((record) => record.id));
        const lost = handed.filter((_, index) => states[index] === "unknown");
        if (lost.length > 0) {
          logger.warn(
            { enquiries: lost.length },
            "the shared queue no longer has enquiries it accepted (Redis restarted empty or was flushed); handing them to it again",
          );
        }
        for (const record of lost) await shared.add(record);
        for (const [index, record] of handed.entries()) {
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
    /** Reads the receipts left by earlier runs; from now on each goes as soon as any instance is done with it. */
    async load() {
      for (const record of await outbox.receipts()) receipts.set(record.id, record);
      // At once, so a Redis that loses everything just after is not handed a delivered enquiry again.
      shared.onDone((id) => {
        if (!receipts.delete(id)) return;
        outbox.dropReceipt(id).catch((error: unknown) => writing.fail(error));
      });
    },

    /** Checks them against the shared queue now and every `checkEveryMs`, for a done message missed. */
    startChecking() {
      timer = setInterval(() => void check(), checkEveryMs);
      timer.unref();
      void check();
    },

    /** Writes a receipt before the enquiry goes to the shared queue; false when it could not (a full disk). */
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

    /** The shared queue took the enquiry: its receipt is checked from now on. */
    track(record: OutboxRecord) {
      receipts.set(record.id, record);
    },

    /** The enquiry stayed in this instance's outbox instead: its receipt goes, if it can. */
    discard: (id: string) => outbox.dropReceipt(id).catch(() => {}),

    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
