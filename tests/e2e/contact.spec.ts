import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { budgets, needs, siteTypes } from "../../src/shared/enquiry.ts";
import { type ParsedMail, parseMail } from "../support/smtp.ts";
import { holdRequests } from "./network.ts";

// The e2e server runs without SMTP_URL, so delivered enquiries land as .eml files here (playwright.config.ts).
const mailDir = path.resolve("var/e2e/mail");

const fieldsByNeed = {
  "Web & Ecommerce": ["Your current website", "What kind of website?", "What should be better?", "Budget"],
  Branding: ["What should be better?", "Budget"],
  "Social Media": ["What should be better?", "Budget"],
  "Digital Marketing": ["What should be better?", "Budget"],
  "Brand Strategy": ["What should be better?", "Budget"],
  "Graphic Design": [],
  Photography: [],
  Packaging: [],
  Other: [],
} as const;
const conditional = ["Your current website", "What kind of website?", "What should be better?", "Budget"];
const appScripts = /\/assets\/.*\.js$/;

/** The conditional questions shown are exactly those the need asks; the others are hidden, not merely empty. */
async function expectQuestionsFor(page: Page, need: keyof typeof fieldsByNeed) {
  for (const label of conditional) {
    const field = page.getByLabel(label, { exact: true });
    if ((fieldsByNeed[need] as readonly string[]).includes(label))
      await expect(field, `${need}: ${label}`).toBeVisible();
    else await expect(field, `${need}: ${label}`).toBeHidden();
  }
  // A group with no question left goes with its heading.
  const website = page.getByRole("group", { name: "About your website" });
  const project = page.getByRole("group", { name: "About the project" });
  await expect(website).toBeVisible({ visible: fieldsByNeed[need].length === 4 });
  await expect(project).toBeVisible({ visible: fieldsByNeed[need].length > 0 });
}

/** Every need in turn, chosen in the page as it is (before hydration, without JavaScript or after). */
async function expectQuestionsFollowTheNeed(page: Page) {
  const needField = page.getByLabel("What do you need?");
  await expectQuestionsFor(page, "Web & Ecommerce");
  for (const need of [...needs].reverse()) {
    await needField.selectOption(need);
    await expectQuestionsFor(page, need);
  }
}

async function sumOnPage(page: Page): Promise<number> {
  const label = await page.getByText(/^Spam check: what is \d+ \+ \d+\?/).textContent();
  const [, a, b] = /what is (\d+) \+ (\d+)\?/.exec(label ?? "") ?? [];
  return Number(a) + Number(b);
}

/**
 * Waits until React has hydrated the form (it then checks fields itself and sets novalidate): a click before that
 * is a plain post without JavaScript, a different path that has its own tests.
 */
async function hydratedForm(page: Page) {
  await expect(page.getByRole("form", { name: "Start a project" })).toHaveAttribute("novalidate", "");
}

/** Each visitor's own words: the server mails an enquiry the same as one it took lately only once. */
const briefOf = (name: string) => `A new site for our pottery studio, live by spring (${name}).`;

async function fillEnquiry(page: Page, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email address").fill("jane.doe@example.com");
  await page.getByLabel("The brief").fill(briefOf(name));
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function mailsFor(name: string): Promise<ParsedMail[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const mails = [];
  for (const file of files.filter((f) => f.endsWith(".eml"))) {
    const mail = parseMail(await readFile(path.join(mailDir, file), "utf8"));
    if (mail.text.includes(`\nYour name: ${name}\n`)) mails.push(mail);
  }
  return mails;
}

/**
 * The mails sent for `name`, once an enquiry sent after everything the test did has arrived: the server delivers in
 * the order it accepted, so nothing posted before it can still come.
 */
async function mailsOnceSettled(request: APIRequestContext, name: string): Promise<ParsedMail[]> {
  const { a, b, challenge } = (await (await request.get("/emails/contact-form/challenge")).json()) as {
    a: number;
    b: number;
    challenge: string;
  };
  const sentinel = `Sentinel after ${name}`;
  const sent = await request.post("/emails/contact-form", {
    data: { name: sentinel, email: "sentinel@example.com", need: "Other", brief: sentinel, challenge, answer: a + b },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(async () => (await mailsFor(sentinel)).length, { timeout: 10_000 }).toBe(1);
  return mailsFor(name);
}

async function mailFor(name: string): Promise<ParsedMail | undefined> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith(".eml"))) {
    const raw = await readFile(path.join(mailDir, file), "utf8");
    const mail = parseMail(raw);
    if (mail.text.includes(`\nYour name: ${name}\n`)) return mail;
  }
  return undefined;
}

