import { useEffect } from "react";

/**
 * Rendered by the root layout on pages in preview only: loads the live preview SDK's chunk (sdk.ts) once the page
 * has hydrated, so public pages never fetch it and their JavaScript does not grow (decision 0215).
 */
export function LivePreview({ origins }: { origins: readonly string[] }) {
  const key = origins.join(",");
  useEffect(() => {
    let cancelled = false;
    import("./sdk.ts").then(({ startLivePreview }) => {
      if (!cancelled) startLivePreview(key.split(","));
    });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return null;
}
