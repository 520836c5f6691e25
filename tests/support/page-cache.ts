import { maxKeyLength } from "../../server/http/page-cache/policy.ts";

/**
 * The page at `path` asked for past the page cache: an address longer than any key it keeps (padded with a parameter
 * no page reads) is rendered for its visitor (streamed, under a nonce), never answered from a stored copy.
 */
export function pastThePageCache(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}uncached=${"x".repeat(maxKeyLength)}`;
}
