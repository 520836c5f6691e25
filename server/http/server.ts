import { createServer, type RequestListener, type Server } from "node:http";

// The largest body (32 kB, body.ts) in 30 s needs barely 1 kB/s (Node's defaults are 60 s and 300 s): a slower client
// only holds a socket.
export const requestTimeouts = { headersTimeout: 10_000, requestTimeout: 30_000 } as const;

/** A browser sends its request at once, so a connection silent this long only holds a socket. */
export const silentConnectionMs = 5_000;
/** How often Node checks the header and request timeouts (its default, 30 s, let them act up to 30 s late). */
const connectionsCheckingIntervalMs = 1_000;

// Node has no limit for silence before the first byte: the header timeout starts with that byte.
export function createHttpServer(app: RequestListener): Server {
  const server = createServer({ connectionsCheckingInterval: connectionsCheckingIntervalMs, ...requestTimeouts }, app);
  server.on("connection", (socket) => {
    // Node's own handler destroys a socket whose timeout fires while no request holds it.
    socket.setTimeout(silentConnectionMs);
    socket.once("data", () => socket.setTimeout(server.timeout));
  });
  return server;
}
