import type { Page } from "@playwright/test";

/**
 * Holds every request to `url` at the network edge until the returned function is called, then lets them all
 * through: to see a page mid-flight (a form post, a navigation) or before a file arrives (a chunk, an image).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
