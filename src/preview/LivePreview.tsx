import { useEffect } from "react";

/**
 * On pages in preview only (`origins` is LIVE_PREVIEW_ORIGINS, given only there): loads the live preview SDK's
 * chunk (sdk.ts) once the first page has loaded, so public pages never fetch it and their JavaScript does not grow
 * (decision 0215). Called by the work that starts after the first load (AfterFirstLoadWork), whose chunk the first
 * page's scripts do not carry either.
 */
export function useLivePreview(origins: readonly string[] | undefined) {
  const key = origins?.join(",") ?? "";
  useEffect(() => {
    if (key === "") return;
    let cancelled = false;
    import("./sdk.ts").then(({ startLivePreview }) => {
      if (!cancelled) startLivePreview(key.split(","));
    });
    return () => {
      cancelled = true;
    };
  }, [key]);
}
