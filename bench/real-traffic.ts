// The page cache under the traffic the world sends (issues 24 and 34, decisions 0197 and 0199), against
// express.static over the home page's stored bytes, in one run on 127.0.0.1. First a cold burst: a fresh server,
// waited for on /healthz only (as `docker compose up` or a bare `npm start` takes traffic), 50 connections for 3 s
// on each of six pages in turn, with the renders each cost (from /metrics) and the log lines it wrote. Then, on a
// warm server: the stored home page, campaign links (a fresh utm_campaign or gclid on every request), parameters no
// page reads, scanners (a fresh unknown path each time), unknown slugs under known routes, and a publish every
// second while busy (the signed webhook); the stored home page without accept-encoding against a bare node:http
// server writing the same documents and headers; the process's peak RSS while 8 clients send fresh keys for 30 s;
// and the answer to a path of 8,000 segments. Prints tables (docs/performance.md keeps them).
// Not part of npm test. Usage: npm run build && node bench/real-traffic.ts [seconds per run = 5] [connections = 50]
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ports = { site: 4381, static: 4382, cold: 4383, bare: 4384 } as const;
const webhookSecret = "bench-webhook-secret";
// Set on every server the bench starts, so /metrics answers whatever METRICS_TOKEN the shell has.
const metricsToken = "bench-metrics-token";
const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 50);
const coldPages = ["/", "/about", "/services", "/news", "/projects", "/contact"];
const coldSeconds = 3;

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = (n: number) => Math.round(n).toLocaleString("en-GB");

/** The production server as `npm start` runs it, with the Kubernetes Deployment's memory settings. */
function startSite(port: number, dataDir: string, stdout: "ignore" | "pipe") {
  return spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      CONTENTFUL_WEBHOOK_SECRET: webhookSecret,
      METRICS_TOKEN: metricsToken,
      // docs/performance.md, "Resource use".
      NODE_OPTIONS: "--max-old-space-size=256 --max-semi-space-size=16",
      MALLOC_ARENA_MAX: "2",
    },
    stdio: ["ignore", stdout, "inherit"],
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The server's /metrics: each series ("name{labels}") with its value, and the names it declares (# TYPE). */
async function readMetrics(port: number) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  }).then((res) => res.text());
  const series = new Map<string, number>();
  const declared = new Set<string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+)/.exec(line);
    if (type?.[1]) declared.add(type[1]);
    const sample = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (sample?.[1] && sample[2]) series.set(sample[1], Number(sample[2]));
  }
  return { series, declared };
}
type Metrics = Awaited<ReturnType<typeof readMetrics>>;

/** The sum of a metric's series whose labels contain `labels` (`result="MISS"`), or undefined if it is not there. */
function sumOf({ series, declared }: Metrics, name: string, labels = ""): number | undefined {
  if (!declared.has(name)) return undefined;
  let sum = 0;
  for (const [key, value] of series) {
    if ((key === name || key.startsWith(`${name}{`)) && key.includes(labels)) sum += value;
  }
  return sum;
}

/**
 * Renders by this server so far: a visitor's own renders are page_renders_total{for="visitor"} where the server
 * counts them (decision 0206: a request answered from the fetch it waited for is a MISS too, but no render), else
 * the answers marked X-Cache: MISS (page_cache_requests_total{result="MISS"}); the cache's renders are
 * page_cache_renders_total by reason (fill: a first copy or a refresh; variant: one more of a page whose renders
 * differ, made in the background once the process is idle). None of them is labelled by page, so the cold burst
 * asks for one page at a time and waits for the renders to stop before reading them.
 */
function rendersOf(metrics: Metrics) {
  return {
    miss:
      sumOf(metrics, "page_renders_total", 'for="visitor"') ??
      sumOf(metrics, "page_cache_requests_total", 'result="MISS"'),
    fill: sumOf(metrics, "page_cache_renders_total", 'reason="fill"'),
    variant: sumOf(metrics, "page_cache_renders_total", 'reason="variant"'),
    busy: sumOf(metrics, "page_renders"),
  };
}

