import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { commandPath, freePort } from "./system.ts";

/** Debian's redis-server (which .ci/run installs); tests that need it are skipped where it is missing. */
export const redisServer = commandPath("redis-server");

/**
 * A real redis-server on 127.0.0.1 on a free port, persisting as the shipped one does (append-only file,
 * fsync on every write) into a temporary folder; with `persist: false`, keeping nothing, so a
 * restart comes back empty (a failover to a fresh replica, a pod on a new volume).
 */
export async function startRedis(
  port?: number,
  { persist = true }: { persist?: boolean } = {},
): Promise<{ child: ChildProcess; port: number; url: string }> {
  const chosen = port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), "site-redis-"));
  const child = await startRedisWith([
    "--port",
    String(chosen),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    ...(persist ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]),
  ]);
  return { child, port: chosen, url: `redis://127.0.0.1:${chosen}` };
}

/** redis-server with these arguments (a configuration file first, if any), once it accepts connections. */
export async function startRedisWith(args: string[]): Promise<ChildProcess> {
  const child = spawn(redisServer ?? "redis-server", args);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return child;
}
