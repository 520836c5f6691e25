import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/** Background work waits for this, so it leaves the event loop to visitors. */
export async function whenEventLoopIdle(): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization();
    await sleep(200);
    if (performance.eventLoopUtilization(before).utilization < 0.5) return;
  }
}
