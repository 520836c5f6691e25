import { type KeyboardEvent, type RefObject, useEffect, useReducer, useRef } from "react";
import { useLocation } from "react-router";
import { closedMenu, menuReducer } from "../lib/menu.ts";

export const menuId = "site-menu";

/**
 * The menu's behaviour (R4): the reducer decides open or closed, this hook wires it to the page:
 * Escape and page scroll close it, focus moves into the menu and back to the toggle, Tab stays inside
 * while it is open, and a route change always closes it.
 */
export function useSiteMenu() {
  const [state, dispatch] = useReducer(menuReducer, closedMenu);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Opened before hydration through the #site-menu link: carry on with it open.
  useEffect(() => {
    if (window.location.hash === `#${menuId}`) dispatch({ type: "toggle" });
  }, []);

  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    dispatch({ type: "close", reason: "route-change" });
  }, [location.key]);

  useEffect(() => {
    if (!state.open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") dispatch({ type: "close", reason: "escape" });
    };
    const onScroll = () => dispatch({ type: "close", reason: "scroll" });
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onScroll);
    };
  }, [state.open]);

  useEffect(() => {
    if (state.focus === "menu") closeRef.current?.focus();
    else if (state.focus === "toggle") toggleRef.current?.focus();
    else if (!state.open && menuRef.current?.contains(document.activeElement)) {
      // Focus must never stay on a link that has just been hidden (a link followed, the page scrolled).
      toggleRef.current?.focus({ preventScroll: true });
    }
  }, [state]);

  return {
    open: state.open,
    toggleRef,
    closeRef,
    menuRef,
    toggle: () => dispatch({ type: "toggle" }),
    closeByButton: () => dispatch({ type: "close", reason: "close-button" }),
    closeByLink: () => dispatch({ type: "close", reason: "link" }),
    trapFocus: (event: KeyboardEvent) => trapFocus(event, menuRef),
  };
}

/** Tab from the last link goes back to the close button, Shift+Tab from the close button to the last link. */
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
