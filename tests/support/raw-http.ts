import { once } from "node:events";
import http, { type RequestListener } from "node:http";
import net from "node:net";
import { Readable } from "node:stream";
import { createHttpServer } from "../../server/http/server.ts";

/** The app on a real listening socket on 127.0.0.1, on the HTTP server server/main.ts runs it on. */
export async function listen(app: RequestListener) {
  const server = createHttpServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  /** 0 when the server closed the connection without a status line. */
  status: number;
  headers: Record<string, string>;
  /** The body as sent (chunked framing left in: enough to look for text in it). */
  body: string;
}

/**
 * Sends bytes exactly as given (a request line, headers and body that no HTTP client would send) and reads the
 * answer until the server closes the connection or `timeoutMs` passes.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks).toString("latin1")));
    };
    const timer = setTimeout(finish, timeoutMs);
    // Written, not ended: a client that half-closes its side gets its request aborted by Node.
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", finish);
    // A reset after the answer (the server stops reading a refused body) still leaves the answer to read.
    socket.on("error", () => undefined);
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: end === -1 ? "" : Buffer.from(text.slice(end + 4), "latin1").toString("utf8") };
}

/** `total` bytes of one repeated 64 kB piece, generated as they go out (never held), counted in `sent`. */
export function repeatedBytes(total: number, sent: { bytes: number }): Readable {
  const chunk = Buffer.alloc(64 * 1024, "a");
  return Readable.from(
    (function* () {
      for (let at = 0; at < total; at += chunk.length) {
        sent.bytes += chunk.length;
        yield chunk;
      }
    })(),
  );
}

export interface StreamedAnswer {
  status: number;
  body: string;
  /** How much of the body left the client before the server's answer ended the exchange. */
  sentBytes: number;
}

/** A POST whose body is streamed as the server reads it; answered once the server's answer ends. */
export function postStream(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Readable,
  sent: { bytes: number },
) {
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (part: string) => {
        text += part;
      });
      res.on("end", () => {
        body.destroy();
        resolve({ status: res.statusCode ?? 0, body: text, sentBytes: sent.bytes });
      });
    });
    // The server stops reading and closes: the rest of the upload fails, which is the point.
    req.on("error", (error) => (req.headersSent ? undefined : reject(error)));
    body.on("error", () => undefined);
    body.pipe(req);
  });
}
