import { useEffect } from "react";
import { useNavigation } from "react-router";
import { chunkLoadTimeoutMs, claimReload, pageNavigationTarget, sessionStore } from "../lib/chunk-reload.ts";

/**
 * Watches client-side page navigations: if one is still loading after the chunk load timeout (120 s, R9.4),
 * the page it was going to is loaded afresh, once. (A reload React Router makes after a failed route module is
 * followed to its target by src/entry.client.tsx.)
 */
export function useChunkLoadWatchdog() {
  const target = pageNavigationTarget(useNavigation());

  useEffect(() => {
    if (!target) return;
    const href = new URL(target, window.location.href).href;
    const timer = window.setTimeout(() => {
      if (claimReload(sessionStore(), href, Date.now())) window.location.assign(href);
    }, chunkLoadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [target]);
}
