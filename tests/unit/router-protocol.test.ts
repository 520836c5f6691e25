import { data, isRouteErrorResponse, redirect, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import {
  dataRequestPage,
  isDataRequest,
  isRouterRequest,
  manifestPath,
  refusalBody,
  thrownDataStatus,
} from "../../src/lib/router-protocol.ts";

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
