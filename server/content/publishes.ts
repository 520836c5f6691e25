import type { Logger } from "pino";
import { Histogram, type Registry } from "prom-client";
import type { PublishRecord } from "../../src/shared/status-report.ts";
import { counter } from "../lib/metrics.ts";
import type { EntryChange, PurgePlan } from "./purge-plan.ts";

// Contentful calls the webhook before its Delivery API serves the new revision, so purging at once would store the
// old text again: the entry is read back until the API serves it, then the instances and the front cache are purged.

/** Null when the Delivery API serves no revision of the entry. */
export type RevisionReader = (entryId: string) => Promise<number | null>;

/** False when the front cache did not take the purge. */
export interface FrontCache {
  purge(plan: PurgePlan): Promise<boolean>;
}

export interface PublishOptions {
  /** Absent for a source with no lag (the embedded store). */
  revisionOf?: RevisionReader;
  /** Resolves once this instance's pages are stored again. */
  purge: (plan: PurgePlan) => Promise<unknown>;
  front?: FrontCache;
  logger: Logger;
  metrics: Registry;
  wait?: Wait;
  now?: () => number;
}

interface Wait {
  firstMs: number;
  maxMs: number;
  giveUpMs: number;
}

// Capped at a second, so a publish shows at most a second after the API serves it.
const defaultWait: Wait = { firstMs: 100, maxMs: 1_000, giveUpMs: 120_000 };
const keptPublishes = 10;

/** Later publishes of the same entry join it. */
interface Waiting {
  change: EntryChange;
  plan: PurgePlan;
  record: PublishRecord;
  done: Promise<void>;
}

export interface Accepted {
  /** The purges wait for the Delivery API first, so the webhook answers at once. */
  waiting: boolean;
  /** Without a wait, settles once the instances are purged: the webhook answers then. */
  purged: Promise<void>;
  done: Promise<void>;
}

export function createPublishes(options: PublishOptions) {
  const { revisionOf, logger } = options;
  const now = options.now ?? Date.now;
  const recent: PublishRecord[] = [];
  const waiting = new Map<string, Waiting>();
  const stopping = new AbortController();
  const numbers = publishMetrics(options.metrics);

  const { purgeInstances, purgeFront } = purgeSteps(options, now, numbers.visible);

  async function afterServed(entry: Waiting, reader: RevisionReader) {
    const { record } = entry;
    const startedAt = Date.parse(record.receivedAt);
    const served = await untilServed(
      reader,
      () => entry.change,
      { ...(options.wait ?? defaultWait), startedAt, now },
      stopping.signal,
    );
    waiting.delete(entry.change.id);
    if (stopping.signal.aborted) return;
    if (served) record.servedAfterSeconds = (now() - startedAt) / 1000;
    else {
      record.gaveUp = true;
      numbers.gaveUp.inc();
      logger.warn(
        { entry: entry.change.id, revision: entry.change.revision, waitedMs: now() - startedAt },
        "the Delivery API did not serve a publish in time; purging anyway",
      );
    }
    await purgeInstances(entry.plan, record);
    await purgeFront(entry.plan, record);
    logger.info({ publish: record }, "publish visible");
  }

  function remember(record: PublishRecord) {
    recent.unshift(record);
    recent.length = Math.min(recent.length, keptPublishes);
  }

  return {
    accept(change: EntryChange | undefined, plan: PurgePlan): Accepted {
      const record = newRecord(change, now());
      if (!revisionOf || !change || !mustWait(change)) {
        remember(record);
        const purged = purgeInstances(plan, record);
        return { waiting: false, purged, done: purged.then(() => purgeFront(plan, record)) };
      }
      const joined = waiting.get(change.id);
      if (joined) {
        joined.change = { ...change, revision: Math.max(change.revision ?? 0, joined.change.revision ?? 0) };
        joined.plan = mergePlans(joined.plan, plan);
        Object.assign(joined.record, { revision: joined.change.revision ?? null, action: change.action });
        return { waiting: true, purged: joined.done, done: joined.done };
      }
      const entry: Waiting = { change, plan, record, done: Promise.resolve() };
      remember(record);
      waiting.set(change.id, entry);
      entry.done = afterServed(entry, revisionOf).catch((error: unknown) => {
        waiting.delete(change.id);
        logger.error({ err: error, entry: change.id }, "a publish could not be purged");
      });
      return { waiting: true, purged: entry.done, done: entry.done };
    },
    recent: (): PublishRecord[] => recent.map((record) => ({ ...record })),
    /** Stops waiting (a graceful stop): what was still waiting is left to the content TTL. */
    stop() {
      stopping.abort();
    },
  };
}

