import type { ContentResult } from "../../src/shared/content/types.ts";
import type { CompiledQuery } from "./query.ts";

/** Every source answers the same compiled query the same way, and trims linked assets as the contentful SDK does. */
export interface ContentSource {
  readonly name: "local" | "contentful";
  /** For the Content-Security-Policy. */
  readonly imageOrigins: readonly string[];
  getEntries(query: CompiledQuery): Promise<ContentResult>;
  ping(): Promise<void>;
  /** The embedded store's files, read again on a purge. */
  reload?(): Promise<void>;
  /** For a source that serves a publish some time after announcing it (Contentful), so the publish can be waited for. */
  revisionOf?(entryId: string): Promise<number | null>;
}
