import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { captureConsole, createLogger } from "./http/logging.ts";
import { createHttpServer } from "./http/server.ts";
import { createServices, type Services } from "./services.ts";

const warmUserAgent = "gritstone-warm";

/** Where this process reaches its own listener: a wildcard address is reached on loopback. */
function loopbackOf(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shutdownGraceMs = 9_000;
/** When background work still running (a mail delivery to a hung server) is given up, so the exit is still 0. */
const giveUpBackgroundWorkMs = 8_000;

async function main() {
  const dev = process.argv.includes("--dev");
  // Vite loads the app with the "development" export condition; Node must resolve react-router the same way, or
  // the two copies' RouterContextProvider classes differ and every page fails.
  if (dev && !process.execArgv.join(" ").includes("development")) {
    console.error("npm run dev: start with `node --conditions=development server/main.ts --dev`");
    process.exit(1);
  }
  const config = loadConfig(dev ? { NODE_ENV: "development", ...process.env } : process.env);
  const logger = createLogger(config.LOG_LEVEL);
  captureConsole(logger);
  const services = await createServices(config, logger);

  let app: ReturnType<typeof createApp>;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ root, server: { middlewareMode: true } }));
    app = createApp({
      config,
      logger,
      services,
      devMiddleware: vite.middlewares,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  } else {
    const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
    app = createApp({ config, logger, services, build, clientDir: path.join(root, "build/client") });
  }

  const server = createHttpServer(app);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    logger.info({ port, host: config.HOST, mode: config.NODE_ENV, content: config.CONTENT_SOURCE }, "listening");
    // Not ready until the sitemap's pages are stored: the first burst after a deploy meets no cold page.
    const base = `http://${loopbackOf(config.HOST)}:${port}`;
    services.ops.readiness.warmUntil(
      app.warmPageCache(async (pagePath) => {
        const res = await fetch(`${base}${pagePath}`, {
          headers: { "user-agent": warmUserAgent, accept: "text/html" },
        });
        await res.arrayBuffer();
        return res.headers.get("x-cache");
      }),
    );
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "server error");
    process.exit(1);
  });
  handleShutdown(server, logger, services);
}

// SIGTERM/SIGINT: readiness 503, the listener closes and requests in flight finish, then background work stops (a
// delivery still in flight is given up; its enquiry stays in the outbox). Requests outlasting the grace: exit 1.
function handleShutdown(server: Server, logger: ReturnType<typeof createLogger>, services: Services) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.ops.beginShutdown();
    const deadline = AbortSignal.timeout(giveUpBackgroundWorkMs);
    const timer = setTimeout(() => {
      logger.error("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, shutdownGraceMs);
    timer.unref();
    server.close(() => {
      services
        .stop(deadline)
        .catch((error: unknown) => logger.error({ err: error }, "stopping services failed"))
        .finally(() => {
          logger.info("stopped");
          process.exit(0);
        });
    });
    // Keep-alive connections left idle by a finished response would hold close() open until they time out.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    logger.info({ signal }, "shutting down: not ready, no new connections, finishing requests in flight");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
