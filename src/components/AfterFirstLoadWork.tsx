import { useLivePreview } from "../preview/LivePreview.tsx";
import { PagePrefetcher } from "./PagePrefetcher.tsx";
import { useBackPosition } from "./useBackPosition.ts";

/** What <AfterFirstLoad> starts once the first page has loaded: one chunk, loaded then. */
export default function AfterFirstLoadWork({ livePreviewOrigins }: { livePreviewOrigins?: readonly string[] }) {
  useBackPosition();
  useLivePreview(livePreviewOrigins);
  return <PagePrefetcher />;
}
