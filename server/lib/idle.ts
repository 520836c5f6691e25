import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Settles when the process has room for background work: waits 200 ms at a time until the event loop was busy for
 * less than half of one.
 */
export async function whenEventLoopIdle(): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization();
    await sleep(200);
    if (performance.eventLoopUtilization(before).utilization < 0.5) return;
  }
}
