import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider } from "./components/Nonce.tsx";
import {
  claimReload,
  pageNavigationTarget,
  rememberPendingNavigation,
  resumeTarget,
  sessionStore,
} from "./lib/chunk-reload.ts";
import { rememberDocumentEntry } from "./lib/document-entry.ts";
import { currentNavigation } from "./shared/router-protocol.ts";

/**
 * The absolute URL of the page the visitor is navigating to, read from the router at this very moment: React
 * Router reloads the page as soon as a route module fails to import, which can be before React has rendered the
 * navigation.
 */
function currentNavigationHref(): string | undefined {
  const target = pageNavigationTarget(currentNavigation());
  return target ? new URL(target, window.location.href).href : undefined;
}

// The previous page reloaded itself because a route chunk of an old build was gone: go where the visitor was going.
const resume = resumeTarget(sessionStore(), window.location.href, Date.now());
if (resume) {
  window.location.replace(resume);
} else {
  // Firefox aborts the page's pending imports as soon as the visitor leaves it, and each abort reads as a failure:
  // reloading then would pull the visitor back from where they are going.
  let leaving = false;
  window.addEventListener("beforeunload", () => {
    leaving = true;
  });
  window.addEventListener("pageshow", () => {
    leaving = false;
  });
  // A lazily loaded chunk (or its CSS) failed to preload after a deploy: load the page afresh, once.
  window.addEventListener("vite:preloadError", (event) => {
    if (leaving) return;
    const target = currentNavigationHref() ?? window.location.href;
    if (claimReload(sessionStore(), target, Date.now())) {
      event.preventDefault();
      window.location.assign(target);
    }
  });

  // React Router reloads the page it is on when a route module fails: remember where the visitor was going.
  window.addEventListener("pagehide", () => {
    const href = currentNavigationHref();
    if (href) rememberPendingNavigation(sessionStore(), window.location.href, href, Date.now());
  });

  // The entry the document was loaded into, before the router adds entries of its own.
  const arrival = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  rememberDocumentEntry(window.history.state, arrival?.type);

  // Browsers hide the nonce attribute's value from getAttribute, but keep it on the property.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider value={nonce}>
          <HydratedRouter />
        </NonceProvider>
      </StrictMode>,
    );
  });
}
