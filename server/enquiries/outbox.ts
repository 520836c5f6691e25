import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { type Enquiry, enquirySchema } from "../../src/shared/enquiry.ts";
import type { RetentionCutoffs } from "./queue.ts";

/** Everything needed to send it again, identically. */
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
  /** Absent: all of MAIL_TO; set once a delivery reached only some. */
  recipients?: string[];
  /** Recipients that refused it for good while others took it: they go to the dead letters once the rest is done. */
  refusedForGood?: { address: string; reply: string }[];
  /** How many times the whole message went out and the server never answered its end (it may have arrived). */
  unconfirmed?: number;
  deadReason?: string;
  deadAt?: string;
}

// As newEnquiryId() makes them, or any other id of letters, digits and hyphens: it is a header and a file name.
const enquiryIdPattern = /^[0-9A-Za-z-]{1,64}$/;
const time = z.iso.datetime();
const note = z.string().max(2000);

// The record as this file writes it. Unknown fields are dropped, and the enquiry is read again through the form's own
// schema, so a record from elsewhere reaches the mail only as an enquiry the handler would have accepted.
const recordSchema = z
  .object({
    version: z.literal(1),
    id: z.string().regex(enquiryIdPattern, "is not an enquiry id"),
    messageId: z.string().max(300),
    receivedAt: time,
    enquiry: enquirySchema,
    attempts: z.number().int().min(0),
    lastError: note.optional(),
    lastAttemptAt: time.optional(),
    deliveredAt: time.optional(),
    recipients: z.array(z.string().max(254)).min(1).optional(),
    refusedForGood: z.array(z.object({ address: z.string().max(254), reply: note })).optional(),
    unconfirmed: z.number().int().min(0).optional(),
    deadReason: note.optional(),
    deadAt: time.optional(),
  })
  .refine((record) => messageIdOf(record.messageId) === record.id, {
    path: ["messageId"],
    message: "is not this enquiry's Message-ID",
  });

/** `<enquiry.ID@domain>`, as the enquiry handler makes it: the id inside, or nothing. */
function messageIdOf(messageId: string): string | undefined {
  return /^<enquiry\.([^@<>\s]+)@[A-Za-z0-9.-]+>$/.exec(messageId)?.[1];
}

export type RecordCheck = { ok: true; record: OutboxRecord } | { ok: false; reason: string };

/**
 * A record read back from a queue other instances (or anyone on Redis's network) can write: its shape, its enquiry
 * by the form's rules, and recipients only among MAIL_TO's. The reason names the field and the rule, never a value.
 */
export function checkRecord(value: unknown, mailTo: readonly string[]): RecordCheck {
  const result = recordSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, reason: `${issue?.path.join(".") || "record"}: ${issue?.message ?? "invalid"}` };
  }
  const allowed = new Set(mailTo.map((address) => address.toLowerCase()));
  if (result.data.recipients?.some((address) => !allowed.has(address.toLowerCase()))) {
    return { ok: false, reason: "recipients: names an address that is not in MAIL_TO" };
  }
  return { ok: true, record: result.data };
}

// Receipts were kept in handed/ before. They are moved into receipts/ one by one, so an upgrade loses none, even where
// a rollback and an upgrade again left receipts in both folders.
async function keepEarlierReceipts(root: string, receipts: string) {
  const handed = path.join(root, "handed");
  const names = await readdir(handed).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  for (const name of names ?? []) await rename(path.join(handed, name), path.join(receipts, name));
  if (names) await rm(handed, { recursive: true, force: true });
}

/** More than a whole enquiry record takes (the form caps its fields). */
const probeBytes = 16 * 1024;

type Dirs = Record<"pending" | "delivered" | "dead" | "receipts" | "tmp", string>;

