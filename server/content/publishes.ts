import type { Logger } from "pino";
import { Histogram, type Registry } from "prom-client";
import type { PublishFigure } from "../../src/lib/status-report.ts";
import { counter } from "../lib/metrics.ts";
import type { EntryChange, PurgePlan } from "./purge-plan.ts";

/**
 * A publish, from the webhook to every tier. Contentful calls the webhook before its Delivery API serves the new
 * revision, so purging at once would store the old text again on every instance: for a source that lags, the
 * entry is read until the API serves the payload's revision (an unpublish or delete: until it is gone), backing
 * off from 100 ms to a few seconds, for two minutes at most. Then the instances are purged (their pages stored
 * again before it goes on), then the tier in front. Publishes of one entry that arrive while it waits join it.
 */

/** Where a publish is read back: the revision the Delivery API serves of an entry, or null when it serves none. */
export type RevisionReader = (entryId: string) => Promise<number | null>;

/** The tier in front (front-cache.ts): purged by tags, then asked once for each page so visitors meet new copies. */
export interface FrontTier {
  purge(plan: PurgePlan): Promise<boolean>;
}

export interface PublishOptions {
  /** The source's read of an entry's revision; absent for a source with no lag (the embedded store). */
  revisionOf?: RevisionReader;
  /** Purges the instances (this one's caches, the others through Redis); resolves once this one is stored again. */
  purge: (plan: PurgePlan) => Promise<unknown>;
  front?: FrontTier;
  logger: Logger;
  metrics: Registry;
  wait?: { firstMs: number; maxMs: number; giveUpMs: number };
  now?: () => number;
}

export const defaultWait = { firstMs: 100, maxMs: 3_000, giveUpMs: 120_000 };
/** Publishes /status lists, newest first. */
const keptPublishes = 10;

interface Waiting {
  change: EntryChange;
  plan: PurgePlan;
  figure: PublishFigure;
  done: Promise<void>;
}

