import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";
import {
  chunkLoadTimeoutMs,
  claimReload,
  rememberPendingNavigation,
  sessionStore,
  setNavigationTarget,
} from "../lib/chunk-reload.ts";

/**
 * Watches client-side page navigations: if one is still loading after the spec's chunk load timeout (120 s),
 * the page it was going to is loaded afresh, once. While one is under way, its target is remembered, so a
 * reload React Router makes after a failed route module lands there too (src/entry.client.tsx).
 */
export function useChunkLoadWatchdog() {
  const navigation = useNavigation();
  const target =
    navigation.state === "loading" && !navigation.formMethod && navigation.location
      ? createPath(navigation.location)
      : undefined;

  useEffect(() => {
    setNavigationTarget(target);
    if (!target) return;
    const href = new URL(target, window.location.href).href;
    const onPageHide = () => rememberPendingNavigation(sessionStore(), window.location.href, href, Date.now());
    window.addEventListener("pagehide", onPageHide);
    const timer = window.setTimeout(() => {
      if (claimReload(sessionStore(), href, Date.now())) window.location.assign(href);
    }, chunkLoadTimeoutMs);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      window.clearTimeout(timer);
    };
  }, [target]);
}
