import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type APIRequestContext, expect, type Frame, type Locator, type Page, test } from "@playwright/test";
import { parse } from "flatted";
import { e2eEditorOrigin, e2ePreviewSecret, entries } from "./content.ts";

/**
 * Contentful's live preview, with this test's own server playing Contentful's web app: its page
 * frames `/preview?secret=…&path=…` from another origin (the end-to-end server's LIVE_PREVIEW_ORIGINS) and talks to
 * the page with the live preview SDK's own messages, as the web app's preview pane does.
 */

/** The SDK's `source` on the messages it sends, and what it expects on the editor's (its constants). */
const sdkSource = "live-preview-sdk";
const editorSource = "live-preview-editor";

interface SdkMessage {
  method: string;
  origin: string;
  [key: string]: unknown;
}

/** The stand-in for the web app: the preview in a frame, and every message the SDK sends kept in order. */
const editorPage = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Entry editor</title>
<script>
  window.received = [];
  addEventListener("message", (event) => {
    if (event.data && event.data.source === "${sdkSource}") received.push({ origin: event.origin, message: event.data });
  });
</script>
<iframe title="Live preview" width="1280" height="900"></iframe>
<script>document.querySelector("iframe").src = new URLSearchParams(location.search).get("preview");</script>
</html>`;

function serveEditor(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(editorPage);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

// The editor's origin is one fixed port (LIVE_PREVIEW_ORIGINS is the server's setting): one worker runs this file,
// its tests in order, so only one listens on it.
test.describe.configure({ mode: "default" });

let editor: Server;
let stranger: Server;
test.beforeAll(async () => {
  editor = await serveEditor(Number(new URL(e2eEditorOrigin).port));
  // Any other origin: not in LIVE_PREVIEW_ORIGINS.
  stranger = await serveEditor(0);
});
test.afterAll(async () => {
  await Promise.all([editor, stranger].map((server) => new Promise((resolve) => server.close(resolve))));
});

const previewLink = (site: string, pathname: string) =>
  `${site}/preview?secret=${e2ePreviewSecret}&path=${encodeURIComponent(pathname)}`;

/** Opens the editor at `origin` with the preview of `pathname` in its pane. */
async function openEditor(page: Page, origin: string, site: string, pathname: string) {
  await page.goto(`${origin}/?${new URLSearchParams({ preview: previewLink(site, pathname) })}`);
}

/** The messages the SDK has sent with this method, as the web app received them. */
async function sent(page: Page, method: string): Promise<SdkMessage[]> {
  return page.evaluate(
    (wanted) =>
      (window as unknown as { received: { origin: string; message: { method: string } }[] }).received
        .filter(({ message }) => message.method === wanted)
        .map(({ origin, message }) => ({ ...JSON.parse(JSON.stringify(message)), origin })),
    method,
  );
}

type Fields = Record<string, unknown>;
interface Subscription {
  id: string;
  data: { sys: { id: string; contentType: { sys: { id: string } } }; fields: Fields };
}

/**
 * The subscription the page announced for this entry: its SUBSCRIBED message, with the entry it gave (the SDK sends
 * it serialised with flatted). A page announces its own entry and each other entry it shows a card of.
 */
async function subscriptionFor(page: Page, entryId: string): Promise<Subscription> {
  const find = async () =>
    (await sent(page, "SUBSCRIBED"))
      .map((message) => ({ id: String(message.id), data: (parse(String(message.config)) as Subscription).data }))
      .filter((subscription) => subscription.data.sys.id === entryId);
  await expect.poll(async () => (await find()).length, { message: `the page subscribes ${entryId}` }).toBe(1);
  const [subscription] = await find();
  if (!subscription) throw new Error(`no subscription for ${entryId}`);
  return subscription;
}

/** The entry id an element's inspector tag names. */
async function taggedEntry(element: Locator): Promise<string> {
  await expect(element).toHaveAttribute("data-contentful-entry-id", /.+/);
  return String(await element.getAttribute("data-contentful-entry-id"));
}

/** Marks the document in the pane, to show later that it was not reloaded. */
async function markDocument(frame: Frame) {
  await frame.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

async function stillTheSameDocument(frame: Frame) {
  expect(await frame.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

async function firstSent(page: Page, method: string): Promise<SdkMessage> {
  await expect.poll(async () => (await sent(page, method)).length, { message: `the SDK sends ${method}` }).toBe(1);
  const [message] = await sent(page, method);
  if (!message) throw new Error(`no ${method}`);
  return message;
}

/** Posts a message to the page in the pane as the web app does (its source, to the site's origin). */
async function tellPreview(page: Page, site: string, message: Record<string, unknown>) {
  await page.evaluate(
    ({ message, site }) => document.querySelector("iframe")?.contentWindow?.postMessage(message, site),
    { message: { ...message, source: editorSource }, site },
  );
}

function previewFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error("no preview frame");
  return frame;
}

interface RichNode {
  nodeType: string;
  value?: string;
  content?: RichNode[];
}

/** The first paragraph's first text of a rich-text document, changed in place to `text`. */
function editFirstParagraph(document: RichNode, text: string) {
  const paragraph = document.content?.find((node) => node.nodeType === "paragraph");
  const node = paragraph?.content?.find((child) => child.nodeType === "text");
  if (!node) throw new Error("the document has no paragraph with text");
  node.value = text;
}

/** An image from the store that the page does not show yet, as Contentful's web app sends an asset: whole. */
function otherImage(notIn: string) {
  const assets = JSON.parse(readFileSync(path.resolve("content/assets.json"), "utf8")) as {
    sys: { id: string };
    fields: { file: { url: string; contentType: string } };
  }[];
  const asset = assets.find(
    (candidate) => candidate.fields.file.contentType === "image/webp" && !notIn.includes(candidate.sys.id),
  );
  if (!asset) throw new Error("no other image in the store");
  const description = "An image picked while the editor types";
  return {
    url: asset.fields.file.url,
    description,
    asset: { sys: { id: asset.sys.id, type: "Asset" }, fields: { ...asset.fields, description } },
  };
}

/** The three kinds of page an editor writes, with the fields the test edits on each. */
const pages = [
  { name: "an article", type: "blogPost", base: "/post", title: "blogTitle", text: "blogIntro", image: "blogHero" },
  {
    name: "a project",
    type: "singleProject",
    base: "/project",
    title: "projectTitle",
    text: "introContent",
    image: "heroBackground",
  },
  {
    name: "a service",
    type: "singleServices",
    base: "/service",
    title: "title",
    text: "leftText",
    image: "servicesHero",
  },
] as const;

async function firstSlug(request: APIRequestContext, contentType: string): Promise<string> {
  const [entry] = await entries<{ slug: string }>(request, {
    content_type: contentType,
    select: "sys.id,fields.slug",
    order: "sys.id",
    limit: 1,
  });
  if (!entry) throw new Error(`no ${contentType}`);
  return entry.fields.slug;
}

for (const kind of pages) {
  test(`live preview of ${kind.name}: connected, edits shown without a reload, a click opens the field`, async ({
    page,
    request,
    baseURL,
  }) => {
    const site = String(baseURL);
    const pathname = `${kind.base}/${await firstSlug(request, kind.type)}`;
    await openEditor(page, e2eEditorOrigin, site, pathname);

    const connected = await firstSent(page, "CONNECTED");
    expect(connected).toMatchObject({
      origin: site,
      connected: true,
      isInspectorEnabled: true,
      isLiveUpdatesEnabled: true,
      locale: "en-US",
    });
    expect(connected.taggedElementCount).toBeGreaterThan(0);

    // The page announced its entry; the web app answers a subscription with the entry it was given, edit merged in.
    const frame = previewFrame(page);
    const heading = frame.getByRole("heading", { level: 1 });
    await expect(heading).toHaveAttribute("data-contentful-field-id", kind.title);
    const subscribed = await subscriptionFor(page, await taggedEntry(heading));
    const { data } = subscribed;
    expect(data).toMatchObject({ sys: { type: "Entry", contentType: { sys: { id: kind.type } } } });
    await markDocument(frame);

    const title = `${String(data.fields[kind.title])} (edited live)`;
    const paragraph = "A paragraph the editor is typing right now.";
    const image = otherImage(JSON.stringify(data.fields));
    data.fields[kind.title] = title;
    editFirstParagraph(data.fields[kind.text] as RichNode, paragraph);
    data.fields[kind.image] = kind.image === "blogHero" ? [image.asset] : image.asset;
    await tellPreview(page, site, { method: "ENTRY_UPDATED", data, subscriptionId: subscribed.id });

    // Within a second: edits show as they are typed.
    await expect(heading).toHaveText(title, { timeout: 1_000 });
    await expect(frame.getByText(paragraph, { exact: true })).toBeVisible({ timeout: 1_000 });
    const edited = frame.getByRole("img", { name: image.description });
    await expect(edited).toHaveAttribute("src", new RegExp(`^${image.url}`), { timeout: 1_000 });
    await expect(edited).toHaveAttribute("data-contentful-field-id", kind.image);
    await stillTheSameDocument(frame);

    // Inspector mode on in the web app: a click on a tagged field opens that field in the entry editor.
    await tellPreview(page, site, { method: "INSPECTOR_MODE_CHANGED", isInspectorActive: true });
    await expect.poll(async () => (await sent(page, "TAGGED_ELEMENTS")).length).toBeGreaterThan(0);
    await heading.click();
    const clicked = await firstSent(page, "TAGGED_FIELD_CLICKED");
    expect(clicked).toMatchObject({ origin: site, entryId: data.sys.id, fieldId: kind.title, locale: "en-US" });
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText(title);
  });
}

// The homePage entry's carousel is on the home page and, the same slides, on the About page.
for (const { name, pathname } of [
  { name: "the home page", pathname: "/" },
  { name: "the About page", pathname: "/about" },
]) {
  test(`live preview of ${name}: its carousel's images are tagged and an edited one is shown`, async ({
    page,
    baseURL,
  }) => {
    const site = String(baseURL);
    await openEditor(page, e2eEditorOrigin, site, pathname);
    await firstSent(page, "CONNECTED");
    // The carousel's code (and its subscription) comes as the section nears the screen, as it does for visitors.
    const frame = previewFrame(page);
    const slides = frame.locator(`img[data-contentful-field-id="carousel"]`);
    await slides.first().scrollIntoViewIfNeeded();
    const subscribed = await subscriptionFor(page, await taggedEntry(slides.first()));
    const { data } = subscribed;
    expect(data).toMatchObject({ sys: { type: "Entry", contentType: { sys: { id: "homePage" } } } });
    await markDocument(frame);

    const image = otherImage(JSON.stringify(data.fields));
    data.fields.carousel = [image.asset, ...(data.fields.carousel as unknown[]).slice(1)];
    await tellPreview(page, site, { method: "ENTRY_UPDATED", data, subscriptionId: subscribed.id });
    const edited = frame.getByRole("img", { name: image.description });
    await expect(edited).toHaveAttribute("src", new RegExp(`^${image.url}`), { timeout: 1_000 });
    await expect(edited).toHaveAttribute("data-contentful-field-id", "carousel");
    await stillTheSameDocument(frame);
  });
}

