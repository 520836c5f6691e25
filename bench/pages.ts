// Load benchmark of the production server on 127.0.0.1: requests/s and latency per page, printed as a table.
// Not part of npm test. Usage: npm run build && node bench/pages.ts [seconds] [connections]
import autocannon from "autocannon";
import { startServer } from "./support/server.ts";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const paths = ["/", "/news", "/projects", "/healthz"];

const server = await startServer();

try {
  console.log(`${seconds} s per path, ${connections} connections, 127.0.0.1 (load generator shares the cores)\n`);
  console.log("path".padEnd(12), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(8));
  for (const p of paths) {
    const result = await autocannon({
      url: `${server.origin}${p}`,
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
  await server.stop();
}