export type Publishes = ReturnType<typeof createPublishes>;

// Each purge notes in the publish's record when it was done; the publish is visible once the front cache is purged.
function purgeSteps(options: PublishOptions, now: () => number, visible: Histogram) {
  return {
    async purgeInstances(plan: PurgePlan, record: PublishRecord) {
      await options.purge(plan);
      record.instancesPurgedAt = new Date(now()).toISOString();
    },

    async purgeFront(plan: PurgePlan, record: PublishRecord) {
      if (options.front) {
        const purged = await options.front.purge(plan);
        record.frontPurgedAt = purged ? new Date(now()).toISOString() : null;
        record.frontFailed = !purged;
      }
      record.visibleAt = new Date(now()).toISOString();
      visible.observe((now() - Date.parse(record.receivedAt)) / 1000);
    },
  };
}

function publishMetrics(registry: Registry) {
  return {
    visible: new Histogram({
      name: "content_publish_visible_seconds",
      help: "Seconds from a publish's webhook until its pages were stored again on this instance and purged in front",
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
      registers: [registry],
    }),
    gaveUp: counter(
      registry,
      "content_publish_waits_given_up_total",
      "Publishes the Delivery API had not served after two minutes (purged anyway)",
    ),
  };
}

/** A publish is waited for by its revision (a payload without one cannot be), an unpublish or delete until gone. */
function mustWait(change: EntryChange): boolean {
  if (change.action === "publish") return change.revision !== undefined;
  return change.action !== "unchanged";
}

function newRecord(change: EntryChange | undefined, receivedAt: number): PublishRecord {
  return {
    entry: change?.id ?? null,
    action: change?.action ?? null,
    revision: change?.revision ?? null,
    receivedAt: new Date(receivedAt).toISOString(),
    servedAfterSeconds: null,
    gaveUp: false,
    instancesPurgedAt: null,
    frontPurgedAt: null,
    frontFailed: false,
    visibleAt: null,
  };
}

/** An error counts as not yet. */
async function served(reader: RevisionReader, change: EntryChange): Promise<boolean> {
  try {
    const revision = await reader(change.id);
    if (change.action !== "publish") return revision === null;
    return revision !== null && revision >= (change.revision ?? 0);
  } catch {
    return false;
  }
}

/** A joining publish may update the change; true once it is served. */
async function untilServed(
  reader: RevisionReader,
  change: () => EntryChange,
  wait: Wait & { startedAt: number; now: () => number },
  signal: AbortSignal,
): Promise<boolean> {
  let delay = wait.firstMs;
  for (;;) {
    if (await served(reader, change())) return true;
    const left = wait.startedAt + wait.giveUpMs - wait.now();
    if (left <= 0 || signal.aborted) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(delay, left));
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    delay = Math.min(delay * 2, wait.maxMs);
  }
}

/** Every page either names, every type, or everything where either means everything. */
function mergePlans(a: PurgePlan, b: PurgePlan): PurgePlan {
  const union = <T>(x: T[] | undefined, y: T[] | undefined) =>
    x === undefined || y === undefined ? undefined : [...new Set([...x, ...y])].sort();
  return {
    contentTypes: union(a.contentTypes, b.contentTypes),
    paths: union(a.paths, b.paths),
    entries: [...new Set([...(a.entries ?? []), ...(b.entries ?? [])])],
  };
}