test.describe("the contact page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await hydratedForm(page);
  });

  test("shows the Derby office, Manchester coming soon, and parking links that open in a new tab", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Derby" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Manchester" })).toBeVisible();
    await expect(main.getByText("Coming soon", { exact: true })).toBeVisible();
    const parking = main.getByRole("link", { name: /car park/ });
    expect(await parking.count()).toBeGreaterThanOrEqual(2);
    for (const link of await parking.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  test("starts at the spec's defaults", async ({ page }) => {
    await expect(page.getByLabel("Your name")).toHaveAttribute("placeholder", "First & Last");
    await expect(page.getByLabel("What do you need?")).toHaveValue("Web & Ecommerce");
    await expect(page.getByLabel("What kind of website?")).toHaveValue("One-page website");
    await expect(page.getByLabel("Budget")).toHaveValue("£0-500");
    await expect(page.getByRole("radio", { name: "No thanks" })).toBeChecked();
    // The schema's lists, which tests/unit/enquiry.test.ts holds to the spec's text.
    await expect(page.getByLabel("What do you need?").locator("option")).toHaveText([...needs]);
    await expect(page.getByLabel("What kind of website?").locator("option")).toHaveText([...siteTypes]);
    await expect(page.getByLabel("Budget").locator("option")).toHaveText([...budgets]);
  });

  for (const need of needs) {
    test(`need "${need}" shows exactly its questions`, async ({ page }) => {
      // Start from a need that hides everything, so each case proves it brings its own fields back.
      await page.getByLabel("What do you need?").selectOption("Other");
      await page.getByLabel("What do you need?").selectOption(need);
      await expectQuestionsFor(page, need);
    });
  }

  test("a wrong sum shows the spec's message and asks a new question", async ({ page }) => {
    await fillEnquiry(page, "Wrong Sum");
    const sum = await sumOnPage(page);
    await page.getByLabel(/^Spam check/).fill(String(sum + 1));
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const status = page.getByRole("status");
    await expect(status).toHaveText("You failed the spam protection.");
    await expect(status).toHaveClass(/\bfail\b/);
    await expect(page.getByLabel(/^Spam check/)).toBeFocused();
    await expect(page.getByLabel(/^Spam check/)).toHaveValue("");
    await expect(page.getByLabel("Your name")).toHaveValue("Wrong Sum");
  });

  test("fields the form refuses are marked, described and focused", async ({ page }) => {
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const name = page.getByLabel("Your name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Please tell us your name.");
    await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(/valid email address/);
    await expect(page.getByRole("status")).toHaveText("Please tell us your name.");
    await expect(page.getByRole("status")).toHaveClass(/\bfail\b/);
  });

  test("a good enquiry shows Loading..., then the server's message as success, and resets the form", async ({
    page,
  }) => {
    const name = `Ada Success ${Date.now()}`;
    await fillEnquiry(page, name);
    await page.getByLabel("What do you need?").selectOption("Branding");
    await page.getByLabel("Budget").selectOption("£3000-5000");
    await page.getByRole("radio", { name: "Yes, obviously" }).check();
    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));

    // Hold the submission at the network edge so the status line can be seen mid-flight.
    const release = await holdRequests(page, "**/contact.data*");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    const status = page.getByRole("status");
    await expect(status).toHaveText("Loading...");
    release();

    await expect(status).toHaveText(/^Thanks, Ada! Your enquiry is safely with us/);
    await expect(status).toHaveClass(/\bsuccess\b/);
    await expect(page.getByLabel("Your name")).toHaveValue("");
    await expect(page.getByLabel("The brief")).toHaveValue("");
    await expect(page.getByLabel("What do you need?")).toHaveValue("Web & Ecommerce");
    await expect(page.getByLabel("Budget")).toHaveValue("£0-500");
    await expect(page.getByRole("radio", { name: "No thanks" })).toBeChecked();
    await expect(page.getByLabel(/^Spam check/)).toHaveValue("");

    // The reset form has a fresh question, so a second enquiry goes through too.
    await fillEnquiry(page, `${name} again`);
    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByLabel("Your name")).toHaveValue("");
    await expect(status).toHaveClass(/\bsuccess\b/);

    await expect.poll(() => mailFor(name), { timeout: 10_000 }).toBeDefined();
    await expect.poll(() => mailFor(`${name} again`), { timeout: 10_000 }).toBeDefined();
    const mail = await mailFor(name);
    expect(mail?.header("reply-to")).toBe(`${name} <jane.doe@example.com>`);
    expect(mail?.header("subject")).toBe(`New enquiry: Branding from ${name}`);
  });
});