test("live preview of an article: an edit of the body changes its reading time and contents list", async ({
  page,
  request,
  baseURL,
}) => {
  const site = String(baseURL);
  await openEditor(page, e2eEditorOrigin, site, `/post/${await firstSlug(request, "blogPost")}`);
  const frame = previewFrame(page);
  const subscribed = await subscriptionFor(page, await taggedEntry(frame.getByRole("heading", { level: 1 })));
  const { data } = subscribed;
  const readTime = frame.getByText(/^\d+ min read$/);
  const before = Number.parseInt(String(await readTime.textContent()), 10);
  await markDocument(frame);

  // The editor adds a section to the body: a heading and 1,000 more words (100 words a minute).
  const heading = "A section typed just now";
  const words = Array.from({ length: 1_000 }, (_, index) => `word${index}`).join(" ");
  const body = data.fields.blogText as RichNode;
  body.content = [
    ...(body.content ?? []),
    { nodeType: "heading-2", data: {}, content: [{ nodeType: "text", value: heading, marks: [], data: {} }] },
    { nodeType: "paragraph", data: {}, content: [{ nodeType: "text", value: words, marks: [], data: {} }] },
  ] as RichNode[];
  await tellPreview(page, site, { method: "ENTRY_UPDATED", data, subscriptionId: subscribed.id });

  await expect(readTime).toHaveText(`${before + 10} min read`, { timeout: 1_000 });
  const contents = frame.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link", { name: heading })).toBeVisible({ timeout: 1_000 });
  await expect(frame.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await stillTheSameDocument(frame);
});

test("live preview of a project: an edited colour dresses the header and the page", async ({
  page,
  request,
  baseURL,
}) => {
  const site = String(baseURL);
  const pathname = `/project/${await firstSlug(request, "singleProject")}`;
  await openEditor(page, e2eEditorOrigin, site, pathname);
  const frame = previewFrame(page);
  const subscribed = await subscriptionFor(page, await taggedEntry(frame.getByRole("heading", { level: 1 })));
  const { data } = subscribed;
  await markDocument(frame);
  // The header is redrawn by a revalidation that loads nothing: no request for this page's data (other pages' data
  // may be prefetched meanwhile).
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `${pathname}.data`) dataRequests.push(request.url());
  });
  const header = frame.locator("header[data-size]");
  const headerColour = () =>
    header.evaluate((element) => getComputedStyle(element).getPropertyValue("--header-colour"));
  const pageBackground = () =>
    frame
      .locator("article[data-page-colours]")
      .evaluate((element) => getComputedStyle(element).getPropertyValue("--project-bg"));

  // A light colour, then a dark one: the logo turns white on the dark one (projectColours).
  for (const [colour, logoWhite] of [
    ["#f2e8cf", false],
    ["#14213d", true],
  ] as const) {
    data.fields.BackgroundColour = colour;
    await tellPreview(page, site, { method: "ENTRY_UPDATED", data, subscriptionId: subscribed.id });
    await expect.poll(headerColour, { timeout: 1_000 }).toBe(colour);
    await expect.poll(pageBackground, { timeout: 1_000 }).toBe(colour);
    if (logoWhite) await expect(header).toHaveAttribute("data-logo-white", "true");
    else await expect(header).not.toHaveAttribute("data-logo-white");
  }
  await stillTheSameDocument(frame);
  expect(dataRequests).toEqual([]);
});

