import type { ServerBuild } from "react-router";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouteLabeler, unmatchedRoute } from "../../server/lib/route-labels.ts";
import { createLoadContext, servicesContext } from "../../src/context.ts";
import { canonicalPath } from "../../src/shared/redirects.ts";
import { buildLoadContext, dataRequestPage, isDataRequest, manifestPath } from "../../src/shared/router-protocol.ts";
import { buildTestApp, loadBuild } from "../support/app.ts";

/**
 * The assumptions src/shared/router-protocol.ts makes about React Router, checked against the real build and the real
 * request handler. A React Router upgrade that changes one fails here.
 */

const slug = "accessibility-checklist-small-business-websites";

type Built = Awaited<ReturnType<typeof buildTestApp>>;

/** An answer React Router wrote for a data request: its own header, its own encoding, naming the routes it ran. */
function expectDataAnswer(res: request.Response, routeId: string) {
  expect(res.headers["x-remix-response"]).toBe("yes");
  expect(res.headers["content-type"]).toMatch(/^text\/x-script/);
  expect(res.text).toContain(`"${routeId}"`);
}

describe("React Router's protocol, through the built app", () => {
  let built: Built;
  let build: ServerBuild;
  beforeAll(async () => {
    built = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
    build = await loadBuild();
  });
  afterAll(async () => {
    await built?.services.stop();
  });

  it("answers a page's data at the page's URL plus .data, /x/_.data for a trailing slash and /_.data for home", async () => {
    const labels = new RouteLabeler(build.routes);
    const cases = [
      { path: `/post/${slug}.data`, route: "routes/post", label: "/post/:slug" },
      { path: "/about.data", route: "routes/about", label: "/about" },
      { path: "/contact/_.data", route: "routes/contact", label: "/contact" },
      { path: "/_.data", route: "routes/home", label: "/" },
    ];
    for (const { path, route, label } of cases) {
      expect(isDataRequest(path), path).toBe(true);
      const res = await request(built.app).get(path);
      expect(res.status, path).toBe(200);
      expectDataAnswer(res, route);
      // The page the adapter names is the page whose data came back, and metrics label it as that page.
      const page = await request(built.app).get(dataRequestPage(path)).redirects(1);
      expect(page.status, path).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(labels.page(path)).toBe(label);
    }
  });

  it("answers /_root.data, React Router 7's spelling of the home page's data, as the data of a page /_root", async () => {
    const res = await request(built.app).get("/_root.data");
    expect(res.status).toBe(404);
    expectDataAnswer(res, "routes/not-found");
    expect(res.text).not.toContain('"routes/home"');
  });

  it("labels data requests in /metrics by the page route they are for", async () => {
    await request(built.app).get("/_.data");
    await request(built.app).get(`/post/${slug}.data`);
    const metrics = await request(built.app).get("/metrics");
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/",status_code="200"\} \d/);
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/post\/:slug",status_code="200"\} \d/,
    );
  });

  it("runs the contact action for a form posted to /contact.data, so that URL shares the contact page's limit", async () => {
    const res = await request(built.app).post("/contact.data").type("form").send({ name: "Router Protocol" });
    // The enquiry is refused (no spam answer) by the contact action, in React Router's encoding...
    expect(res.status).toBe(403);
    expect(res.headers["x-remix-response"]).toBe("yes");
    expect(res.text).toContain('"answer"');
    // ...after the contact tier's limit (15 minutes) counted it.
    expect(res.headers["ratelimit-policy"]).toMatch(/^"contact"; q=1000; w=900/);
    expect(canonicalPath("/contact.data")).toBe("/contact");
  });

  it("hands the contact action the request as posted, so it tells the page's own form post from the router's", async () => {
    const question = async () => {
      const { a, b, challenge } = (await request(built.app).get("/emails/contact-form/challenge")).body;
      return { challenge, answer: String(a + b) };
    };
    const enquiry = { name: "Router Protocol", email: "router@example.com", need: "Other" };
    // A document post (no JavaScript) is sent on to a page of its own...
    const document = await request(built.app)
      .post("/contact")
      .type("form")
      .send({ ...enquiry, brief: "Posted by the browser.", ...(await question()) });
    expect(document.status).toBe(303);
    // ...while the router's post to the data URL gets the answer in place.
    const routed = await request(built.app)
      .post("/contact.data")
      .type("form")
      .send({ ...enquiry, brief: "Posted by the router.", ...(await question()) });
    expect(routed.status).toBe(200);
    expectDataAnswer(routed, "success");
  });

  it("serves route discovery at the build's manifest path", async () => {
    expect(build.routeDiscovery).toEqual({ mode: "lazy", manifestPath });
    const res = await request(built.app).get(manifestPath).query({ paths: "/about", version: build.assets.version });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty(["routes/about", "path"], "about");
  });

  it("lets the page parse the router's context script and holds the app's scripts in a <noscript> until the first paint", async () => {
    // useRouterScripts (src/components/HydrationScripts.tsx) splits what <Scripts> renders.
    const res = await request(built.app).get("/about");
    expect(res.status).toBe(200);
    const heldElement = /<noscript id="hydration-scripts">([\s\S]*?)<\/noscript>/.exec(res.text);
    const held = heldElement?.[1] ?? "";
    const parsed = res.text.replace(heldElement?.[0] ?? "", "");
    // Everything that fetches or starts the app is held back: the module preloads and the module script.
    expect(parsed).not.toContain('rel="modulepreload"');
    expect(parsed).not.toMatch(/<script[^>]*type="module"/);
    const entry = build.assets.entry.module;
    const routeModule = (id: string) => build.assets.routes[id]?.module ?? `no module for ${id}`;
    const preloads = [...held.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    expect(preloads).toEqual(
      expect.arrayContaining([entry, ...build.assets.entry.imports, routeModule("routes/about")]),
    );
    const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(held)?.[1] ?? "";
    expect(moduleScript).toContain(`import * as route0 from ${JSON.stringify(routeModule("root"))};`);
    expect(moduleScript).toContain(`import * as route1 from ${JSON.stringify(routeModule("routes/about"))};`);
    expect(moduleScript).toContain(`import(${JSON.stringify(entry)});`);
    // The context script runs as it is parsed, before the scripts that push the hydration data into its stream.
    const context = parsed.indexOf("window.__reactRouterContext = {");
    expect(context).toBeGreaterThan(-1);
    expect(parsed.indexOf("window.__reactRouterContext.streamController.enqueue(")).toBeGreaterThan(context);
    // The script that starts the held ones comes right after them (src/components/startAppAfterFirstPaint.ts).
    const starter = /^<script(?: nonce="[^"]+")?>([^<]*)<\/script>/.exec(
      res.text.slice((heldElement?.index ?? 0) + (heldElement?.[0].length ?? 0)),
    )?.[1];
    expect(starter).toMatch(/getElementById\([`"]hydration-scripts[`"]\)/);
    expect(starter).toContain("first-contentful-paint");
  });

  it("renders a route's own links but none of its stylesheets through <Links> given a manifest without CSS", async () => {
    // LinksWithoutStylesheets: the page's CSS is inline, with a disabled link for each file; <Links> adds no other.
    const res = await request(built.app).get("/news");
    expect(res.status).toBe(200);
    const head = res.text.slice(0, res.text.indexOf("</head>"));
    expect(head).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml" href="\/news\/rss\.xml"/);
    const routeCss = (build.assets.routes["routes/news"]?.css ?? []).map((href) => href.replace(/#$/, ""));
    expect(routeCss.length).toBeGreaterThan(0);
    const stylesheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    for (const href of routeCss) {
      const links = stylesheets.filter((link) => link.includes(`href="${href}"`));
      expect(links.length, href).toBeGreaterThan(0);
      for (const link of links) expect(link, href).toContain("disabled");
    }
  });

  it("hands the server the build's own createLoadContext, whose context the route modules read", () => {
    const fromBuild = buildLoadContext(build);
    const site = built.services.site;
    // The build bundles its own copy of src/context.ts: the server's import of it has other context keys.
    expect(fromBuild).not.toBe(createLoadContext);
    expect(() => fromBuild(site, "nonce").get(servicesContext)).toThrow();
    expect(createLoadContext(site, "nonce").get(servicesContext)).toBe(site);
    expect(() => buildLoadContext({ ...build, entry: { module: { default: build.entry.module.default } } })).toThrow(
      /does not export createLoadContext/,
    );
  });
});

describe("the route labels of the unmatched", () => {
  it("stay one label for data requests of pages that do not exist", async () => {
    const labels = new RouteLabeler((await loadBuild()).routes);
    expect(labels.page("/nope.data")).toBe(unmatchedRoute);
    expect(labels.page("/post/a/b.data")).toBe(unmatchedRoute);
  });
});
