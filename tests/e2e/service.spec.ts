import { expect, test } from "@playwright/test";
import { entries } from "./content.ts";

test("a service page shows its hero, figures, images, texts, accordions, statement, carousel and projects", async ({
  page,
  request,
}) => {
  const [service] = await entries<{ title: string; subHeading: string; stats: string[]; mainStatement: string }>(
    request,
    { content_type: "singleServices", "fields.slug": "web-design" },
  );
  if (!service) throw new Error("no web-design service in the sample content");
  const response = await page.goto("/service/web-design");
  expect(response?.status()).toBe(200);
  const { fields } = service;

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fields.title);
  await expect(page.getByText(fields.subHeading, { exact: true })).toBeVisible();

  const figures = page.getByRole("region", { name: `${fields.title} in numbers` }).locator("dd");
  await expect(figures).toHaveText(fields.stats);

  await expect(page.getByText(fields.mainStatement, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: `${fields.title} in pictures` })).toBeVisible();

  const projects = page.getByRole("region", { name: "Latest projects" }).getByRole("heading", { level: 3 });
  await expect(projects).toHaveCount(4);
});

test("each of the five accordions opens and closes on its own", async ({ page }) => {
  await page.goto("/service/web-design");
  const triggers = page.getByRole("region", { name: "What's in the box" }).getByRole("button");
  await expect(triggers).toHaveCount(5);
  for (const trigger of await triggers.all()) await expect(trigger).toHaveAttribute("aria-expanded", "false");

  await triggers.nth(0).click();
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator(`#${await triggers.nth(0).getAttribute("aria-controls")}`);
  await expect(panel).toBeVisible();
  await triggers.nth(2).click();
  await expect(triggers.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "true");

  await triggers.nth(0).press("Enter");
  await expect(triggers.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
});

test("the carousel steps with its buttons", async ({ page }) => {
  await page.goto("/service/web-design");
  const carousel = page.getByRole("region", { name: /in pictures$/ });
  // Until embla loads (as the carousel comes near the screen) its buttons step the native strip; embla's Previous
  // is disabled at the start.
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeDisabled();
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(carousel.getByText(/^2 \/ \d+$/)).toBeVisible();
});

test("an unknown service is the 404 page", async ({ page }) => {
  const response = await page.goto("/service/no-such-service");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404, page not found.")).toBeVisible();
});
