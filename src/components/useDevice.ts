import { useSyncExternalStore } from "react";
import { detectTouch } from "../lib/device.ts";

const noSubscription = () => () => {};

/** The server and the hydration pass both say false, so hydration never mismatches. */
export function useIsTouch(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => detectTouch(window),
    () => false,
  );
}

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the visitor asked for reduced motion; the server assumes they did, so nothing moves before hydration. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
}

/** False on the server and during hydration, true once React runs in the browser: "is JavaScript on?". */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
