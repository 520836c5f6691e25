import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  createMemoryRouter,
  data,
  isRouteErrorResponse,
  redirect,
  Scripts,
  UNSAFE_DataRouterContext,
  UNSAFE_ErrorResponseImpl,
  UNSAFE_FrameworkContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import {
  dataRequestPage,
  isDataRequest,
  isRouterRequest,
  manifestPath,
  refusalBody,
  thrownDataStatus,
} from "../../src/shared/router-protocol.ts";

// The assumptions about React Router that need no build; the real requests are in
// tests/integration/router-protocol.test.ts and the browser's in tests/e2e/router-protocol.spec.ts.

describe("a value a loader throws", () => {
  it("is recognised by its status when it is React Router's own data()", () => {
    expect(thrownDataStatus(data({ reason: "content-unavailable" }, { status: 503 }))).toBe(503);
    expect(thrownDataStatus(data(null, { status: 404, statusText: "Not Found" }))).toBe(404);
    expect(thrownDataStatus(data("short form", 429))).toBe(429);
  });

  it("is not mistaken for a data() value when it is something else", () => {
    expect(thrownDataStatus(data({ ok: true }))).toBeUndefined();
    expect(thrownDataStatus(new Response(null, { status: 503 }))).toBeUndefined();
    expect(thrownDataStatus(redirect("/news"))).toBeUndefined();
    expect(thrownDataStatus(new Error("content unavailable"))).toBeUndefined();
    expect(thrownDataStatus({ status: 503 })).toBeUndefined();
    expect(thrownDataStatus(null)).toBeUndefined();
    expect(thrownDataStatus("503")).toBeUndefined();
  });
});

describe("a refusal from the server's own limits", () => {
  it("is read from the route error response React Router makes of a response it did not write", () => {
    const body = JSON.stringify({ status: "fail", message: "Too many enquiries." });
    // What the browser's data strategy throws for a 4xx without React Router's own header.
    const error = new UNSAFE_ErrorResponseImpl(429, "Too Many Requests", body);
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(refusalBody(error)).toBe(body);
    expect(refusalBody(new UNSAFE_ErrorResponseImpl(500, "", { reason: "x" }))).toBeUndefined();
  });
});

describe("data request paths", () => {
  it("name the page whose data they are", () => {
    expect(dataRequestPage("/post/why-brand-matters.data")).toBe("/post/why-brand-matters");
    expect(dataRequestPage("/contact/_.data")).toBe("/contact/");
    expect(dataRequestPage("/_.data")).toBe("/");
    expect(dataRequestPage("/_root.data")).toBe("/");
    expect(dataRequestPage("/post/why-brand-matters")).toBe("/post/why-brand-matters");
    expect(dataRequestPage("/news/rss.xml")).toBe("/news/rss.xml");
  });

  it("are told apart from pages and files, as React Router does (case-sensitive)", () => {
    for (const path of ["/about.data", "/_.data", "/contact/_.data", "/_root.data"]) {
      expect(isDataRequest(path), path).toBe(true);
      expect(isRouterRequest(path), path).toBe(true);
    }
    for (const path of ["/about", "/data", "/about.DATA", "/favicon.svg", "/__manifest/x"]) {
      expect(isDataRequest(path), path).toBe(false);
      expect(isRouterRequest(path), path).toBe(false);
    }
    expect(isRouterRequest(manifestPath)).toBe(true);
  });
});

// The work-arounds in router-protocol.ts, each against what it works around (checked with React Router 8.4.0): when
// one of these fails after an upgrade, the work-around it names may go.

describe("React Router's internals the browser's work-arounds read", () => {
  it("are React contexts exported under their UNSAFE_ names (useRouteManifest, useKnownRoutes, LinksWithoutStylesheets)", () => {
    for (const context of [UNSAFE_FrameworkContext, UNSAFE_DataRouterContext]) {
      expect(context.$$typeof).toBe(Symbol.for("react.context"));
    }
  });

  it("include <Scripts> as a plain function component, so it can be called for its elements (useRouterScripts)", () => {
    expect(typeof Scripts).toBe("function");
    expect((Scripts as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent).toBeUndefined();
  });

  it("tell the router's subscribers, and only them, of routes it learns, in a new routes array (useKnownRoutes)", () => {
    const router = createMemoryRouter([{ id: "root", path: "/", children: [] }]);
    const before = router.routes;
    let told = 0;
    const unsubscribe = router.subscribe(() => told++);
    router.patchRoutes("root", [{ id: "about", path: "about" }]);
    expect(told).toBe(1);
    expect(router.routes).not.toBe(before);
    expect(router.routes[0]?.children?.map((route) => route.id)).toEqual(["about"]);
    unsubscribe();
    router.dispose();
  });

  it("include <HydratedRouter> setting its own location outside startTransition (useRouterUpdatesAsTransitions)", () => {
    const entry = createRequire(import.meta.url).resolve("react-router/dom");
    const source = readFileSync(path.join(path.dirname(entry), "lib/dom-export/hydrated-router.js"), "utf8");
    const component = source.slice(source.indexOf("function HydratedRouter("), source.lastIndexOf("//#endregion"));
    expect(component).toMatch(
      /\.subscribe\(\(newState\) => \{\s*if \(newState\.location !== location\) setLocation\(newState\.location\);\s*\}\)/,
    );
    expect(component).not.toContain("startTransition");
  });
});
