import { createContext, RouterContextProvider } from "react-router";
import type { SiteServices } from "./services.ts";

/** The CSP nonce of this response; every inline script the document carries uses it. */
export const nonceContext = createContext<string>("");

/** In-process services the server hands to loaders and actions (never reached over HTTP). */
export const servicesContext = createContext<SiteServices>();

export function createLoadContext(services: SiteServices, nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(nonceContext, nonce);
  return context;
}
