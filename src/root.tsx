import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import { ContentLoading } from "./components/ContentLoading.tsx";
import { useNonce } from "./components/Nonce.tsx";
import { NotFound } from "./components/NotFound.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { contentRetryAfter, isContentUnavailable } from "./content/load.ts";
import { useRefreshSeconds } from "./lib/page-refresh.ts";
import "./styles/global.css";

export const middleware = [contentRetryAfter];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const refreshSeconds = useRefreshSeconds();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <noscript>
          {/* Without JavaScript nothing can toggle, so every accordion panel is shown open. */}
          <style>{"[data-accordion-panel]{height:auto!important;visibility:visible!important}"}</style>
        </noscript>
        <Links nonce={nonce} />
        {refreshSeconds ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refreshSeconds)} />
          </noscript>
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Spec §8: when content cannot be loaded the page keeps its loading placeholder (served with a 503).
  if (notFound || isContentUnavailable(error)) {
    return (
      <>
        <SiteHeader />
        <main id="main">{notFound ? <NotFound /> : <ContentLoading />}</main>
        <SiteFooter />
      </>
    );
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <main id="main" className="error-screen">
      <h1>Unexpected Application Error!</h1>
      <p>{detail ?? "Something went wrong on our side. Please try again in a moment."}</p>
      <p>
        <a href="/">Go Home</a>
      </p>
    </main>
  );
}
