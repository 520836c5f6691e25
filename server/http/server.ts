import { createServer, type RequestListener, type Server } from "node:http";
import { requestTimeouts } from "./body.ts";

/**
 * How long a new connection may stay silent before its first byte: a browser sends its request at once, so a
 * connection that says nothing for this long only holds a socket (decision 0196).
 */
export const silentConnectionMs = 5_000;
/** How often Node checks the header and request timeouts (its default, 30 s, let them act up to 30 s late). */
export const connectionsCheckingIntervalMs = 1_000;

/**
 * The HTTP server the app runs on: the header and request timeouts of body.ts checked every second, and a
 * connection that sends nothing closed after `silentConnectionMs` (Node has no limit for that; its socket timeout
 * is off by default, and the header timeout starts with the first byte).
 */
export function createHttpServer(app: RequestListener): Server {
  const server = createServer({ connectionsCheckingInterval: connectionsCheckingIntervalMs, ...requestTimeouts }, app);
  server.on("connection", (socket) => {
    // Node's own handler destroys a socket whose timeout fires while no request holds it.
    socket.setTimeout(silentConnectionMs);
    socket.once("data", () => socket.setTimeout(server.timeout));
  });
  return server;
}
