import { type KeyboardEvent, type RefObject, useEffect, useReducer, useRef } from "react";
import { useLocation } from "react-router";
import { closedMenu, menuReducer } from "../lib/menu.ts";

export const menuId = "site-menu";

/** Where the Popover API is missing the app opens the menu itself. */
const hasPopover = (element: HTMLElement) => typeof element.showPopover === "function";

// The menu is a popover, so the browser opens and closes it from the first paint, without JavaScript; this hook adds
// what the platform does not: scroll and a followed link close it, focus moves in and back, and Tab stays inside.
export function useSiteMenu() {
  const [state, dispatch] = useReducer(menuReducer, closedMenu);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // The popover is the truth for open and closed (it may open before hydration); the reducer follows.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || !hasPopover(menu)) return;
    if (menu.matches(":popover-open")) dispatch({ type: "opened" });
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === "open";
      dispatch(opened ? { type: "opened" } : { type: "close", reason: "dismissed" });
    };
    menu.addEventListener("toggle", onToggle);
    return () => menu.removeEventListener("toggle", onToggle);
  }, []);

  // And the popover follows the reducer when the app closes it: a link, scroll, a route change.
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu || !hasPopover(menu)) return;
    const shown = menu.matches(":popover-open");
    if (state.open && !shown) menu.showPopover();
    if (!state.open && shown) menu.hidePopover();
  }, [state.open]);

  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    dispatch({ type: "close", reason: "route-change" });
  }, [location.key]);

  useEffect(() => {
    if (!state.open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      // The popover closes itself on Escape; this is for a browser without one.
      if (event.key === "Escape" && menuRef.current && !hasPopover(menuRef.current)) {
        dispatch({ type: "close", reason: "escape" });
      }
    };
    const onScroll = () => dispatch({ type: "close", reason: "scroll" });
    const listening = new AbortController();
    document.addEventListener("keydown", onKey, { signal: listening.signal });
    window.addEventListener("scroll", onScroll, { passive: true, signal: listening.signal });
    return () => listening.abort();
  }, [state.open]);

  useEffect(() => {
    if (state.focus === "menu") closeRef.current?.focus();
    else if (state.focus === "toggle") toggleRef.current?.focus();
    else if (!state.open && menuRef.current?.contains(document.activeElement)) {
      // Focus must never stay on a link that has just been hidden (a link followed, the page scrolled).
      toggleRef.current?.focus({ preventScroll: true });
    }
  }, [state]);

  /** The toggle and close buttons act through `popovertarget`; only a browser without popovers needs the app. */
  const unlessPopover = (event: () => void) => () => {
    if (menuRef.current && !hasPopover(menuRef.current)) event();
  };

  return {
    open: state.open,
    toggleRef,
    closeRef,
    menuRef,
    toggle: unlessPopover(() => dispatch({ type: "toggle" })),
    closeByButton: unlessPopover(() => dispatch({ type: "close", reason: "close-button" })),
    closeByLink: () => dispatch({ type: "close", reason: "link" }),
    trapFocus: (event: KeyboardEvent) => trapFocus(event, menuRef),
  };
}

function trapFocus(event: KeyboardEvent, menuRef: RefObject<HTMLElement | null>) {
  if (event.key !== "Tab" || !menuRef.current) return;
  const focusable = [...menuRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