test.describe("the contact page sending one enquiry once", () => {
  test("with JavaScript, a second submit while the first is on its way sends one enquiry", async ({
    page,
    request,
  }) => {
    await page.goto("/contact");
    await hydratedForm(page);
    const name = `Double Click ${Date.now()}`;
    await fillEnquiry(page, name);
    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));

    // The first post reaches the server, but its answer is held, as on a slow connection.
    let reached: () => void = () => {};
    const firstReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posts = 0;
    await page.route("**/contact.data*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts++;
      const response = await route.fetch();
      if (posts === 1) {
        reached();
        await held;
      }
      // The browser may have given up on the first (the second submit replaced it).
      await route.fulfill({ response }).catch(() => {});
    });
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await firstReached;
    // The button is greyed by now; a second click that beat it, or Enter in a field, submits the form again.
    await page.getByRole("form", { name: "Start a project" }).evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect.poll(() => posts).toBe(2);
    release();

    const status = page.getByRole("status");
    await expect(status).toHaveText(/^Thanks, Double! Your enquiry is safely with us/);
    await expect(status).toHaveClass(/\bsuccess\b/);
    expect(await mailsOnceSettled(request, name)).toHaveLength(1);
  });
});

test.describe("the contact page sending one enquiry once, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page a sent enquiry leads to, reloaded, posts nothing", async ({ page, request }) => {
    await page.goto("/contact");
    const name = `Reload NoScript ${Date.now()}`;
    await fillEnquiry(page, name);
    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));
    const posts: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "POST") posts.push(sent.url());
    });
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Thanks, Reload! Your enquiry is safely with us/);

    await page.reload();
    await expect(page.getByRole("status")).toHaveText(/^Thanks, Reload! Your enquiry is safely with us/);
    expect(posts).toHaveLength(1);
    expect(await mailsOnceSettled(request, name)).toHaveLength(1);
    // The answer was a page of its own, which the reload asked for again.
    await expect(page).toHaveURL(/\/contact\?sent#enquiry-status$/);
  });
});

test.describe("the contact page when the server refuses or cannot be reached", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await hydratedForm(page);
    await fillEnquiry(page, "Edge Case");
    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));
  });

  test("a rate-limit refusal shows its message in the status line, not an error screen", async ({ page }) => {
    const message = "Too many enquiries from your connection. Please try again in 15 minutes.";
    await page.route("**/contact.data*", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ status: "fail", message }),
      }),
    );
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("status")).toHaveText(message);
    await expect(page.getByRole("status")).toHaveClass(/\bfail\b/);
    await expect(page.getByLabel("Your name")).toHaveValue("Edge Case");
  });

  test("a lost connection says nothing was sent and keeps the form", async ({ page }) => {
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("status")).toHaveText(/couldn't reach the server, so nothing was sent/);
    await expect(page.getByRole("status")).toHaveClass(/\bfail\b/);
    await expect(page.getByLabel("The brief")).toHaveValue(briefOf("Edge Case"));
  });
});

