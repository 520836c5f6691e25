import { createContext, RouterContextProvider } from "react-router";
import type { SiteServices } from "./services.ts";

/** The CSP nonce of this response; every inline script the document carries uses it. */
export const nonceContext = createContext<string>("");

/**
 * True when the document is rendered for the server's shared page cache (server/http/page-cache.ts) rather than
 * for the visitor who asked: it is then rendered whole (no streaming) and carries no per-visitor caching header.
 */
export const sharedDocumentContext = createContext<boolean>(false);

/** In-process services the server hands to loaders and actions (never reached over HTTP). */
export const servicesContext = createContext<SiteServices>();

export function createLoadContext(services: SiteServices, nonce: string, shared = false): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, nonce);
  context.set(sharedDocumentContext, shared);
  return context;
}
