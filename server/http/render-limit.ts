import type { RequestHandler } from "express";
import onFinished from "on-finished";
import pLimit from "p-limit";
import { Counter, Gauge, type Registry } from "prom-client";

/**
 * A bound on the page renders in flight (decision 0199), as the image resizer has one: at most `concurrency`
 * renders at once, `queue` more waiting, and past that a 503 with Retry-After at once. A flood of pages no cache
 * holds then costs a bounded amount of memory, and stored pages, files and the enquiry form never wait behind
 * it. Renders for the page cache share the same slots; a visitor's form post (an action) is never refused.
 */

export interface RenderLimitOptions {
  /** From config: PAGE_RENDER_CONCURRENCY and PAGE_RENDER_QUEUE. */
  concurrency: number;
  queue: number;
  metrics: Registry;
}

/** Seconds a visitor is asked to wait when every render slot and the queue are taken. */
export const renderRetryAfterSeconds = 2;

export interface RenderLimit {
  /** Before the page renderer: a GET or HEAD waits for a slot, or is answered 503 when the queue is full. */
  middleware: RequestHandler;
  /** A render for the page cache in a slot; a 503 response (not stored) when the queue is full. */
  shared<T extends Response>(render: () => Promise<T>): Promise<Response>;
}

export function renderLimit({ concurrency, queue, metrics }: RenderLimitOptions): RenderLimit {
  const limit = pLimit(concurrency);
  const full = () => limit.activeCount + limit.pendingCount >= concurrency + queue;
  const refused = new Counter({
    name: "page_renders_refused_total",
    help: "Page renders refused because every render slot and the queue were taken, by whom: visitor (answered 503) or cache (a fill not made)",
    labelNames: ["for"] as const,
    registers: [metrics],
  });
  new Gauge({
    name: "page_renders",
    help: "Page renders now, by state: rendering (holding a slot) or waiting (queued for one)",
    labelNames: ["state"] as const,
    registers: [metrics],
    collect() {
      this.set({ state: "rendering" }, limit.activeCount);
      this.set({ state: "waiting" }, limit.pendingCount);
    },
  });

  return {
    middleware(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        next();
        return;
      }
      if (full()) {
        refused.inc({ for: "visitor" });
        res
          .status(503)
          .set({ "Retry-After": String(renderRetryAfterSeconds), "Cache-Control": "no-store" })
          .type("text/plain")
          .send("The site is very busy; please try again in a moment.");
        return;
      }
      // The slot is held until the page is sent (a streamed page renders as it goes) or the visitor leaves; a
      // visitor who left while waiting gives the slot straight back.
      void limit(
        () =>
          new Promise<void>((release) => {
            if (onFinished.isFinished(res)) {
              release();
              return;
            }
            onFinished(res, () => release());
            next();
          }),
      );
    },
    async shared(render) {
      if (full()) {
        refused.inc({ for: "cache" });
        return new Response(null, { status: 503 });
      }
      return limit(render);
    },
  };
}
