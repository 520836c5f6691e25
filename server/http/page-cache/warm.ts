import pLimit from "p-limit";
import type { Logger } from "pino";

// Every sitemap page is stored before the instance says it is ready, so no visitor meets a cold page after a deploy.

export interface WarmOptions {
  paths: () => Promise<readonly string[]>;
  get: (path: string) => Promise<string | null>;
  /** Pages asked for at once: the renders leave room for the first visitors. */
  concurrency?: number;
  /** Ready after this even if some pages are not stored (a slow content source must not keep an instance out). */
  deadlineMs?: number;
  logger: Logger;
}

const warmDeadlineMs = 30_000;

/** Resolves when every page is stored, or the deadline passed, or the list could not be read; never rejects. */
export async function warmPages({
  paths,
  get,
  concurrency = 2,
  deadlineMs = warmDeadlineMs,
  logger,
}: WarmOptions): Promise<void> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(deadlineMs);
  let stored = 0;
  let list: readonly string[] = [];
  try {
    list = await paths();
    const limit = pLimit(concurrency);
    const all = Promise.all(
      list.map((path) =>
        limit(async () => {
          if (deadline.aborted) return;
          // A miss renders it, the next waits for its fetch, the third is answered from the store.
          for (let attempt = 0; attempt < 3 && !deadline.aborted; attempt++) {
            if ((await get(path)) === "HIT") {
              stored++;
              return;
            }
          }
        }).catch(() => {}),
      ),
    );
    await Promise.race([all, new Promise((resolve) => deadline.addEventListener("abort", resolve, { once: true }))]);
  } catch (error) {
    logger.warn({ err: error }, "page cache: warming could not read the list of pages");
  }
  const ms = Math.round(performance.now() - started);
  const level = stored === list.length ? "info" : "warn";
  logger[level]({ stored, pages: list.length, ms }, "page cache warmed");
}
