import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, vi } from "vitest";
import { commandPath, freePort } from "./system.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Debian's varnishd (which .ci/run installs with varnish-modules); tests that need it are skipped where it is missing. */
export const varnishd =
  commandPath("varnishd") ?? (commandPath("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : undefined);

/**
 * A real varnishd on 127.0.0.1 running the shipped ops/varnish/default.vcl, its backend rewritten to the server under
 * test (as the VCL's own tests do); resolves once it answers. `stop` kills it for real.
 */
export async function startVarnish(
  backendPort: number,
  listenPort?: number,
): Promise<{ url: string; port: number; child: ChildProcess; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "site-varnish-"));
  // varnishd drops root for its own users (its jail), which must read the VCL.
  chmodSync(dir, 0o755);
  const vcl = readFileSync(path.join(root, "ops/varnish/default.vcl"), "utf8").replace(
    '.host = "site"; .port = "3000";',
    `.host = "127.0.0.1"; .port = "${backendPort}";`,
  );
  if (!vcl.includes(`"${backendPort}"`)) throw new Error("ops/varnish/default.vcl has no backend to rewrite");
  const vclPath = path.join(dir, "default.vcl");
  writeFileSync(vclPath, vcl, { mode: 0o644 });
  const port = listenPort ?? (await freePort());
  const child = spawn(
    varnishd ?? "varnishd",
    ["-F", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-f", vclPath, "-s", "malloc,64m"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    },
    { timeout: 30_000, interval: 200 },
  );
  return {
    url,
    port,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
