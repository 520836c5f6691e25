import { createContext, RouterContextProvider } from "react-router";
import type { SiteServices } from "./shared/services.ts";

export const nonceContext = createContext<string>("");

/** Rendered for the shared page cache, not the visitor: whole (no streaming), with no per-visitor caching header. */
export const sharedDocumentContext = createContext<boolean>(false);

export const servicesContext = createContext<SiteServices>();

export function createLoadContext(services: SiteServices, nonce: string, shared = false): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, nonce);
  context.set(sharedDocumentContext, shared);
  return context;
}
