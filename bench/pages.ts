// Load benchmark of the production server on 127.0.0.1: requests/s and latency per page, printed as a table.
// Not part of npm test. Usage: npm run build && node bench/pages.ts [seconds] [connections]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const port = 4390;
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const paths = ["/", "/news", "/projects", "/healthz"];

async function waitForServer(url: string, child: ChildProcess) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error("the server exited before it answered");
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not answer within 10 s");
}

const server = spawn(process.execPath, ["server/main.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")),
    CONTENT_RATE_LIMIT: "1000000",
  },
  stdio: "inherit",
});

try {
  await waitForServer(`http://127.0.0.1:${port}/healthz`, server);
  console.log(`${seconds} s per path, ${connections} connections, 127.0.0.1 (load generator shares the cores)\n`);
  console.log("path".padEnd(12), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(8));
  for (const p of paths) {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${p}`,
      connections,
      duration: seconds,
      headers: { "user-agent": browser, "accept-encoding": "br, gzip" },
    });
    console.log(
      p.padEnd(12),
      String(Math.round(result.requests.average)).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.errors + result.non2xx).padStart(8),
    );
  }
} finally {
  server.kill("SIGTERM");
}
