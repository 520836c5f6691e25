import type { ContentResult } from "../../src/content/types.ts";
import type { CompiledQuery } from "./query.ts";

/**
 * Where content comes from: the embedded store or a Contentful space. Every source answers the same compiled
 * query with the same semantics (server/content/query.ts) and resolves linked assets the way the contentful
 * SDK does, trimmed to `{ sys: { id }, fields: { title, description, file } }`.
 */
export interface ContentSource {
  readonly name: "local" | "contentful";
  /** Origins the source's image URLs point at, for the Content-Security-Policy. */
  readonly imageOrigins: readonly string[];
  getEntries(query: CompiledQuery): Promise<ContentResult>;
  /** A cheap request that proves the source answers; rejects when it does not. */
  ping(): Promise<void>;
  /** Reads the source again where it keeps its own copy (the embedded store's files), on a purge. */
  reload?(): Promise<void>;
  /**
   * The revision the source serves of an entry now, or null when it serves none: for a source that serves a
   * publish some time after announcing it (Contentful's Delivery API), so a publish can be waited for.
   */
  revisionOf?(entryId: string): Promise<number | null>;
}
