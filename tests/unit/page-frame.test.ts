import type { UIMatch } from "react-router";
import { describe, expect, it } from "vitest";
import { defaultFrame, type FrameHandle, frameColourRules, frameFromMatches } from "../../src/lib/page-frame.ts";
import { projectFrame } from "../../src/lib/project-frame.ts";
import type { ProjectFields } from "../../src/shared/content/model.ts";

/** A matched route as useMatches() gives it: its id, its handle and its loader's data. */
const match = (id: string, handle?: FrameHandle, loaderData?: unknown) =>
  ({ id, pathname: "/", params: {}, loaderData, data: loaderData, handle }) as unknown as UIMatch;

const root = match("root");
// The routes' own handles, as src/routes/home.tsx, not-found.tsx and project.tsx export them.
const home = match("routes/home", { frame: { footer: "home" } });
const notFound = match("routes/not-found", { frame: { logoWhite: true, absolute: true } });
const projectRoute = (project?: Partial<ProjectFields>) =>
  match(
    "routes/project",
    { frame: (data) => projectFrame((data as { project?: ProjectFields } | undefined)?.project) },
    project ? { project } : undefined,
  );

describe("the header and footer a page asks for (src/lib/page-frame.ts)", () => {
  it("is the default on a page that says nothing", () => {
    expect(frameFromMatches([root, match("routes/news")])).toEqual({
      headerColour: undefined,
      pageColours: undefined,
      logoWhite: false,
      split: false,
      absolute: false,
      size: "regular",
      footer: "regular",
    });
    expect(frameFromMatches([])).toEqual(defaultFrame);
  });

  it("takes what a page says and fills the rest from the defaults", () => {
    expect(frameFromMatches([root, home])).toEqual({ ...defaultFrame, footer: "home" });
    expect(frameFromMatches([root, notFound])).toEqual({ ...defaultFrame, logoWhite: true, absolute: true });
  });

  it("works out a project page's dressing from that page's loader data", () => {
    const frame = frameFromMatches([root, projectRoute({ slug: "a", BackgroundColour: "#0b1f4d" })]);
    expect(frame).toEqual({
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
    const layout = match("routes/layout", { frame: { size: "small", footer: "home" } });
    expect(frameFromMatches([root, layout, notFound])).toEqual({ ...defaultFrame, logoWhite: true, absolute: true });
  });

  it("falls back to the route above when a route's function says nothing (a project page without its project)", () => {
    const layout = match("routes/layout", { frame: { size: "small" } });
    expect(frameFromMatches([root, layout, projectRoute()])).toEqual({ ...defaultFrame, size: "small" });
    expect(frameFromMatches([root, projectRoute()])).toEqual(defaultFrame);
  });

  it("carries nothing from one page to the next", () => {
    frameFromMatches([root, projectRoute({ slug: "a", BackgroundColour: "#0b1f4d", smallProject: "yes" })]);
    expect(frameFromMatches([root, match("routes/news")])).toEqual(defaultFrame);
    expect(defaultFrame.headerColour).toBeUndefined();
  });
});

describe("frameColourRules", () => {
  it("gives the header and the page's article their colours as one rule for the head", () => {
    expect(frameColourRules({ headerColour: "#0B1F4D", pageColours: { background: "#0b1f4d", text: "#f6f1e8" } })).toBe(
      "header[data-coloured]{--header-colour:#0b1f4d}article[data-page-colours]{--project-bg:#0b1f4d;--project-text:#f6f1e8}",
    );
  });

  it("writes nothing for a page without colours, and never a value that is not a colour", () => {
    expect(frameColourRules(defaultFrame)).toBeUndefined();
    expect(frameColourRules({ headerColour: "red}body{display:none" })).toBeUndefined();
    expect(
      frameColourRules({ pageColours: { background: "#000000;--x:url(//evil)", text: "#ffffff" } }),
    ).toBeUndefined();
  });
});
