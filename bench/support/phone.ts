// The phone the browser benchmarks visit as: Lighthouse's mobile throttling applied for real over CDP (4 × CPU,
// 150 ms RTT, 1.6 Mbps down, 750 kbps up) and a 390 px touch screen.
import type { CDPSession } from "@playwright/test";

export async function throttle(cdp: CDPSession) {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** The browser context's options, with or without the visitor's preference for reduced motion. */
export const phone = (reducedMotion: "reduce" | "no-preference") => ({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  reducedMotion,
});
