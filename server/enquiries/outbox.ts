import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { Enquiry } from "../../src/lib/enquiry.ts";

/** One accepted enquiry as the outbox keeps it: everything needed to send it again, identically. */
export interface OutboxRecord {
  version: 1;
  id: string;
  /** Fixed when the enquiry is accepted, so a resend after a crash is recognisably the same message. */
  messageId: string;
  receivedAt: string;
  enquiry: Enquiry;
  attempts: number;
  lastError?: string;
  lastAttemptAt?: string;
  deliveredAt?: string;
}

/**
 * The durable outbox under DATA_DIR/outbox: `pending/` holds enquiries not yet delivered, `delivered/` the sent
 * ones until retention removes them, `tmp/` half-written files. Every write goes to tmp, is fsynced, renamed into
 * place and the folder fsynced, so a file in pending/ is always whole and survives a crash or power cut.
 */
export function createOutbox(root: string, onUnreadable: (file: string, error: unknown) => void = () => {}) {
  const dirs = {
    pending: path.join(root, "pending"),
    delivered: path.join(root, "delivered"),
    tmp: path.join(root, "tmp"),
  };
  const fileOf = (dir: string, id: string) => path.join(dir, `${id}.json`);

  async function syncDir(dir: string) {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function writeAtomic(dir: string, id: string, contents: string) {
    const temp = path.join(dirs.tmp, `${id}.${randomBytes(4).toString("hex")}.json`);
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(contents, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, fileOf(dir, id));
    await syncDir(dir);
  }

  async function readRecords(dir: string): Promise<OutboxRecord[]> {
    const names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
    const records: OutboxRecord[] = [];
    for (const name of names) {
      try {
        records.push(JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxRecord);
      } catch (error) {
        // A file edited by hand must not stop the site from starting: it stays put for an operator to see.
        if (error instanceof SyntaxError) onUnreadable(path.join(dir, name), error);
        else if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    return records;
  }

  return {
    root,

    /** Creates the folders and clears half-written files a crash left behind. */
    async open() {
      await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
      for (const name of await readdir(dirs.tmp)) await rm(path.join(dirs.tmp, name), { force: true });
    },

    /** Writes a new enquiry to pending/ durably; only after this resolves may the visitor hear "sent". */
    async add(record: OutboxRecord) {
      await writeAtomic(dirs.pending, record.id, JSON.stringify(record, null, 2));
    },

    /** Saves the attempt count and last error, so they survive a restart. */
    async update(record: OutboxRecord) {
      await writeAtomic(dirs.pending, record.id, JSON.stringify(record, null, 2));
    },

    /** Moves a sent enquiry to delivered/: written there first, then removed from pending/. */
    async markDelivered(record: OutboxRecord) {
      await writeAtomic(dirs.delivered, record.id, JSON.stringify(record, null, 2));
      await unlink(fileOf(dirs.pending, record.id)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      await syncDir(dirs.pending);
    },

    /** Pending enquiries, oldest first; one also found in delivered/ (a crash between the two steps) is tidied. */
    async pending(): Promise<OutboxRecord[]> {
      const delivered = new Set((await readdir(dirs.delivered)).map((name) => name.replace(/\.json$/, "")));
      const records = await readRecords(dirs.pending);
      const waiting: OutboxRecord[] = [];
      for (const record of records) {
        if (delivered.has(record.id)) await unlink(fileOf(dirs.pending, record.id)).catch(() => {});
        else waiting.push(record);
      }
      return waiting;
    },

    /** Removes delivered enquiries older than the retention period: how many went, and the latest delivery kept. */
    async sweep(olderThan: Date): Promise<{ removed: number; lastDeliveredAt: Date | null }> {
      let removed = 0;
      let lastDeliveredAt: Date | null = null;
      for (const record of await readRecords(dirs.delivered)) {
        const deliveredAt = new Date(record.deliveredAt ?? record.receivedAt);
        if (deliveredAt < olderThan) {
          await rm(fileOf(dirs.delivered, record.id), { force: true });
          removed++;
        } else if (!lastDeliveredAt || deliveredAt > lastDeliveredAt) {
          lastDeliveredAt = deliveredAt;
        }
      }
      return { removed, lastDeliveredAt };
    },

    /** Readiness: can a new enquiry be written right now? */
    async checkWritable() {
      await access(dirs.tmp, constants.W_OK);
      const probe = path.join(dirs.tmp, `ready-${randomBytes(4).toString("hex")}`);
      const handle = await open(probe, "wx", 0o600);
      await handle.close();
      await rm(probe, { force: true });
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** An enquiry id that sorts by time and reads well in a file listing: 20261122T101530Z-3f9a1c2b. */
export function newEnquiryId(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `${stamp}-${randomBytes(4).toString("hex")}`;
}
