import { createRequestHandler, type ServerBuild } from "react-router";
import { buildLoadContext } from "../../../src/lib/router-protocol.ts";
import type { SiteServices } from "../../../src/services.ts";
import type { RenderLimit } from "../render-limit.ts";
import type { SharedRender } from "./store.ts";

/**
 * The page cache's own render: React Router's fetch handler with the anonymous site's services, marked shared (the
 * whole document at once, never a visitor's `private` answer), in the render slots visitors' renders take.
 */
export function sharedRender(build: ServerBuild, site: SiteServices, renders: RenderLimit, mode: string): SharedRender {
  const handle = createRequestHandler(build, mode);
  const create = buildLoadContext(build);
  return (request, nonce) => renders.shared(() => handle(request, create(site, nonce, true)));
}
