import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { type ChromeHandle, chromeColourRules, chromeFromMatches, defaultChrome } from "../../src/lib/page-chrome.ts";
import { projectChrome } from "../../src/lib/project-chrome.ts";
import type { ProjectFields } from "../../src/shared/content/model.ts";

/** A matched route as useMatches() gives it: its id, its handle and its loader's data. */
const match = (id: string, handle?: ChromeHandle, loaderData?: unknown) =>
  ({ id, pathname: "/", params: {}, loaderData, data: loaderData, handle }) as unknown as UIMatch;

const root = match("root");
// The routes' own handles, as src/routes/home.tsx, not-found.tsx and project.tsx export them.
const home = match("routes/home", { chrome: { footer: "home" } });
const notFound = match("routes/not-found", { chrome: { logoWhite: true, absolute: true } });
const projectRoute = (project?: Partial<ProjectFields>) =>
  match(
    "routes/project",
    { chrome: (data) => projectChrome((data as { project?: ProjectFields } | undefined)?.project) },
    project ? { project } : undefined,
  );

describe("the header and footer a page asks for (src/lib/page-chrome.ts)", () => {
  it("is the default on a page that says nothing", () => {
    expect(chromeFromMatches([root, match("routes/news")])).toEqual({
      headerColour: undefined,
      pageColours: undefined,
      logoWhite: false,
      split: false,
      absolute: false,
      size: "regular",
      footer: "regular",
    });
    expect(chromeFromMatches([])).toEqual(defaultChrome);
  });

  it("takes what a page says and fills the rest from the defaults", () => {
    expect(chromeFromMatches([root, home])).toEqual({ ...defaultChrome, footer: "home" });
    expect(chromeFromMatches([root, notFound])).toEqual({ ...defaultChrome, logoWhite: true, absolute: true });
  });

  it("works out a project page's dressing from that page's loader data", () => {
    const chrome = chromeFromMatches([root, projectRoute({ slug: "a", BackgroundColour: "#0b1f4d" })]);
    expect(chrome).toEqual({
      headerColour: "#0b1f4d",
      pageColours: { background: "#0b1f4d", text: "#f6f1e8" },
      logoWhite: true,
      split: false,
      absolute: false,
      size: "regular",
      footer: "regular",
    });
  });

  it("lets the deepest route that says something win", () => {
    const layout = match("routes/layout", { chrome: { size: "small", footer: "home" } });
    expect(chromeFromMatches([root, layout, notFound])).toEqual({ ...defaultChrome, logoWhite: true, absolute: true });
  });

  it("falls back to the route above when a route's function says nothing (a project page without its project)", () => {
    const layout = match("routes/layout", { chrome: { size: "small" } });
    expect(chromeFromMatches([root, layout, projectRoute()])).toEqual({ ...defaultChrome, size: "small" });
    expect(chromeFromMatches([root, projectRoute()])).toEqual(defaultChrome);
  });

  it("carries nothing from one page to the next", () => {
    chromeFromMatches([root, projectRoute({ slug: "a", BackgroundColour: "#0b1f4d", smallProject: "yes" })]);
    expect(chromeFromMatches([root, match("routes/news")])).toEqual(defaultChrome);
    expect(defaultChrome.headerColour).toBeUndefined();
  });
});

describe("chromeColourRules", () => {
  it("gives the header and the page's article their colours as one rule for the head", () => {
    expect(
      chromeColourRules({ headerColour: "#0B1F4D", pageColours: { background: "#0b1f4d", text: "#f6f1e8" } }),
    ).toBe(
      "header[data-coloured]{--header-colour:#0b1f4d}article[data-page-colours]{--project-bg:#0b1f4d;--project-text:#f6f1e8}",
    );
  });

  it("writes nothing for a page without colours, and never a value that is not a colour", () => {
    expect(chromeColourRules(defaultChrome)).toBeUndefined();
    expect(chromeColourRules({ headerColour: "red}body{display:none" })).toBeUndefined();
    expect(
      chromeColourRules({ pageColours: { background: "#000000;--x:url(//evil)", text: "#ffffff" } }),
    ).toBeUndefined();
  });
});