export function createPublishes(options: PublishOptions) {
  const { revisionOf, logger, front } = options;
  const wait = options.wait ?? defaultWait;
  const now = options.now ?? Date.now;
  const recent: PublishFigure[] = [];
  const waiting = new Map<string, Waiting>();
  const stopping = new AbortController();
  const visible = new Histogram({
    name: "content_publish_visible_seconds",
    help: "Seconds from a publish's webhook until its pages were stored again on this instance and purged in front",
    buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers: [options.metrics],
  });
  const gaveUp = counter(
    options.metrics,
    "content_publish_waits_given_up_total",
    "Publishes the Delivery API had not served after two minutes (purged anyway)",
  );

  const iso = (ms: number) => new Date(ms).toISOString();

  /** Whether the Delivery API serves the change now; an error counts as not yet. */
  async function served(change: EntryChange): Promise<boolean> {
    try {
      const revision = await (revisionOf as RevisionReader)(change.id);
      if (change.action !== "publish") return revision === null;
      return revision !== null && revision >= (change.revision ?? 0);
    } catch {
      return false;
    }
  }

  /** Reads until the change is served or the wait gives up; true when it was served. */
  async function untilServed(entry: Waiting, startedAt: number): Promise<boolean> {
    let delay = wait.firstMs;
    for (;;) {
      if (await served(entry.change)) return true;
      const left = startedAt + wait.giveUpMs - now();
      if (left <= 0 || stopping.signal.aborted) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(delay, left));
        stopping.signal.addEventListener(
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

  /** Purges the instances, then the tier in front, for a change the API serves (or that it gave up on). */
  async function purgeEverywhere(plan: PurgePlan, figure: PublishFigure, receivedAt: number) {
    await purgeInstances(plan, figure);
    await purgeFront(plan, figure, receivedAt);
  }

  async function purgeInstances(plan: PurgePlan, figure: PublishFigure) {
    await options.purge(plan);
    figure.instancesPurgedAt = iso(now());
  }

  async function purgeFront(plan: PurgePlan, figure: PublishFigure, receivedAt: number) {
    if (front) {
      const purged = await front.purge(plan);
      figure.frontPurgedAt = purged ? iso(now()) : null;
      figure.frontFailed = !purged;
    }
    const at = now();
    figure.visibleAt = iso(at);
    visible.observe((at - receivedAt) / 1000);
  }

  function remember(figure: PublishFigure) {
    recent.unshift(figure);
    recent.length = Math.min(recent.length, keptPublishes);
  }

  return {
    /**
     * Takes a change the webhook read and its purge plan. Without a wait, `purged` resolves once the instances are
     * purged (the webhook answers then); `done`, once the tier in front is too. `waiting` says that both wait for
     * the Delivery API first (the webhook answers at once).
     */
    accept(
      change: EntryChange | undefined,
      plan: PurgePlan,
    ): { waiting: boolean; purged: Promise<void>; done: Promise<void> } {
      const receivedAt = now();
      // A publish is waited for by its revision, an unpublish or delete until the entry is gone.
      const mustWait = Boolean(
        revisionOf &&
          change &&
          (change.action === "publish" ? change.revision !== undefined : change.action !== "unchanged"),
      );
      const figure: PublishFigure = {
        entry: change?.id ?? null,
        action: change?.action ?? null,
        revision: change?.revision ?? null,
        receivedAt: iso(receivedAt),
        servedAfterSeconds: null,
        gaveUp: false,
        instancesPurgedAt: null,
        frontPurgedAt: null,
        frontFailed: false,
        visibleAt: null,
      };
      if (!mustWait || !change) {
        remember(figure);
        const purged = purgeInstances(plan, figure);
        return { waiting: false, purged, done: purged.then(() => purgeFront(plan, figure, receivedAt)) };
      }
      const joined = waiting.get(change.id);
      if (joined) {
        joined.change = { ...change, revision: Math.max(change.revision ?? 0, joined.change.revision ?? 0) };
        joined.plan = mergePlans(joined.plan, plan);
        joined.figure.revision = joined.change.revision ?? null;
        joined.figure.action = change.action;
        return { waiting: true, purged: joined.done, done: joined.done };
      }
      const entry: Waiting = { change, plan, figure, done: Promise.resolve() };
      remember(figure);
      entry.done = (async () => {
        const ok = await untilServed(entry, receivedAt);
        waiting.delete(change.id);
        if (stopping.signal.aborted) return;
        figure.servedAfterSeconds = ok ? (now() - receivedAt) / 1000 : null;
        if (!ok) {
          figure.gaveUp = true;
          gaveUp.inc();
          logger.warn(
            { entry: change.id, revision: change.revision, waitedMs: now() - receivedAt },
            "the Delivery API did not serve a publish in time; purging anyway",
          );
        }
        await purgeEverywhere(entry.plan, figure, receivedAt);
        logger.info({ publish: figure }, "publish visible");
      })().catch((error: unknown) => {
        waiting.delete(change.id);
        logger.error({ err: error, entry: change.id }, "a publish could not be purged");
      });
      waiting.set(change.id, entry);
      return { waiting: true, purged: entry.done, done: entry.done };
    },
    /** The last publishes, newest first, for /status. */
    recent: (): PublishFigure[] => recent.map((figure) => ({ ...figure })),
    /** Stops waiting (a graceful stop): what was still waiting is purged by the content TTL. */
    stop() {
      stopping.abort();
    },
  };
}

export type Publishes = ReturnType<typeof createPublishes>;

/** Two plans for one entry: every page either names, every type, or everything where either means everything. */
function mergePlans(a: PurgePlan, b: PurgePlan): PurgePlan {
  const union = <T>(x: T[] | undefined, y: T[] | undefined) =>
    x === undefined || y === undefined ? undefined : [...new Set([...x, ...y])].sort();
  return {
    contentTypes: union(a.contentTypes, b.contentTypes),
    paths: union(a.paths, b.paths),
    entries: [...new Set([...(a.entries ?? []), ...(b.entries ?? [])])],
  };
}
