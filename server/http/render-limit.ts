import type { Request, RequestHandler } from "express";
import onFinished from "on-finished";
import pLimit from "p-limit";
import type { Logger } from "pino";
import { Gauge, type Registry } from "prom-client";
import { counter } from "../lib/metrics.ts";
import { sendBusy } from "./refusals.ts";

// A flood of uncached pages then costs bounded memory, and stored pages, files and enquiries never wait behind it.
// The page cache's renders share the slots; a form post (an action) is never refused.

export interface RenderLimitOptions {
  concurrency: number;
  queue: number;
  metrics: Registry;
  logger?: Logger;
  /** A page never stored (the contact page): each request is a render, so these get at most half the slots. */
  isPrivate?: (req: Request) => boolean;
}

const burstReportMs = 1_000;

const renderRetryAfterSeconds = 2;

export interface RenderLimit {
  /** A GET or HEAD waits for a slot, or is answered 503 when the queue is full. */
  middleware: RequestHandler;
  /** Undefined (nothing stored) when the queue is full. */
  shared<T>(render: () => Promise<T>): Promise<T | undefined>;
}

export function renderLimit({ concurrency, queue, metrics, logger, isPrivate }: RenderLimitOptions): RenderLimit {
  const limit = pLimit(concurrency);
  // A private page's render takes one of these first, then a slot: a bot on it leaves the other half to the rest.
  const privateLimit = pLimit(Math.max(1, Math.floor(concurrency / 2)));
  const privateQueue = Math.ceil(queue / 2);
  let burst = { visitor: 0, cache: 0 };
  let reporting: NodeJS.Timeout | undefined;
  const count = (who: "visitor" | "cache") => {
    refused.inc({ for: who });
    burst[who]++;
    if (reporting) return;
    reporting = setTimeout(() => {
      logger?.warn(
        { refused: burst, concurrency, queue },
        "page renders refused: every render slot and the queue taken",
      );
      burst = { visitor: 0, cache: 0 };
      reporting = undefined;
    }, burstReportMs).unref();
  };
  const full = () => limit.activeCount + limit.pendingCount >= concurrency + queue;
  const privateFull = () =>
    privateLimit.activeCount + privateLimit.pendingCount >= privateLimit.concurrency + privateQueue;
  const refused = counter(
    metrics,
    "page_renders_refused_total",
    "Page renders refused because every render slot and the queue were taken, by whom: visitor (answered 503) or cache (a fill not made)",
    ["for"],
  );
  const started = counter(
    metrics,
    "page_renders_total",
    "Page renders started, by whom: visitor (a request the router renders) or cache (the page cache's own)",
    ["for"],
  );
  new Gauge({
    name: "page_renders",
    help: "Page renders now, by state: rendering (holding a slot) or waiting (queued for one)",
    labelNames: ["state"] as const,
    registers: [metrics],
    collect() {
      this.set({ state: "rendering" }, limit.activeCount);
      this.set({ state: "waiting" }, limit.pendingCount + privateLimit.pendingCount);
    },
  });

  return {
    middleware(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        next();
        return;
      }
      const own = isPrivate?.(req) ?? false;
      if (full() || (own && privateFull())) {
        count("visitor");
        res.locals.refusedForLoad = true;
        sendBusy(res, renderRetryAfterSeconds, "The site is very busy; please try again in a moment.");
        return;
      }
      // The slot is held until the page is sent (a streamed page renders as it goes) or the visitor leaves; a
      // visitor who left while waiting gives the slot straight back.
      const render = () =>
        new Promise<void>((release) => {
          if (onFinished.isFinished(res)) {
            release();
            return;
          }
          onFinished(res, () => release());
          started.inc({ for: "visitor" });
          next();
        });
      void (own ? privateLimit(() => limit(render)) : limit(render));
    },
    async shared(render) {
      if (full()) {
        count("cache");
        return undefined;
      }
      return limit(() => {
        started.inc({ for: "cache" });
        return render();
      });
    },
  };
}
