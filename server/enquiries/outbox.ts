import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
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
  /** The recipients still to reach, once a delivery reached only some of MAIL_TO; absent: all of MAIL_TO. */
  recipients?: string[];
  /** Recipients that refused it for good while others took it: they go to the dead letters once the rest is done. */
  refusedForGood?: { address: string; reply: string }[];
  /** How many times the whole message went out and the server never answered its end (it may have arrived). */
  unconfirmed?: number;
  /** Why it was moved to the dead letters, in words, with the server's reply; set only there. */
  deadReason?: string;
  deadAt?: string;
}

/** How many bytes the writable check writes: more than a whole enquiry record takes (the form caps its fields). */
const probeBytes = 16 * 1024;

/**
 * The durable outbox under DATA_DIR/outbox: `pending/` holds enquiries not yet delivered, `delivered/` the sent
 * ones until retention removes them, `dead/` those the mail server refused for good (kept for an operator,
 * docs/operations.md), `handed/` receipts of enquiries given to the shared queue until it has delivered them
 * (decision 0198), `tmp/` half-written files. Every write goes to tmp, is fsynced, renamed into place and the
 * folder fsynced, so a file in pending/ is always whole and survives a crash or power cut; a write that fails
 * (a full disk) removes its temporary file. Moving a record between folders is a rename, which needs no space.
 */
export function createOutbox(root: string, onUnreadable: (file: string, error: unknown) => void = () => {}) {
  const dirs = {
    pending: path.join(root, "pending"),
    delivered: path.join(root, "delivered"),
    dead: path.join(root, "dead"),
    handed: path.join(root, "handed"),
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

  /** Writes `contents` to a new file in tmp/, fsynced, and returns its path; nothing is left if it fails. */
  async function writeTemp(name: string, contents: string | Buffer): Promise<string> {
    const temp = path.join(dirs.tmp, `${name}.${randomBytes(4).toString("hex")}.json`);
    try {
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(contents);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return temp;
  }

  async function removeIfThere(file: string) {
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  async function writeAtomic(dir: string, id: string, contents: string) {
    const temp = await writeTemp(id, contents);
    try {
      await rename(temp, fileOf(dir, id));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDir(dir);
  }

  /** Moves a record from pending/ to `dir` by rename (no space needed), then records the new state if it can. */
  async function move(record: OutboxRecord, dir: string) {
    try {
      await rename(fileOf(dirs.pending, record.id), fileOf(dir, record.id));
    } catch (error) {
      // Not in pending/: written straight to its new place (a record this outbox never held, or moved before).
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await writeAtomic(dir, record.id, JSON.stringify(record, null, 2));
      return;
    }
    await syncDir(dir);
    await syncDir(dirs.pending);
    // The move is the mark; the times in the file are for the sweep and the operator, best effort on a full disk.
    await writeAtomic(dir, record.id, JSON.stringify(record, null, 2)).catch(() => {});
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
    dirs,

    /** Creates the folders and clears half-written files a crash or a full disk left behind. */
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

    /** Moves a sent enquiry from pending/ to delivered/. */
    markDelivered: (record: OutboxRecord) => move(record, dirs.delivered),

    /**
     * Moves an enquiry the mail server refused for good from pending/ to dead/, where an operator finds it: written
     * there whole first, with its reason, then removed from pending/; on a full disk, moved by rename as it was.
     */
    async markDead(record: OutboxRecord) {
      try {
        await writeAtomic(dirs.dead, record.id, JSON.stringify(record, null, 2));
      } catch {
        await move(record, dirs.dead);
        return;
      }
      await removeIfThere(fileOf(dirs.pending, record.id));
      await syncDir(dirs.pending);
    },

    /** Removes an enquiry from pending/ that now waits somewhere else (handed to the shared queue). */
    async remove(record: OutboxRecord) {
      await removeIfThere(fileOf(dirs.pending, record.id));
      await syncDir(dirs.pending);
    },

    /** Keeps a copy of an enquiry handed to the shared queue, until that queue says it is done (decision 0198). */
    async keepReceipt(record: OutboxRecord) {
      await writeAtomic(dirs.handed, record.id, JSON.stringify(record, null, 2));
    },

    /** The enquiries handed to the shared queue that it has not yet said are done, oldest first. */
    receipts: () => readRecords(dirs.handed),

    /** The shared queue delivered it (or kept it as a dead letter): its receipt goes. */
    async dropReceipt(id: string) {
      await removeIfThere(fileOf(dirs.handed, id));
    },

    /** Pending enquiries, oldest first; one also in delivered/ or dead/ (a crash between two steps) is tidied. */
    async pending(): Promise<OutboxRecord[]> {
      const done = new Set(
        [...(await readdir(dirs.delivered)), ...(await readdir(dirs.dead))].map((name) => name.replace(/\.json$/, "")),
      );
      const records = await readRecords(dirs.pending);
      const waiting: OutboxRecord[] = [];
      for (const record of records) {
        if (done.has(record.id)) await unlink(fileOf(dirs.pending, record.id)).catch(() => {});
        else waiting.push(record);
      }
      return waiting;
    },

    /** How many enquiries wait in dead/ for an operator. */
    async deadCount(): Promise<number> {
      return (await readdir(dirs.dead)).filter((name) => name.endsWith(".json")).length;
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

    /**
     * Readiness: can a new enquiry be written right now? Writes and fsyncs real bytes (more than an enquiry takes):
     * creating an empty file still works on a full disk.
     */
    async checkWritable() {
      const probe = await writeTemp("ready", Buffer.alloc(probeBytes, 0x20));
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
