import { randomBytes } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { consentCookieName } from "../../../src/shared/consent.ts";
import { isContentQueryError } from "../../../src/shared/content/errors.ts";
import type { ContentReader, ContentType } from "../../../src/shared/content/types.ts";
import { buildLoadContext } from "../../../src/shared/router-protocol.ts";
import type { SiteServices } from "../../../src/shared/services.ts";
import type { RenderLimit } from "../render-limit.ts";
import { hashAuthorisedInline } from "./copy.ts";
import type { CacheKey, CachePolicy } from "./policy.ts";
import { type ContentReads, pageTags } from "./tags.ts";

interface RenderReads extends ContentReads {
  failed: boolean;
}

export type SharedRender = (request: Request, nonce: string) => Promise<{ response: Response; reads: RenderReads }>;

const sharedUserAgent = "gritstone-page-cache";

function recordReads(content: ContentReader): { reader: ContentReader; reads: RenderReads } {
  const types = new Set<ContentType>();
  const entries = new Set<string>();
  const reads: RenderReads = { types, entries, failed: false };
  const reader: ContentReader = {
    async getEntries(query) {
      types.add(query.content_type);
      try {
        const result = await content.getEntries(query);
        for (const item of result.items) entries.add(item.sys.id);
        return result as never;
      } catch (error) {
        // A query outside the allow-list is the page's bug, not missing content.
        if (!isContentQueryError(error)) reads.failed = true;
        throw error;
      }
    },
  };
  return { reader, reads };
}

/** Marked shared (the whole document at once, never a visitor's `private` answer), in the visitors' render slots. */
export function sharedRender(build: ServerBuild, site: SiteServices, renders: RenderLimit, mode: string): SharedRender {
  const handle = createRequestHandler(build, mode);
  const create = buildLoadContext(build);
  return async (request, nonce) => {
    const { reader, reads } = recordReads(site.content);
    const response = await renders.shared(() => handle(request, create({ ...site, content: reader }, nonce, true)));
    return { response: response ?? new Response(null, { status: 503 }), reads };
  };
}

// As the key's visitor would get it (their consent choice). A page some of whose content could not be had is refused
// as a 503 would be, so the last good copy stays.
export async function renderForKey(render: SharedRender, origin: string, policy: CachePolicy, key: CacheKey) {
  const nonce = randomBytes(16).toString("hex");
  const headers = new Headers({ accept: "text/html", "user-agent": sharedUserAgent });
  if (key.consent && key.consent !== "unset") headers.set("cookie", `${consentCookieName}=${key.consent}`);
  // Appended to the origin, never resolved against it: a path such as //elsewhere/x stays a path of this site.
  const url = new URL(`${origin}${key.path}${key.query ? `?${key.query}` : ""}`);
  const { response, reads } = await render(new Request(url, { headers }), nonce);
  const header = (name: string) => response.headers.get(name) ?? undefined;
  if (!policy.mayStore(key, response.status, header) || !policy.sharedMayStore(header)) {
    await response.body?.cancel();
    return { refused: response.status };
  }
  const html = await response.text();
  if (reads.failed) return { refused: 503 };
  return { document: hashAuthorisedInline(html, nonce), tags: pageTags(key.path, reads) };
}