/** Waits until no render is running or queued and the render counts have held for 1 s (5 s at most). */
async function settle(port: number) {
  let metrics = await readMetrics(port);
  const total = (m: Metrics) => {
    const { miss, fill, variant } = rendersOf(m);
    return (miss ?? 0) + (fill ?? 0) + (variant ?? 0);
  };
  let stableSince = performance.now();
  for (const started = performance.now(); performance.now() - started < 5_000; ) {
    await sleep(200);
    const next = await readMetrics(port);
    if (total(next) !== total(metrics) || (rendersOf(next).busy ?? 0) > 0) stableSince = performance.now();
    metrics = next;
    if (performance.now() - stableSince >= 1_000) break;
  }
  return metrics;
}

/** Counts a server's log lines (pino JSON on stdout) by level and message, and those carrying a stack. */
function tallyLog(child: ChildProcess) {
  const levels: Record<string, string> = { "10": "trace", "20": "debug", "30": "info", "40": "warn", "50": "error" };
  const counts = new Map<string, number>();
  let stacks = 0;
  let lines = 0;
  const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const closed = once(reader, "close");
  reader.on("line", (line) => {
    lines++;
    const level = levels[/"level":(\d+)/.exec(line)?.[1] ?? ""] ?? "other";
    // An error's own message says which failure it was ("failed with status code 503").
    const error = /"err":\{.*?"message":"([^"]*)"/.exec(line)?.[1];
    const key = `${level} "${/"msg":"([^"]*)"/.exec(line)?.[1] ?? ""}"${error ? ` (${error})` : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (line.includes('"stack":')) stacks++;
  });
  /** Once the server has exited and its last lines are read: the counts, most frequent first. */
  return async () => {
    await closed;
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
    return `${format(lines)} lines, ${format(stacks)} with a stack; ${top.map(([key, n]) => `${key} × ${format(n)}`).join(", ")}`;
  };
}

/** How much a metric grew, or undefined when the server has no such metric (printed n/a). */
const growth = (after: number | undefined, before: number | undefined) =>
  after === undefined || before === undefined ? undefined : after - before;
const cell = (n: number | undefined) => (n === undefined ? "n/a" : format(n));

/** The cold burst: a fresh server, each page in turn, with the renders it cost and what the server logged. */
async function coldBurst(scratch: string) {
  const cold = startSite(ports.cold, path.join(scratch, "data-cold"), "pipe");
  const log = tallyLog(cold);
  try {
    await waitFor(`http://127.0.0.1:${ports.cold}/healthz`, cold);
    console.log(
      `\nCold burst: a fresh server, waited for on /healthz only, then ${connections} connections × ${coldSeconds} s on each page in turn; requests/s, p50 and p99 count every answer, 503s too`,
    );
    console.log(
      "\n| cold burst, page | requests/s | p50 ms | p99 ms | 2xx | 503 | other non-2xx, errors | visitors' renders | cache renders (fill + variant) |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let before = rendersOf(await readMetrics(ports.cold));
    for (const page of coldPages) {
      const result = await autocannon({
        url: `http://127.0.0.1:${ports.cold}${page}`,
        connections,
        duration: coldSeconds,
        headers: { "user-agent": browser, "accept-encoding": "br, gzip" },
      });
      const after = rendersOf(await settle(ports.cold));
      const refused = result.statusCodeStats?.["503"]?.count ?? 0;
      const fills = growth(after.fill, before.fill);
      const variants = growth(after.variant, before.variant);
      const cache =
        fills === undefined || variants === undefined
          ? "n/a"
          : `${format(fills + variants)} (${format(fills)} + ${format(variants)})`;
      const cells = [
        page,
        format(result.requests.total / result.duration),
        result.latency.p50,
        result.latency.p99,
        format(result["2xx"]),
        format(refused),
        format(result.non2xx - refused + result.errors + result.timeouts),
        cell(growth(after.miss, before.miss)),
        cache,
      ];
      console.log(`| ${cells.join(" | ")} |`);
      before = after;
    }
  } finally {
    await stopChild(cold);
  }
  console.log(`\nThe fresh server's log (stdout) meanwhile: ${await log()}`);
}

/** The raw bytes and headers of one answer (no decoding), as the load generator receives them. */
function fetchRaw(port: number, pathname: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/**
 * The stored home page without accept-encoding: every stored render of it (the home page keeps several, one per
 * client-strip order) and the headers of a hit, less those node:http writes itself, for the bare server.
 */
async function storeHomeIdentity(dir: string) {
  // The publish row has just purged it: wait for the copy and its variants to be stored again.
  for (let i = 0; (await fetchRaw(ports.site, "/", {})).headers["x-cache"] !== "HIT" && i < 200; i++) await sleep(50);
  await settle(ports.site);
  const bodies = new Map<string, Buffer>();
  let headers: http.IncomingHttpHeaders = {};
  for (let i = 0; i < 64; i++) {
    const answer = await fetchRaw(ports.site, "/", { "user-agent": browser });
    if (answer.headers["x-cache"] !== "HIT") throw new Error(`/ answered ${answer.headers["x-cache"]}, not HIT`);
    bodies.set(answer.body.toString("base64"), answer.body);
    headers = answer.headers;
  }
  for (const name of ["date", "connection", "keep-alive", "content-length", "transfer-encoding"]) delete headers[name];
  writeFileSync(path.join(dir, "headers.json"), JSON.stringify(headers));
  [...bodies.values()].forEach((body, i) => {
    writeFileSync(path.join(dir, `home-${i}.html`), body);
  });
  return { renders: bodies.size, headers: Object.keys(headers).length };
}

/** Child mode: a bare node:http server answering every request with the next stored document and its headers. */
function serveReplay() {
  const [, , , dir = "", port = "0"] = process.argv;
  const headers = JSON.parse(readFileSync(path.join(dir, "headers.json"), "utf8")) as http.OutgoingHttpHeaders;
  const bodies = readdirSync(dir)
    .filter((file) => file.endsWith(".html"))
    .map((file) => readFileSync(path.join(dir, file)));
  let next = 0;
  http
    .createServer((_req, res) => {
      const body = bodies[next++ % bodies.length] as Buffer;
      res.writeHead(200, { ...headers, "content-length": body.length });
      res.end(body);
    })
    .listen(Number(port), "127.0.0.1");
}

interface Row {
  traffic: string;
  port: number;
  path: () => string;
  /** The answer this traffic should get: a page (2xx) or the 404 of a path or slug that is not there. */
  expect: "2xx" | "404";
  during?: () => () => void;
}

async function main() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-traffic-"));
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]?.toFixed(1)}; ${connections} connections, ${seconds} s per row, accept-encoding br, gzip unless said`,
    );
    await coldBurst(scratch);

    const site = startSite(ports.site, path.join(scratch, "data"), "ignore");
    children.push(site);
    await waitFor(`http://127.0.0.1:${ports.site}/healthz`, site);
    // The stored home page's bytes for the reference (br, as the load sends accept-encoding: br, gzip).
    let home = await fetch(`http://127.0.0.1:${ports.site}/`, { headers: { "accept-encoding": "br" } });
    for (let i = 0; home.headers.get("x-cache") !== "HIT" && i < 200; i++) {
      await sleep(50);
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
    const slugRoutes = ["post", "project", "service"];
    const rows: Row[] = [
      { traffic: "express.static, the home page's bytes", port: ports.static, path: () => "/home.html", expect: "2xx" },
      { traffic: "stored home page", port: ports.site, path: () => "/", expect: "2xx" },
      {
        traffic: "campaign links (fresh utm_campaign or gclid)",
        port: ports.site,
        path: () => `/?utm_campaign=${fresh()}&gclid=${fresh()}`,
        expect: "2xx",
      },
      {
        traffic: "parameters no page reads (/about?ref=&v=)",
        port: ports.site,
        path: () => `/about?ref=${fresh()}&v=${fresh()}`,
        expect: "2xx",
      },
      {
        traffic: "scanners (a fresh unknown path)",
        port: ports.site,
        path: () => `/wp-login-${fresh()}.php`,
        expect: "404",
      },
      {
        traffic: "unknown slugs (a fresh /post/, /project/, /service/ slug in turn)",
        port: ports.site,
        path: () => `/${slugRoutes[counter % slugRoutes.length]}/${fresh()}`,
        expect: "404",
      },
      {
        traffic: "a publish every second while busy (home)",
        port: ports.site,
        path: () => "/",
        expect: "2xx",
        during: publishEverySecond,
      },
    ];
    console.log(
      "\n| traffic | requests/s | × express.static | p50 ms | p99 ms | 5xx | errors and other unexpected answers |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
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
      // Renders still running or queued (an unknown slug's 404 on the old cache) would take the next row's slots.
      if (row.port === ports.site) await settle(ports.site);
      const rate = result.requests.total / result.duration;
      if (row.port === ports.static) referenceRate = rate;
      // Whatever is not the expected answer: a 5xx counts here as well as in its own column.
      const expected = row.expect === "404" ? (result.statusCodeStats?.["404"]?.count ?? 0) : result["2xx"];
      const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
      const unexpected = result.errors + result.timeouts + answered - expected;
      const cells = [
        row.traffic,
        format(rate),
        (rate / referenceRate).toFixed(2),
        result.latency.p50,
        result.latency.p99,
        format(result["5xx"]),
        format(unexpected),
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }

    // The stored home page without accept-encoding against a bare node:http server writing the same documents
    // and headers: what a hit costs the server beyond writing its bytes. Alternated, so drift is shared.
    const documents = mkdtempSync(path.join(scratch, "identity-"));
    const stored = await storeHomeIdentity(documents);
    const bare = spawn(process.execPath, [import.meta.filename, "--replay", documents, String(ports.bare)], {
      stdio: "inherit",
    });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${ports.bare}/`, bare);
    const blank = () => ({ requests: 0, seconds: 0, p50: [] as number[], p99: [] as number[], fives: 0, errors: 0 });
    const figures = { bare: blank(), site: blank() };
    for (const target of ["bare", "site", "site", "bare"] as const) {
      const result = await autocannon({
        url: `http://127.0.0.1:${ports[target]}/`,
        connections,
        duration: seconds,
        headers: { "user-agent": browser },
      });
      const f = figures[target];
      f.requests += result.requests.total;
      f.seconds += result.duration;
      f.p50.push(result.latency.p50);
      f.p99.push(result.latency.p99);
      f.fives += result["5xx"];
      f.errors += result.errors + result.timeouts + result.non2xx;
    }
    console.log(
      `\nThe stored home page, identity (no accept-encoding), against a bare node:http server writing the same ${stored.renders} documents in turn with the same ${stored.headers} headers; ${connections} connections, 2 × ${seconds} s each, alternated`,
    );
    console.log("\n| identity, home | requests/s | × node:http | p50 ms | p99 ms | 5xx | errors and non-2xx |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    const bareRate = figures.bare.requests / figures.bare.seconds;
    for (const [name, f] of [
      ["node:http, the same bytes and headers", figures.bare],
      ["stored home page", figures.site],
    ] as const) {
      const rate = f.requests / f.seconds;
      const p50 = f.p50.reduce((a, b) => a + b, 0) / f.p50.length;
      const cells = [
        name,
        format(rate),
        (rate / bareRate).toFixed(2),
        p50.toFixed(0),
        Math.max(...f.p99),
        f.fives,
        f.errors,
      ];
      console.log(`| ${cells.join(" | ")} |`);
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
        await sleep(200);
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
      `\nFresh keys (a new category, campaign link, post slug and unknown path in turn), 8 clients for 30 s: ${Math.round(flood.requests.total / flood.duration)} requests/s, ${flood["5xx"]} × 5xx; peak RSS ${before.toFixed(0)} → ${peakRssMb(site.pid).toFixed(0)} MB; /about for a visitor meanwhile: worst ${visitorWorst.toFixed(0)} ms`,
    );

    const started = performance.now();
    const deep = await fetch(`http://127.0.0.1:${ports.site}/${"a/".repeat(8_000)}`);
    console.log(`A path of 8,000 segments: ${deep.status} in ${(performance.now() - started).toFixed(1)} ms`);
    console.log(`Load at the end: ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    stop();
  }
}

// Child mode: the bare node:http server over the documents the parent wrote.
if (process.argv[2] === "--replay") serveReplay();
else await main();