/** The pages that show cards of other entries, and the card the test edits on each. */
const cardPages = [
  { name: "an article's related posts", type: "blogPost", base: "/post", card: "blogPost", title: "blogTitle" },
  {
    name: "a service's latest projects",
    type: "singleServices",
    base: "/service",
    card: "singleProject",
    title: "projectTitle",
  },
] as const;

for (const kind of cardPages) {
  test(`live preview of ${kind.name}: an edit of a card's entry changes its card`, async ({
    page,
    request,
    baseURL,
  }) => {
    const site = String(baseURL);
    await openEditor(page, e2eEditorOrigin, site, `${kind.base}/${await firstSlug(request, kind.type)}`);
    await firstSent(page, "CONNECTED");
    const frame = previewFrame(page);
    const cardTitle = frame.locator(`h3[data-contentful-field-id="${kind.title}"]`).first();
    const cardEntry = await taggedEntry(cardTitle);
    // Another entry than the page's own, subscribed on its own.
    expect(cardEntry).not.toBe(await taggedEntry(frame.getByRole("heading", { level: 1 })));
    const subscribed = await subscriptionFor(page, cardEntry);
    const { data } = subscribed;
    expect(data).toMatchObject({ sys: { type: "Entry", contentType: { sys: { id: kind.card } } } });
    // Its picture is tagged too.
    await expect(frame.locator(`img[data-contentful-entry-id="${cardEntry}"]`)).toHaveAttribute(
      "data-contentful-field-id",
      kind.card === "blogPost" ? /^(blogHero|blogFeaturedImage)$/ : "featuredImage",
    );
    await markDocument(frame);

    const title = `${String(data.fields[kind.title])} (edited live)`;
    data.fields[kind.title] = title;
    await tellPreview(page, site, { method: "ENTRY_UPDATED", data, subscriptionId: subscribed.id });
    await expect(cardTitle).toHaveText(title, { timeout: 1_000 });
    await stillTheSameDocument(frame);
  });
}

