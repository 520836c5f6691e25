import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: the header's menu marks itself enhanced from an effect. The app's
 * scripts start only after the first paint, so a click before this lands on the server's HTML: a
 * link is followed by the browser itself, without React Router's navigation state.
 */
export async function hydrated(page: Page) {
  await expect(page.locator("nav[data-enhanced]")).toHaveCount(1);
}
