import { randomBytes } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { consentCookieName } from "../../../src/lib/consent.ts";
import { buildLoadContext } from "../../../src/lib/router-protocol.ts";
import type { SiteServices } from "../../../src/services.ts";
import type { RenderLimit } from "../render-limit.ts";
import { hashAuthorisedInline } from "./copy.ts";
import type { CacheKey, CachePolicy } from "./policy.ts";

/** Renders one document for the shared cache: the whole page at once, with the given nonce on its scripts. */
export type SharedRender = (request: Request, nonce: string) => Promise<Response>;

const sharedUserAgent = "gritstone-page-cache";

/**
 * The page cache's own render: React Router's fetch handler with the anonymous site's services, marked shared (the
 * whole document at once, never a visitor's `private` answer), in the render slots visitors' renders take.
 */
export function sharedRender(build: ServerBuild, site: SiteServices, renders: RenderLimit, mode: string): SharedRender {
  const handle = createRequestHandler(build, mode);
  const create = buildLoadContext(build);
  return (request, nonce) => renders.shared(() => handle(request, create(site, nonce, true)));
}

/**
 * One shared render of a key's page, as the key's visitor would get it (its consent choice): its document with the
 * nonce replaced by the hashes of the inline code it authorised, or the status that may not be stored.
 */
export async function renderForKey(render: SharedRender, origin: string, policy: CachePolicy, target: CacheKey) {
  const nonce = randomBytes(16).toString("hex");
  const headers = new Headers({ accept: "text/html", "user-agent": sharedUserAgent });
  if (target.consent && target.consent !== "unset") headers.set("cookie", `${consentCookieName}=${target.consent}`);
  // Appended to the origin, never resolved against it: a path such as //elsewhere/x stays a path of this site.
  const url = new URL(`${origin}${target.path}${target.query ? `?${target.query}` : ""}`);
  const response = await render(new Request(url, { headers }), nonce);
  if (!policy.mayStore(target, response.status, (name) => response.headers.get(name) ?? undefined)) {
    await response.body?.cancel();
    return { refused: response.status };
  }
  return { document: hashAuthorisedInline(await response.text(), nonce) };
}