test("live preview of the home page: its project tiles and latest posts follow their entries", async ({
  page,
  baseURL,
}) => {
  const site = String(baseURL);
  await openEditor(page, e2eEditorOrigin, site, "/");
  await firstSent(page, "CONNECTED");
  const frame = previewFrame(page);

  // A project tile: its client's name, summary and cover are tagged with the project's entry.
  const tiles = frame.locator(`section[aria-labelledby="work-title"]`);
  const client = tiles.locator("[data-tile-overlay] > [data-contentful-field-id]").first();
  await client.scrollIntoViewIfNeeded();
  const project = await taggedEntry(client);
  const clientField = String(await client.getAttribute("data-contentful-field-id"));
  expect(["clientName", "projectTitle"]).toContain(clientField);
  await expect(tiles.locator(`img[data-contentful-entry-id="${project}"]`)).toHaveAttribute(
    "data-contentful-field-id",
    "featuredImage",
  );
  const tile = await subscriptionFor(page, project);
  expect(tile.data).toMatchObject({ sys: { contentType: { sys: { id: "singleProject" } } } });
  await markDocument(frame);
  const clientName = `${String(tile.data.fields[clientField])} (edited live)`;
  const summary = "A summary the editor is typing right now.";
  tile.data.fields[clientField] = clientName;
  tile.data.fields.heroContent = summary;
  await tellPreview(page, site, { method: "ENTRY_UPDATED", data: tile.data, subscriptionId: tile.id });
  await expect(client).toHaveText(clientName, { timeout: 1_000 });
  // What a screen reader reads for the tile follows too.
  await expect(tiles.getByRole("link", { name: `${clientName}: ${summary}` })).toHaveCount(1, { timeout: 1_000 });

  // "A collection of stuff": each post's card follows its entry.
  const teaser = frame.locator(`section[aria-labelledby="teaser-title"]`);
  await teaser.scrollIntoViewIfNeeded();
  const postTitle = teaser.locator(`h3[data-contentful-field-id="blogTitle"]`).first();
  const post = await subscriptionFor(page, await taggedEntry(postTitle));
  expect(post.data).toMatchObject({ sys: { contentType: { sys: { id: "blogPost" } } } });
  const title = `${String(post.data.fields.blogTitle)} (edited live)`;
  post.data.fields.blogTitle = title;
  await tellPreview(page, site, { method: "ENTRY_UPDATED", data: post.data, subscriptionId: post.id });
  await expect(postTitle).toHaveText(title, { timeout: 1_000 });
  await stillTheSameDocument(frame);
});

