import { useMatches } from "react-router";

// The meta refresh sits inside <noscript>, so it reloads only where JavaScript is off (the page revalidates itself
// otherwise) and cannot fire after a client-side navigation has left the page.
export type RefreshHandle = { refreshSeconds?: number };

export function useRefreshSeconds(): number | undefined {
  const deepest = useMatches().at(-1);
  return (deepest?.handle as RefreshHandle | undefined)?.refreshSeconds;
}
