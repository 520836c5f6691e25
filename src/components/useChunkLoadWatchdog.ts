import { useEffect } from "react";
import { useNavigation } from "react-router";
import { chunkLoadTimeoutMs, claimReload, pageNavigationTarget, sessionStore } from "../lib/chunk-reload.ts";

/** A navigation still loading after the chunk load timeout (120 s) loads the page it was going to afresh, once. */
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