test("a preview framed by a site not in LIVE_PREVIEW_ORIGINS is refused by the browser", async ({
  page,
  request,
  baseURL,
}) => {
  const site = String(baseURL);
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("frame-ancestors")) refusals.push(message.text());
  });
  const strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
  await openEditor(page, strangerOrigin, site, `/post/${await firstSlug(request, "blogPost")}`);
  await expect.poll(() => refusals.length, { message: "the browser refuses the frame" }).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`frame-ancestors ${e2eEditorOrigin}`);
  // Nothing of the page is in the frame, and it never spoke to the stranger.
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
  expect(await sent(page, "CONNECTED")).toEqual([]);
});

test("public pages carry no inspector tags and load no live preview code", async ({ page, request }) => {
  // Seven pages, each loaded twice.
  test.slow();
  const scripts = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
  });
  // The detail pages, and the pages of cards and the carousel, which carry tags in preview.
  const paths = [
    "/",
    "/about",
    "/news",
    "/projects",
    ...(await Promise.all(pages.map(async (kind) => `${kind.base}/${await firstSlug(request, kind.type)}`))),
  ];
  for (const pathname of paths) {
    const response = await page.goto(pathname);
    expect(response?.status(), pathname).toBe(200);
    // Twice: the second document comes from the page cache.
    await page.reload();
    await expect(page.locator("nav[data-enhanced]")).toHaveCount(1);
    await expect(page.locator("[data-contentful-entry-id], [data-contentful-field-id]"), pathname).toHaveCount(0);
  }
  // Every script they loaded, as the build holds it.
  expect(scripts.size).toBeGreaterThan(0);
  const withSdk = [...scripts].filter((script) => {
    const code = readFileSync(path.join("build/client", script), "utf8");
    return code.includes(sdkSource) || code.includes(editorSource);
  });
  expect(withSdk).toEqual([]);
  // Nor the preview-only modules (`*.preview.tsx`, such as the home page's live project tiles).
  expect([...scripts].filter((script) => script.includes(".preview-"))).toEqual([]);
});
