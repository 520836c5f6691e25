import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceProvider } from "./components/Nonce.tsx";
import { claimReload, getNavigationTarget, resumeTarget, sessionStore } from "./lib/chunk-reload.ts";

// The previous page reloaded itself because a route chunk of an old build was gone: go where the visitor was going.
const resume = resumeTarget(sessionStore(), window.location.href, Date.now());
if (resume) {
  window.location.replace(resume);
} else {
  // A lazily loaded chunk (or its CSS) failed to preload after a deploy: load the page afresh, once.
  window.addEventListener("vite:preloadError", (event) => {
    const target = new URL(getNavigationTarget() ?? window.location.href, window.location.href).href;
    if (claimReload(sessionStore(), target, Date.now())) {
      event.preventDefault();
      window.location.assign(target);
    }
  });

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
