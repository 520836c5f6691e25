import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "./components/Nonce.tsx";
import { InlineCssProvider, routeStylesheets } from "./components/PageStyles.tsx";
import { nonceContext, servicesContext, sharedDocumentContext } from "./context.ts";
import { isPrefetchRequest, prefetchedDataCacheControl } from "./shared/page-prefetch.ts";

export { createLoadContext } from "./context.ts";

// Only errors worth an operator's eye: the router's own 4xx answers are already in the request log with their status,
// and a request the visitor abandoned is not an error.
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

// Data fetched ahead of a tap stays fresh in that browser for a while, so the router's request at the tap is answered
// from its cache; other data requests (a navigation without a prefetch, a revalidation) are never reused.
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (request.method === "GET" && response.status === 200 && isPrefetchRequest(request.headers)) {
    if (!response.headers.has("Cache-Control")) {
      response.headers.set("Cache-Control", prefetchedDataCacheControl);
    }
  }
  return response;
}

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
  // A document rendered for one visitor carries that visitor's CSP nonce, so no shared cache may keep it.
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
        // The policy allows no inline style without the nonce, so it goes on the style elements React hoists too.
        nonce: nonce === undefined ? undefined : { script: nonce, style: nonce },
        // Sections ready when the shell is sent stay in place in the HTML: React would otherwise move those past its
        // first chunk to the end, shown by a script (so not without one).
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
          if (shellRendered) console.error(error);
        },
      },
    );

    timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}
