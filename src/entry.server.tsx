import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "./components/Nonce.tsx";
import { InlineCssProvider, routeStylesheets } from "./components/PageStyles.tsx";
import { nonceContext, servicesContext, sharedDocumentContext } from "./context.ts";
import { isPrefetchRequest, prefetchedDataCacheControl } from "./lib/page-prefetch.ts";

export { createLoadContext } from "./context.ts";

/**
 * Errors worth an operator's eye. The router's own 4xx answers (a POST to a page that has no form, a page that
 * does not exist) are the visitor's doing and already in the request log with their status; a request the
 * visitor abandoned is not an error either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/**
 * A page's data fetched ahead of a tap (decision 0212) is fresh in that visitor's browser for a while, so that the
 * router's own request at the tap is answered from the browser's cache. The router's other data requests (a
 * navigation without a prefetch, a revalidation after a form post) stay as they were: never reused.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (request.method === "GET" && response.status === 200 && isPrefetchRequest(request.headers)) {
    if (!response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", prefetchedDataCacheControl);
    }
  }
  return response;
}

/** How long a streamed response may wait for deferred data before React gives up on it. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  const shared = loadContext.get(sharedDocumentContext);
  // The page's stylesheets go inline in the head: the first paint needs nothing but this document.
  const inlineCss = loadContext.get(servicesContext).pageStyles?.(routeStylesheets(routerContext));
  // Crawlers, SPA-mode builds and the shared page cache get the whole document at once; people get the shell first.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  // A document rendered for one visitor carries that visitor's CSP nonce, so no shared cache may keep it; the
  // page cache serves its own copies with their own headers (docs/decisions/0120-page-cache-and-csp-hashes.md).
  if (!shared && !responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider css={inlineCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        // The style nonce goes on the style elements React hoists into the head (the page's inline CSS), which
        // carry it as a prop too: the policy allows no inline style without it (decision 0201).
        nonce: nonce === undefined ? undefined : { script: nonce, style: nonce },
        // Sections that are ready when the shell is sent stay in place in the HTML, however long the page: React
        // would otherwise move those past its first 12.8 kB to the end, shown by a script (so not without one).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are handled by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );

    timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}
