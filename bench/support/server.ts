// The production server as `npm start` runs it, on 127.0.0.1, for the benchmarks (npm run build first).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../tests/support/system.ts";

export interface BenchServer {
  child: ChildProcess;
  origin: string;
  stop(): Promise<void>;
}

/** Starts it on a free port (or `port`), with `env` over the production defaults, and waits until it answers. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<BenchServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")),
      CONTENT_RATE_LIMIT: "1000000",
      ...env,
    },
    stdio: "inherit",
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForServer(`${origin}/healthz`, child);
  return {
    child,
    origin,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitForServer(url: string, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error("the server exited before it answered");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not answer within 20 s");
}
