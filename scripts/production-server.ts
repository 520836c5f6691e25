import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The production server on a free port of 127.0.0.1, with its own environment, once it says it is ready: for the
 * screenshots script and for browser tests that need settings the shared Playwright server does not have
 * (analytics on).
 * SITE_URL defaults to the server's own origin.
 */
export async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SITE_URL: origin,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-server-")),
      ...env,
    },
  });
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server on ${port} exited with ${server.exitCode}`);
    try {
      // Ready, as a load balancer waits for: its page cache holds the sitemap's pages, so what is
      // measured next is not competing with the warming.
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {}
    if (attempt > 600) throw new Error(`the server on ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}

/** A port nobody is listening on, so parallel test runs of other worktrees never collide with ours. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
