// The page cache under the traffic the world sends (issue 24, decision 0197), against express.static over the
// home page's stored bytes, in one run on 127.0.0.1: the stored home page, campaign links (a fresh utm_campaign or
// gclid on every request), parameters no page reads, scanners (a fresh unknown path each time), and a publish
// every second while busy (the signed webhook). Then the process's peak RSS while 8 clients send fresh keys for
// 30 s, and the answer to a path of 8,000 segments. Prints a table (docs/performance.md keeps it).
// Not part of npm test. Usage: npm run build && node bench/real-traffic.ts [seconds per run = 5] [connections = 50]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ports = { site: 4381, static: 4382 } as const;
const webhookSecret = "bench-webhook-secret";
const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

let counter = 0;
const fresh = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

interface Row {
  traffic: string;
  port: number;
  path: () => string;
  during?: () => () => void;
}

async function main() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-traffic-"));
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const site = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(ports.site),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        DATA_DIR: path.join(scratch, "data"),
        CONTENTFUL_WEBHOOK_SECRET: webhookSecret,
        // The Kubernetes Deployment's memory settings (docs/performance.md, "Resource use").
        NODE_OPTIONS: "--max-old-space-size=256 --max-semi-space-size=16",
        MALLOC_ARENA_MAX: "2",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(site);
    await waitFor(`http://127.0.0.1:${ports.site}/healthz`, site);
    // The stored home page's bytes for the reference (br, as the load sends accept-encoding: br, gzip).
    let home = await fetch(`http://127.0.0.1:${ports.site}/`, { headers: { "accept-encoding": "br" } });
    for (let i = 0; home.headers.get("x-cache") !== "HIT" && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      home = await fetch(`http://127.0.0.1:${ports.site}/`, { headers: { "accept-encoding": "br" } });
    }
    await fetch(`http://127.0.0.1:${ports.site}/about`);
    const files = mkdtempSync(path.join(scratch, "files-"));
    writeFileSync(path.join(files, "home.html"), Buffer.from(await home.arrayBuffer()));
    const reference = spawn(process.execPath, ["bench/ssr.ts", "--serve", "static", files, String(ports.static)], {
      stdio: "inherit",
    });
    children.push(reference);
    await waitFor(`http://127.0.0.1:${ports.static}/home.html`, reference);

    const publishEverySecond = () => {
      const timer = setInterval(() => {
        void fetch(`http://127.0.0.1:${ports.site}/contentful/webhook`, {
          method: "POST",
          headers: { "x-webhook-secret": webhookSecret, "content-type": "application/json" },
          body: "{}",
        }).catch(() => {});
      }, 1_000);
      return () => clearInterval(timer);
    };
    const rows: Row[] = [
      { traffic: "express.static, the home page's bytes", port: ports.static, path: () => "/home.html" },
      { traffic: "stored home page", port: ports.site, path: () => "/" },
      {
        traffic: "campaign links (fresh utm_campaign or gclid)",
        port: ports.site,
        path: () => `/?utm_campaign=${fresh()}&gclid=${fresh()}`,
      },
      {
        traffic: "parameters no page reads (/about?ref=&v=)",
        port: ports.site,
        path: () => `/about?ref=${fresh()}&v=${fresh()}`,
      },
      { traffic: "scanners (a fresh unknown path)", port: ports.site, path: () => `/wp-login-${fresh()}.php` },
      {
        traffic: "a publish every second while busy (home)",
        port: ports.site,
        path: () => "/",
        during: publishEverySecond,
      },
    ];
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]?.toFixed(1)}; ${connections} connections, ${seconds} s per row, accept-encoding br, gzip`,
    );
    console.log("\n| traffic | requests/s | × express.static | p50 ms | p99 ms | errors and non-2xx/404 |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    let referenceRate = 0;
    for (const row of rows) {
      const end = row.during?.();
      const result = await autocannon({
        url: `http://127.0.0.1:${row.port}`,
        connections,
        duration: seconds,
        headers: { "user-agent": browser, "accept-encoding": "br, gzip" },
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: row.path() }) }],
      });
      end?.();
      const rate = result.requests.total / result.duration;
      if (row.port === ports.static) referenceRate = rate;
      // A scanner's unknown path is answered 404, as it should be.
      const unexpected =
        result.errors + result.timeouts + (row.traffic.startsWith("scanners") ? result["2xx"] : result.non2xx);
      console.log(
        `| ${row.traffic} | ${Math.round(rate).toLocaleString("en-GB")} | ${(rate / referenceRate).toFixed(2)} | ${result.latency.p50} | ${result.latency.p99} | ${unexpected} |`,
      );
    }

    // Memory: 8 clients sending fresh keys for 30 s, while a visitor keeps asking for /about.
    const before = peakRssMb(site.pid);
    let visitorWorst = 0;
    let visiting = true;
    const visitor = (async () => {
      while (visiting) {
        const started = performance.now();
        await fetch(`http://127.0.0.1:${ports.site}/about`).then((res) => res.arrayBuffer());
        visitorWorst = Math.max(visitorWorst, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    let turn = 0;
    const flood = await autocannon({
      url: `http://127.0.0.1:${ports.site}`,
      connections: 8,
      duration: 30,
      headers: { "user-agent": browser, "accept-encoding": "br, gzip" },
      requests: [
        {
          method: "GET",
          setupRequest: (request) => {
            const paths = [`/news?category=${fresh()}`, `/?utm_source=${fresh()}`, `/post/${fresh()}`, `/${fresh()}`];
            return { ...request, path: paths[turn++ % paths.length] };
          },
        },
      ],
    });
    visiting = false;
    await visitor;
    console.log(
      `\nFresh keys (a new category, campaign link, post slug and unknown path in turn), 8 clients for 30 s: ${Math.round(flood.requests.total / flood.duration)} requests/s; peak RSS ${before.toFixed(0)} → ${peakRssMb(site.pid).toFixed(0)} MB; /about for a visitor meanwhile: worst ${visitorWorst.toFixed(0)} ms`,
    );

    const started = performance.now();
    const deep = await fetch(`http://127.0.0.1:${ports.site}/${"a/".repeat(8_000)}`);
    console.log(`A path of 8,000 segments: ${deep.status} in ${(performance.now() - started).toFixed(1)} ms`);
  } finally {
    stop();
  }
}

await main();
