import { useEffect } from "react";

/** Loaded once the first page has loaded, and only in preview, so public pages never fetch the SDK. */
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
