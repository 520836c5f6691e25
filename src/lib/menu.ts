import { site } from "../shared/site.ts";

/** The site menu: seven links in this order; Shop leaves the site in a new tab. */
export interface MenuLink {
  label: string;
  to: string;
  external?: boolean;
}

export const menuLinks: readonly MenuLink[] = [
  { label: "Home", to: "/" },
  { label: "Our Work", to: "/projects" },
  { label: "Services", to: "/services" },
  { label: "News", to: "/news" },
  { label: "Agency", to: "/about" },
  { label: "Shop", to: site.shopUrl, external: true },
  { label: "Contact", to: "/contact" },
];

/** Decides where focus goes next; "dismissed" is the browser closing the popover itself (Escape, its button). */
type CloseReason = "close-button" | "escape" | "dismissed" | "link" | "scroll" | "route-change";

export interface MenuState {
  open: boolean;
  focus: "menu" | "toggle" | "none";
}

/** "opened": the browser has shown the popover (its toggle, or before hydration). */
export type MenuEvent = { type: "toggle" } | { type: "opened" } | { type: "close"; reason: CloseReason };

export const closedMenu: MenuState = { open: false, focus: "none" };

export function menuReducer(state: MenuState, event: MenuEvent): MenuState {
  if (event.type === "opened") return state.open ? state : { open: true, focus: "menu" };
  if (event.type === "toggle") {
    return state.open ? { open: false, focus: "toggle" } : { open: true, focus: "menu" };
  }
  if (!state.open) return state;
  switch (event.reason) {
    case "close-button":
    case "escape":
    case "dismissed":
      return { open: false, focus: "toggle" };
    case "scroll":
      // The visitor is reading the page, not the menu: leave focus alone unless it was inside the menu.
      return { open: false, focus: "none" };
    case "link":
    case "route-change":
      return { open: false, focus: "none" };
  }
}
