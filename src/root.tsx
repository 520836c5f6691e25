// Global styles first, so component modules that build on them (composes) override them.
import "./styles/global.css";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Meta, Outlet, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { AfterFirstLoad } from "./components/AfterFirstLoad.tsx";
import { Analytics, ConsentBanner } from "./components/Consent.tsx";
import stepStripsScript from "./components/carouselStrip.ts?inline-script";
import { HydrationScripts } from "./components/HydrationScripts.tsx";
import { LoadingPlaceholder } from "./components/LoadingPlaceholder.tsx";
import { useNonce } from "./components/Nonce.tsx";
import { NotFound } from "./components/NotFound.tsx";
import { PageAnnouncer } from "./components/PageAnnouncer.tsx";
import { PageStyles } from "./components/PageStyles.tsx";
import { PreviewBanner } from "./components/PreviewBanner.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { useChunkLoadWatchdog } from "./components/useChunkLoadWatchdog.ts";
import { useHydrated } from "./components/useDevice.ts";
import { useInstantRouterScroll } from "./components/useInstantRouterScroll.ts";
import { contentRetryAfter, isContentUnavailable } from "./content/load.ts";
import { servicesContext } from "./context.ts";
import { frameColourRules, usePageFrame } from "./lib/page-frame.ts";
import { useRefreshSeconds } from "./lib/page-refresh.ts";
import { notFoundPage, organisationJsonLd, type RootData, seo } from "./lib/seo.ts";
import { useRouterUpdatesAsTransitions } from "./shared/router-protocol.ts";
import { site, siteIcons } from "./shared/site.ts";
// The two fonts' files (as styles/fonts.css names them): preloaded, so they are there for the first paint.
import bricolageFont from "./styles/fonts/bricolage-grotesque-latin-wght-400-800.woff2?url";
import interFont from "./styles/fonts/inter-latin-wght-400-900.woff2?url";

/** What every page needs from the server: the canonical origin and the analytics id (both public). */
export function loader({ context }: Route.LoaderArgs): RootData {
  const { settings } = context.get(servicesContext);
  return {
    siteUrl: settings.siteUrl,
    analyticsId: settings.analyticsId,
    year: new Date().getFullYear(),
    preview: settings.preview,
    livePreviewOrigins: settings.preview ? settings.livePreviewOrigins : undefined,
  };
}

// Settings do not change between pages, so client-side navigations never ask for them again.
export function shouldRevalidate() {
  return false;
}

export const middleware = [contentRetryAfter];

const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/**
 * A loader's error (an unknown slug's 404, content unavailable) is drawn by the ErrorBoundary below, and then only
 * this meta runs, never the page's own: it gives such a page its head.
 */
export function meta(args: Route.MetaArgs) {
  if (!args.error) return [];
  if (isNotFound(args.error)) return seo(args, notFoundPage);
  // The loading placeholder or the error screen: nothing of the page's own to name, nor to index.
  return seo(args, { title: site.name, noindex: true });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const refreshSeconds = useRefreshSeconds();
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f1e8" />
        {/* The icons and the fonts' preloads are the server's to write, as the structured data below: the browser has
            read them by the time the app runs, and hydration leaves them in place, so their URLs stay out of the
            page's JavaScript. */}
        {import.meta.env.SSR && (
          <>
            {siteIcons.map((icon) => (
              <link key={icon.href} rel="icon" href={icon.href} type={icon.type} sizes={icon.sizes} />
            ))}
            <link rel="preload" href={bricolageFont} as="font" type="font/woff2" crossOrigin="anonymous" />
            <link rel="preload" href={interFont} as="font" type="font/woff2" crossOrigin="anonymous" />
          </>
        )}
        <Meta />
        <noscript>
          {/* Without JavaScript nothing streamed in can take a placeholder's place, so placeholders give way to
              their <noscript> alternatives. */}
          <style nonce={nonce}>{"[data-script-only]{display:none!important}"}</style>
        </noscript>
        <PageStyles nonce={nonce} />
        <ContentColours nonce={nonce} />
        {/* Carousels' buttons step their strips from the first paint, before the app runs. The code is the
            server's to write: hydration leaves the element as it is, so the browser's bundle does without it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own module, built as a script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? stepStripsScript : " " }}
        />
        {refreshSeconds ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refreshSeconds)} />
          </noscript>
        ) : null}
        {/* For crawlers, who read the server's HTML: the browser has no use for it, so the code that builds it
            (and the services it names) stays out of the page's JavaScript; hydration leaves it in place. */}
        {import.meta.env.SSR && root && (
          <script
            type="application/ld+json"
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON, with "<" escaped so it cannot end the script
            dangerouslySetInnerHTML={{
              __html: JSON.stringify(organisationJsonLd(root.siteUrl)).replace(/</g, "\\u003c"),
            }}
          />
        )}
      </head>
      <body>
        <PageAnnouncer />
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {root?.preview && <PreviewBanner />}
        {children}
        <ScrollRestoration nonce={nonce} />
        <HydrationScripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The router's moves watched in a component of their own: a navigation's state changes (loading, then idle) re-render
 * this and nothing else, not the header, the footer and the page around it while the next page loads.
 */
function RouterWatch() {
  useRouterUpdatesAsTransitions();
  useChunkLoadWatchdog();
  useInstantRouterScroll();
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <RouterWatch />
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
      <AfterFirstLoad livePreviewOrigins={loaderData.livePreviewOrigins} />
      {loaderData.analyticsId && (
        <>
          <ConsentBanner />
          <Analytics siteId={loaderData.analyticsId} />
        </>
      )}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isNotFound(error);
  // When content cannot be loaded the page keeps its loading placeholder (served with a 503).
  if (notFound || isContentUnavailable(error)) {
    return (
      <>
        <SiteHeader frame={notFound ? { logoWhite: true, absolute: true } : undefined} />
        <main id="main">
          {notFound ? (
            <NotFound />
          ) : (
            <div className="container">
              <LoadingPlaceholder lines={5} />
            </div>
          )}
        </main>
        <SiteFooter variant="regular" />
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

/**
 * The page's colours from its content (a project's header and article), as a rule in the head until React runs
 * (frameColourRules); after that the components set them through the CSSOM and the rule goes, so
 * a client-side navigation never rewrites a style element the policy has hashed.
 */
function ContentColours({ nonce }: { nonce: string | undefined }) {
  const rules = frameColourRules(usePageFrame());
  const hydrated = useHydrated();
  if (hydrated || !rules) return null;
  return <style nonce={nonce}>{rules}</style>;
}
