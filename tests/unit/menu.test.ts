import { describe, expect, it } from "vitest";
import { closedMenu, menuLinks, menuReducer } from "../../src/lib/menu.ts";
import { site } from "../../src/shared/site.ts";

describe("the site menu", () => {
  it("lists the spec's seven links in order, with Shop leaving the site", () => {
    expect(menuLinks.map((link) => link.label)).toEqual([
      "Home",
      "Our Work",
      "Services",
      "News",
      "Agency",
      "Shop",
      "Contact",
    ]);
    expect(menuLinks.find((link) => link.label === "Our Work")?.to).toBe("/projects");
    expect(menuLinks.find((link) => link.label === "Agency")?.to).toBe("/about");
    expect(menuLinks.find((link) => link.label === "Shop")).toEqual({
      label: "Shop",
      to: site.shopUrl,
      external: true,
    });
  });

  it("opens by the toggle and moves focus into the menu", () => {
    expect(menuReducer(closedMenu, { type: "toggle" })).toEqual({ open: true, focus: "menu" });
  });

  it("closes by the toggle, the close button and Escape, sending focus back to the toggle", () => {
    const open = menuReducer(closedMenu, { type: "toggle" });
    expect(menuReducer(open, { type: "toggle" })).toEqual({ open: false, focus: "toggle" });
    expect(menuReducer(open, { type: "close", reason: "close-button" })).toEqual({ open: false, focus: "toggle" });
    expect(menuReducer(open, { type: "close", reason: "escape" })).toEqual({ open: false, focus: "toggle" });
  });

  it("closes on a link, on page scroll and on a route change without stealing focus", () => {
    const open = menuReducer(closedMenu, { type: "toggle" });
    for (const reason of ["link", "scroll", "route-change"] as const) {
      expect(menuReducer(open, { type: "close", reason })).toEqual({ open: false, focus: "none" });
    }
  });

  it("follows the browser's popover: shown means open with focus into the menu, dismissed sends focus back", () => {
    const open = menuReducer(closedMenu, { type: "opened" });
    expect(open).toEqual({ open: true, focus: "menu" });
    expect(menuReducer(open, { type: "opened" })).toBe(open);
    expect(menuReducer(open, { type: "close", reason: "dismissed" })).toEqual({ open: false, focus: "toggle" });
  });

  it("ignores closing when it is already closed", () => {
    expect(menuReducer(closedMenu, { type: "close", reason: "scroll" })).toBe(closedMenu);
  });
});
