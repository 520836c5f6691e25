import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** A port on 127.0.0.1 that nothing listens on right now. */
export async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

/** Where a program is on PATH (redis-server, promtool), or undefined when it is not installed. */
export function commandPath(name: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Node's and the C library's memory settings as the image sets them (the Dockerfile's ENV), wherever it runs. */
export function imageMemorySettings(): { NODE_OPTIONS?: string; MALLOC_ARENA_MAX?: string } {
  const dockerfile = readFileSync(path.resolve(import.meta.dirname, "../../Dockerfile"), "utf8");
  return {
    NODE_OPTIONS: /\bNODE_OPTIONS="([^"]*)"/.exec(dockerfile)?.[1],
    MALLOC_ARENA_MAX: /\bMALLOC_ARENA_MAX=(\S+)/.exec(dockerfile)?.[1],
  };
}
