// A real varnishd on 127.0.0.1 running the shipped ops/varnish/default.vcl in front of a bench's server, as
// tests/support/varnish.ts does for the tests (that one waits with vitest, which a plain node script cannot load).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { commandPath } from "../../tests/support/system.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Debian's varnishd (with varnish-modules for xkey), or undefined where it is not installed. */
export const varnishd =
  commandPath("varnishd") ?? (existsSync("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : undefined);

export interface BenchVarnish {
  url: string;
  child: ChildProcess;
  /** Varnish's own counters (varnishstat), e.g. MAIN.backend_req: what it fetched from the site. */
  counters(names: string[]): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

/** Starts varnishd on `port` with the shipped VCL, its backend rewritten to 127.0.0.1:`backendPort`. */
export async function startVarnish(backendPort: number, port: number): Promise<BenchVarnish> {
  if (!varnishd) throw new Error("varnishd is not installed");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-varnish-"));
  // varnishd drops root for its own users (its jail), which must read the VCL.
  chmodSync(dir, 0o755);
  const vcl = readFileSync(path.join(root, "ops/varnish/default.vcl"), "utf8").replace(
    '.host = "site"; .port = "3000";',
    `.host = "127.0.0.1"; .port = "${backendPort}";`,
  );
  if (!vcl.includes(`"${backendPort}"`)) throw new Error("ops/varnish/default.vcl has no backend to rewrite");
  const vclPath = path.join(dir, "default.vcl");
  writeFileSync(vclPath, vcl, { mode: 0o644 });
  const workDir = path.join(dir, "work");
  const child = spawn(varnishd, ["-F", "-n", workDir, "-a", `127.0.0.1:${port}`, "-f", vclPath, "-s", "malloc,64m"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      // varnishd stops its cache process first; a hung one is killed.
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`varnishd exited: ${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).status === 200) break;
      } catch {}
      if (i >= 150) throw new Error(`varnishd did not answer /healthz in 30 s: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const run = promisify(execFile);
  return {
    url,
    child,
    async counters(names) {
      const { stdout } = await run("varnishstat", ["-n", workDir, "-1", "-j", ...names.flatMap((n) => ["-f", n])]);
      const json = JSON.parse(stdout) as { counters?: Record<string, { value: number }> };
      // varnishstat 7 nests the counters; older ones put them at the top level.
      const counters = json.counters ?? (json as unknown as Record<string, { value: number }>);
      return Object.fromEntries(names.map((name) => [name, Number(counters[name]?.value ?? Number.NaN)]));
    },
    stop,
  };
}
