import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createPublishes } from "../../server/content/publishes.ts";
import type { EntryChange, PurgePlan } from "../../server/content/purge-plan.ts";
import { createLogger } from "../../server/http/logging.ts";

/** A Delivery API that serves each entry's revision from a given moment on, and every purge each tier got. */
function world(options: { servedFromMs?: number; gone?: boolean } = {}) {
  const started = Date.now();
  const reads: number[] = [];
  const purges: { tier: "instances" | "front"; plan: PurgePlan; at: number }[] = [];
  const metrics = new Registry();
  const warnings: string[] = [];
  const logger = createLogger("silent");
  logger.warn = ((...args: unknown[]) => void warnings.push(String(args.at(-1)))) as typeof logger.warn;
  const publishes = createPublishes({
    revisionOf: async () => {
      reads.push(Date.now() - started);
      const served = Date.now() - started >= (options.servedFromMs ?? 0);
      if (options.gone) return served ? null : 4;
      return served ? 5 : 4;
    },
    purge: async (plan) => void purges.push({ tier: "instances", plan, at: Date.now() - started }),
    front: {
      async purge(plan) {
        purges.push({ tier: "front", plan, at: Date.now() - started });
        return true;
      },
    },
    logger,
    metrics,
    wait: { firstMs: 20, maxMs: 200, giveUpMs: 1_000 },
  });
  return { publishes, reads, purges, metrics, warnings };
}

const change = (revision?: number): EntryChange => ({
  action: "publish",
  id: "post-bright",
  contentType: "blogPost",
  slug: "bright-ideas",
  ...(revision === undefined ? {} : { revision }),
});
const plan = (paths: string[]): PurgePlan => ({ contentTypes: ["blogPost"], paths, entries: ["post-bright"] });

describe("a publish through every tier", () => {
  it("purges nothing until the Delivery API serves the revision, then the instances, then the front cache", async () => {
    const { publishes, reads, purges, metrics } = world({ servedFromMs: 300 });
    const { waiting, done } = publishes.accept(change(5), plan(["/post/bright-ideas"]));
    expect(waiting).toBe(true);
    await done;
    expect(purges.map((purge) => purge.tier)).toEqual(["instances", "front"]);
    expect(purges[0]?.at).toBeGreaterThanOrEqual(300);
    // Read often at first, then less: backing off from 20 ms, doubling.
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.length).toBeLessThan(12);
    const [figure] = publishes.recent();
    expect(figure).toMatchObject({ entry: "post-bright", revision: 5, gaveUp: false, frontFailed: false });
    expect(figure?.servedAfterSeconds).toBeGreaterThanOrEqual(0.3);
    expect(figure?.visibleAt).not.toBeNull();
    expect(await metrics.getSingleMetricAsString("content_publish_visible_seconds")).toMatch(
      /content_publish_visible_seconds_count 1/,
    );
  });

  it("joins publishes of one entry that arrive while it waits: one purge of both plans, for the newer revision", async () => {
    const { publishes, purges } = world({ servedFromMs: 200 });
    const first = publishes.accept(change(4), plan(["/news", "/post/bright-ideas"]));
    const second = publishes.accept(change(5), plan(["/", "/post/bright-ideas"]));
    expect(second.done).toBe(first.done);
    await first.done;
    const instances = purges.filter((purge) => purge.tier === "instances");
    expect(instances).toHaveLength(1);
    expect(instances[0]?.plan.paths).toEqual(["/", "/news", "/post/bright-ideas"]);
    expect(publishes.recent()).toHaveLength(1);
    expect(publishes.recent()[0]?.revision).toBe(5);
  });

  it("gives up after its limit: purges anyway, says so once, and counts it", async () => {
    const { publishes, purges, metrics, warnings } = world({ servedFromMs: 60_000 });
    await publishes.accept(change(5), plan(["/news"])).done;
    expect(purges.map((purge) => purge.tier)).toEqual(["instances", "front"]);
    expect(purges[0]?.at).toBeGreaterThanOrEqual(1_000);
    expect(publishes.recent()[0]).toMatchObject({ gaveUp: true, servedAfterSeconds: null });
    expect(warnings).toEqual(["the Delivery API did not serve a publish in time; purging anyway"]);
    expect(await metrics.getSingleMetricAsString("content_publish_waits_given_up_total")).toMatch(/ 1$/m);
  });

  it("waits for an unpublished entry to be gone", async () => {
    const { publishes, purges } = world({ servedFromMs: 250, gone: true });
    await publishes.accept({ action: "unpublish", id: "post-bright", contentType: "blogPost" }, plan(["/news"])).done;
    expect(purges[0]?.at).toBeGreaterThanOrEqual(250);
  });

  it("purges at once for a source with no lag, and answers the webhook before the front cache", async () => {
    const purges: string[] = [];
    let releaseFront = () => {};
    const publishes = createPublishes({
      purge: async () => void purges.push("instances"),
      front: {
        purge: () =>
          new Promise<boolean>((resolve) => {
            releaseFront = () => resolve(false);
          }).finally(() => purges.push("front")),
      },
      logger: createLogger("silent"),
      metrics: new Registry(),
    });
    const { waiting, purged, done } = publishes.accept(change(5), plan(["/news"]));
    expect(waiting).toBe(false);
    await purged;
    expect(purges).toEqual(["instances"]);
    releaseFront();
    await done;
    expect(purges).toEqual(["instances", "front"]);
    expect(publishes.recent()[0]).toMatchObject({ frontFailed: true, frontPurgedAt: null });
  });
});