// Every write goes to tmp/, is fsynced, renamed into place and the folder fsynced, so a file in pending/ is always
// whole and survives a crash or power cut. Moving a record is a rename, so it needs no space on a full disk.
export function createOutbox(root: string, onUnreadable: (file: string, error: unknown) => void = () => {}) {
  const dirs: Dirs = {
    pending: path.join(root, "pending"),
    delivered: path.join(root, "delivered"),
    dead: path.join(root, "dead"),
    receipts: path.join(root, "receipts"),
    tmp: path.join(root, "tmp"),
  };

  return {
    root,
    dirs,

    /** Clears half-written files a crash or a full disk left behind. */
    async open() {
      await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
      await keepEarlierReceipts(root, dirs.receipts);
      for (const name of await readdir(dirs.tmp)) await rm(path.join(dirs.tmp, name), { force: true });
    },

    /** Only after this resolves may the visitor hear "sent". */
    add: (record: OutboxRecord) => writeRecord(dirs, dirs.pending, record),

    update: (record: OutboxRecord) => writeRecord(dirs, dirs.pending, record),

    markDelivered: (record: OutboxRecord) => move(dirs, record, dirs.delivered),

    markDead: (record: OutboxRecord) => markDead(dirs, record),

    async remove(record: OutboxRecord) {
      await removeIfThere(fileOf(dirs.pending, record.id));
      await syncDir(dirs.pending);
    },

    /** Until the shared queue says it is done. */
    keepReceipt: (record: OutboxRecord) => writeRecord(dirs, dirs.receipts, record),

    receipts: () => readRecords(dirs.receipts, onUnreadable),

    async dropReceipt(id: string) {
      await removeIfThere(fileOf(dirs.receipts, id));
    },

    pending: () => pendingRecords(dirs, onUnreadable),

    async deadCount(): Promise<number> {
      return (await readdir(dirs.dead)).filter((name) => name.endsWith(".json")).length;
    },

    async sweep(before: RetentionCutoffs) {
      const delivered = await sweepFolder(dirs.delivered, before.delivered, deliveredAt, onUnreadable);
      const dead = await sweepFolder(dirs.dead, before.dead, deadAt, onUnreadable);
      return { delivered: delivered.removed, dead: dead.removed, lastDeliveredAt: delivered.newestKept };
    },

    /** Readiness: writes and fsyncs real bytes, since creating an empty file still works on a full disk. */
    async checkWritable() {
      const probe = await writeTemp(dirs, "ready", Buffer.alloc(probeBytes, 0x20));
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

const fileOf = (dir: string, id: string) => path.join(dir, `${id}.json`);

async function syncDir(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeTemp(dirs: Dirs, name: string, contents: string | Buffer): Promise<string> {
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

async function writeAtomic(dirs: Dirs, dir: string, id: string, contents: string) {
  const temp = await writeTemp(dirs, id, contents);
  try {
    await rename(temp, fileOf(dir, id));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

async function writeRecord(dirs: Dirs, dir: string, record: OutboxRecord) {
  await writeAtomic(dirs, dir, record.id, JSON.stringify(record, null, 2));
}

async function move(dirs: Dirs, record: OutboxRecord, dir: string) {
  try {
    await rename(fileOf(dirs.pending, record.id), fileOf(dir, record.id));
  } catch (error) {
    // Not in pending/: written straight to its new place (a record this outbox never held, or moved before).
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await writeRecord(dirs, dir, record);
    return;
  }
  await syncDir(dir);
  await syncDir(dirs.pending);
  // The move is the mark; the times in the file are for the sweep and the operator, best effort on a full disk.
  await writeRecord(dirs, dir, record).catch(() => {});
}

/** Written whole to dead/ first, with its reason; on a full disk, moved by rename as it was. */
async function markDead(dirs: Dirs, record: OutboxRecord) {
  try {
    await writeRecord(dirs, dirs.dead, record);
  } catch {
    await move(dirs, record, dirs.dead);
    return;
  }
  await removeIfThere(fileOf(dirs.pending, record.id));
  await syncDir(dirs.pending);
}

async function readRecords(dir: string, onUnreadable: (file: string, error: unknown) => void): Promise<OutboxRecord[]> {
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

/** One also in delivered/ or dead/ (a crash between two steps) is tidied. */
async function pendingRecords(dirs: Dirs, onUnreadable: (file: string, error: unknown) => void) {
  const done = new Set(
    [...(await readdir(dirs.delivered)), ...(await readdir(dirs.dead))].map((name) => name.replace(/\.json$/, "")),
  );
  const records = await readRecords(dirs.pending, onUnreadable);
  const waiting: OutboxRecord[] = [];
  for (const record of records) {
    if (done.has(record.id)) await unlink(fileOf(dirs.pending, record.id)).catch(() => {});
    else waiting.push(record);
  }
  return waiting;
}

const deliveredAt = (record: OutboxRecord) => new Date(record.deliveredAt ?? record.receivedAt);
const deadAt = (record: OutboxRecord) => new Date(record.deadAt ?? record.lastAttemptAt ?? record.receivedAt);

async function sweepFolder(
  dir: string,
  olderThan: Date,
  timeOf: (record: OutboxRecord) => Date,
  onUnreadable: (file: string, error: unknown) => void,
): Promise<{ removed: number; newestKept: Date | null }> {
  let removed = 0;
  let newestKept: Date | null = null;
  for (const record of await readRecords(dir, onUnreadable)) {
    const at = timeOf(record);
    if (at < olderThan) {
      await rm(fileOf(dir, record.id), { force: true });
      removed++;
    } else if (!newestKept || at > newestKept) {
      newestKept = at;
    }
  }
  return { removed, newestKept };
}