test.describe("the contact page before the app's scripts run", () => {
  test("the questions follow the need", async ({ page }) => {
    await holdRequests(page, appScripts);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await expectQuestionsFollowTheNeed(page);
    await expect(page.getByRole("form", { name: "Start a project" })).not.toHaveAttribute("novalidate", "");
  });

  test("what the visitor chose and typed before hydration is kept after it", async ({ page }) => {
    const release = await holdRequests(page, appScripts);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await fillEnquiry(page, "Early Bird");
    await page.getByLabel("What do you need?").selectOption("Branding");
    await page.getByLabel("What should be better?").fill("Nobody remembers our name.");
    await page.getByLabel("Budget").selectOption("£3000-5000");
    await page.getByLabel("Anything else?").fill("Spring launch.");
    await page.getByRole("radio", { name: "Yes, obviously" }).check();
    await page.getByLabel(/^Spam check/).fill("12");
    await expectQuestionsFor(page, "Branding");
    release();
    await hydratedForm(page);

    await expect(page.getByLabel("What do you need?")).toHaveValue("Branding");
    await expect(page.getByLabel("Budget")).toHaveValue("£3000-5000");
    await expect(page.getByRole("radio", { name: "Yes, obviously" })).toBeChecked();
    await expect(page.getByLabel("Your name")).toHaveValue("Early Bird");
    await expect(page.getByLabel("Email address")).toHaveValue("jane.doe@example.com");
    await expect(page.getByLabel("The brief")).toHaveValue(briefOf("Early Bird"));
    await expect(page.getByLabel("What should be better?")).toHaveValue("Nobody remembers our name.");
    await expect(page.getByLabel("Anything else?")).toHaveValue("Spring launch.");
    await expect(page.getByLabel(/^Spam check/)).toHaveValue("12");
    await expectQuestionsFor(page, "Branding");
    // And React follows the need from there.
    await page.getByLabel("What do you need?").selectOption("Web & Ecommerce");
    await expectQuestionsFor(page, "Web & Ecommerce");
  });
});

test.describe("the contact page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the questions follow the need", async ({ page }) => {
    await page.goto("/contact");
    await expectQuestionsFollowTheNeed(page);
  });

  test("posts to the page, shows the result, and keeps what was typed after a refusal", async ({ page }) => {
    await page.goto("/contact");
    const name = `Grace NoScript ${Date.now()}`;
    await fillEnquiry(page, name);
    // Answered under Web & Ecommerce, then hidden by Photography: still in the form, but not Photography's questions.
    await page.getByLabel("Your current website").fill("grace.example");
    await page.getByLabel("What kind of website?").selectOption("Ecommerce website");
    await page.getByLabel("What should be better?").fill("Everything.");
    await page.getByLabel("Budget").selectOption("£10000+");
    await page.getByLabel("What do you need?").selectOption("Photography");
    await expectQuestionsFor(page, "Photography");
    await page.getByLabel(/^Spam check/).fill(String((await sumOnPage(page)) + 1));
    await page.getByRole("button", { name: "Send enquiry" }).click();

    await expect(page.getByRole("status")).toHaveText("You failed the spam protection.");
    await expect(page.getByRole("status")).toHaveClass(/\bfail\b/);
    await expect(page.getByLabel("Your name")).toHaveValue(name);
    await expect(page.getByLabel("What do you need?")).toHaveValue("Photography");
    await expectQuestionsFor(page, "Photography");

    await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("status")).toHaveText(/^Thanks, Grace! Your enquiry is safely with us/);
    await expect(page.getByRole("status")).toHaveClass(/\bsuccess\b/);
    await expect(page.getByLabel("Your name")).toHaveValue("");

    await expect.poll(() => mailFor(name), { timeout: 10_000 }).toBeDefined();
    // Photography asks none of the conditional questions, so the server sent them as N/A.
    const text = (await mailFor(name))?.text;
    expect(text).toMatch(/^What do you need\? Photography$/m);
    for (const label of ["Your current website:", "What kind of website\\?", "What should be better\\?", "Budget:"])
      expect(text).toMatch(new RegExp(`^${label} N/A$`, "m"));
  });
});

for (const width of [390, 1440]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("axe finds nothing on /contact: fresh, refused, and sent", async ({ page }) => {
      // Four axe runs: seconds each on a busy two-core machine.
      test.setTimeout(90_000);
      await page.goto("/contact");
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Send enquiry" }).click();
      await expect(page.getByRole("status")).toHaveClass(/\bfail\b/);
      await expectNoAxeViolations(page);

      await fillEnquiry(page, `Axe ${width}`);
      await page.getByLabel(/^Spam check/).fill(String((await sumOnPage(page)) + 1));
      await page.getByRole("button", { name: "Send enquiry" }).click();
      await expect(page.getByRole("status")).toHaveText("You failed the spam protection.");
      await expectNoAxeViolations(page);

      await page.getByLabel(/^Spam check/).fill(String(await sumOnPage(page)));
      await page.getByRole("button", { name: "Send enquiry" }).click();
      await expect(page.getByRole("status")).toHaveClass(/\bsuccess\b/);
      await expectNoAxeViolations(page);
    });
  });
}
