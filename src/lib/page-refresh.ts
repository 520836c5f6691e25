import { useMatches } from "react-router";

/**
 * A page that renews itself exports `handle: { refreshSeconds }`. The document then carries a meta refresh
 * inside <noscript>: it reloads the page only where JavaScript is off (the page revalidates itself otherwise),
 * and it cannot fire after a client-side navigation has left the page.
 */
export type RefreshHandle = { refreshSeconds?: number };

export function useRefreshSeconds(): number | undefined {
  const deepest = useMatches().at(-1);
  return (deepest?.handle as RefreshHandle | undefined)?.refreshSeconds;
}
