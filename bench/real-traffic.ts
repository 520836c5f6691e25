// The page cache under the traffic the world sends, against
// express.static over the home page's stored bytes, in one run on 127.0.0.1. First a cold burst: a fresh server,
// waited for on /healthz only (as `docker compose up` or a bare `npm start` takes traffic), 50 connections for 3 s
// on each of six pages in turn, with the renders each cost (from /metrics) and the log lines it wrote. Then, on a
// warm server: the stored home page, campaign links (a fresh utm_campaign or gclid on every request), parameters no
// page reads, scanners (a fresh unknown path each time), unknown slugs under known routes, and a publish every
// second while busy (the signed webhook); the stored home page without accept-encoding against a bare node:http
// server writing the same documents and headers; the process's peak RSS while 8 clients send fresh keys for 30 s;
// and the answer to a path of 8,000 segments. Last, a publish under load through a real Varnish running the shipped
// VCL, with the site reading a Delivery API stand-in that serves the publish 3 s after its webhook (skipped where
// varnishd is not installed). Prints tables (docs/performance.md keeps them).
// Not part of npm test. Usage: npm run build && node bench/real-traffic.ts [seconds per run = 5] [connections = 50]
// or, for the last section alone: node bench/real-traffic.ts --only=varnish-publish
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import type { PublishRecord } from "../src/shared/status-report.ts";
import { startCdaServer } from "../tests/support/cda-server.ts";
import { startVarnish, varnishd } from "./support/varnish.ts";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ports = { site: 4381, static: 4382, cold: 4383, bare: 4384, frontSite: 4385, front: 4386 } as const;
const webhookSecret = "bench-webhook-secret";
// Set on every server the bench starts, so /metrics answers whatever METRICS_TOKEN the shell has.
const metricsToken = "bench-metrics-token";
// Flags (--only=varnish-publish) may stand anywhere; the numbers are the other arguments, in order.
const numbers = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const seconds = Number(numbers[0] ?? 5);
const connections = Number(numbers[1] ?? 50);
// Pages the cache stores: /contact is rendered for each visitor (its own spam question), so it has no cold start.
const coldPages = ["/", "/about", "/services", "/news", "/projects"];
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
function startSite(port: number, dataDir: string, stdout: "ignore" | "pipe", env: Record<string, string> = {}) {
  return spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      ...env,
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
 * counts them (a request answered from the fetch it waited for is a MISS too, but no render), else
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
      const refreshes = growth(after.fill, before.fill);
      const variants = growth(after.variant, before.variant);
      const cache =
        refreshes === undefined || variants === undefined
          ? "n/a"
          : `${format(refreshes + variants)} (${format(refreshes)} + ${format(variants)})`;
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

/**
 * The publish under load through Varnish: the article it publishes (the newest, so the home page shows its title
 * too), the Delivery API's lag after the webhook, and the run's timeline (ms from the load's start; the load goes
 * on until both pages have shown the new title for `holdMs`, or `giveUpMs` after the webhook).
 */
const frontPublish = {
  entry: "post-how-much-does-a-website-cost-uk",
  newTitle: "What a website costs in the UK: 2026 prices",
  lagMs: 3_000,
  baselineFromMs: 1_000,
  publishAtMs: 6_000,
  holdMs: 8_000,
  giveUpMs: 40_000,
  checkEveryMs: 50,
};

type CdaAsk = { type: "publish"; entry: string; field: string; value: unknown; lagMs: number } | { type: "requests" };
type CdaTell =
  | { type: "ready"; origin: string; space: string; token: string }
  | { type: "published"; revision: number }
  | { type: "served"; revision: number; at: number }
  | { type: "requests"; count: number };

/** Child mode: the Delivery API stand-in over a store folder, told what to publish over IPC. */
async function serveCda() {
  const cda = await startCdaServer(process.argv[3] ?? "");
  const tell = (message: CdaTell) => process.send?.(message);
  // Gone with the bench, however the bench ends.
  process.on("disconnect", () => process.exit(0));
  process.on("message", (ask: CdaAsk) => {
    if (ask.type === "requests") {
      tell({ type: "requests", count: cda.requests.length });
      return;
    }
    const revision = cda.publish(ask.entry, ask.field, ask.value, { lagMs: ask.lagMs });
    tell({ type: "published", revision });
    // When the API starts serving it, on the same clock as the site's figures.
    const poll = setInterval(() => {
      if ((cda.revisionOf(ask.entry) ?? 0) < revision) return;
      clearInterval(poll);
      tell({ type: "served", revision, at: Date.now() });
    }, 2);
  });
  tell({ type: "ready", origin: cda.origin, space: cda.space, token: cda.token });
}

/** The next message of a type from a child process started with IPC; rejects if the child exits first. */
function nextMessage<M extends { type: string }, T extends M["type"]>(child: ChildProcess, type: T) {
  return new Promise<Extract<M, { type: T }>>((resolve, reject) => {
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = () => reject(new Error(`the child process exited before sending "${type}"`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/**
 * The stand-in in a process of its own, so the load generator's busy event loop does not slow the API's answers
 * (the site polls it for the publish's revision).
 */
async function startCda(storeDir: string) {
  const child = spawn(process.execPath, [import.meta.filename, "--cda", storeDir], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T extends CdaTell["type"]>(type: T) => nextMessage<CdaTell, T>(child, type);
  const ready = await next("ready");
  return {
    child,
    ...ready,
    /** Publishes a field's new value, served `lagMs` later; `served` resolves with when (Date.now()). */
    async publish(entry: string, field: string, value: unknown, lagMs: number) {
      const published = next("published");
      const served = next("served").then(
        (message) => message.at,
        () => undefined,
      );
      child.send({ type: "publish", entry, field, value, lagMs } satisfies CdaAsk);
      return { revision: (await published).revision, served };
    },
    async requests() {
      const answer = next("requests");
      child.send({ type: "requests" } satisfies CdaAsk);
      return (await answer).count;
    },
  };
}

/** What an answer showed: the new title, the old one, both, or neither. */
type Look = "new" | "old" | "both" | "neither";

/** The title a publish changes, and other text that contains the old one without being it (kept out of the look). */
interface Titles {
  old: string;
  new: string;
  elsewhere: string[];
}

function lookAt(text: string, titles: Titles): Look {
  const own = titles.elsewhere.reduce((rest, other) => rest.replaceAll(other, ""), text);
  const showsNew = own.includes(titles.new);
  const showsOld = own.includes(titles.old);
  return showsNew ? (showsOld ? "both" : "new") : showsOld ? "old" : "neither";
}

interface FrontAnswer {
  source: "load" | "checker";
  page: string;
  encoding: string;
  status: number;
  /** Date.now() when the request was sent and when its answer was complete. */
  sentAt: number;
  at: number;
  look: Look;
  /** Varnish's X-Front-Cache (HIT, MISS, STALE, PASS) and Age. */
  cache: string;
  age: string;
}

type CheckAsk = { type: "start"; url: string; pages: string[]; everyMs: number; titles: Titles } | { type: "stop" };
type CheckTell = { type: "started" } | { type: "answers"; answers: FrontAnswer[] };

/**
 * Child mode: the checker, asking for each page through Varnish in br and in gzip every few ms until told to stop,
 * then sending every answer it judged. A process of its own keeps its pace while the load saturates the bench's.
 */
function serveChecker() {
  process.on("disconnect", () => process.exit(0));
  const tell = (message: CheckTell, then: () => void = () => {}) => process.send?.(message, undefined, {}, then);
  const answers: FrontAnswer[] = [];
  let checking = false;
  let loop: Promise<void> = Promise.resolve();
  const check = async (url: string, page: string, encoding: string, titles: Titles) => {
    const sentAt = Date.now();
    try {
      const res = await fetch(`${url}${page}`, { headers: { "accept-encoding": encoding, "user-agent": browser } });
      const text = await res.text();
      const [cache, age] = [res.headers.get("x-front-cache") ?? "", res.headers.get("age") ?? ""];
      answers.push({
        source: "checker",
        page,
        encoding,
        status: res.status,
        sentAt,
        at: Date.now(),
        look: lookAt(text, titles),
        cache,
        age,
      });
    } catch (error) {
      const cache = String((error as Error).message);
      answers.push({
        source: "checker",
        page,
        encoding,
        status: 0,
        sentAt,
        at: Date.now(),
        look: "neither",
        cache,
        age: "",
      });
    }
  };
  process.on("message", async (ask: CheckAsk) => {
    if (ask.type === "start") {
      checking = true;
      loop = (async () => {
        while (checking) {
          await Promise.all(
            ask.pages.flatMap((page) => ["br", "gzip"].map((encoding) => check(ask.url, page, encoding, ask.titles))),
          );
          await sleep(ask.everyMs);
        }
      })();
      tell({ type: "started" });
      return;
    }
    checking = false;
    await loop;
    tell({ type: "answers", answers }, () => process.exit(0));
  });
}

/**
 * A publish under load, through Varnish: the production server in Contentful mode over the Delivery API stand-in
 * (the site's own content/ folder), a real varnishd with the shipped VCL in front, and 50 connections asking for
 * the home page and the article through Varnish. The article's title changes with the API serving it 3 s after the
 * webhook, which is sent through Varnish as Contentful would. Every answer of the load is looked at (its body
 * decoded once per distinct copy), and a checker asks for both pages through Varnish every 50 ms in br and gzip.
 */
async function publishThroughVarnish(scratch: string) {
  if (!varnishd) {
    console.log("\nA publish under load, through Varnish: skipped, varnishd is not installed");
    return;
  }
  const store = path.resolve(import.meta.dirname, "../content");
  const entry = JSON.parse(
    readFileSync(path.join(store, "entries/blogPost", `${frontPublish.entry}.json`), "utf8"),
  ) as { fields: { blogTitle: string; slug: string } };
  const oldTitle = entry.fields.blogTitle;
  const { newTitle } = frontPublish;
  const article = `/post/${entry.fields.slug}`;
  // Each post's cover image is titled after it ("<title>: cover") and keeps that title: it is not the post's.
  const assets = JSON.parse(readFileSync(path.join(store, "assets.json"), "utf8")) as {
    fields: Record<string, unknown>;
  }[];
  const elsewhere = assets
    .flatMap((asset) => Object.values(asset.fields))
    .filter((value): value is string => typeof value === "string" && value.includes(oldTitle) && value !== oldTitle);
  const titles: Titles = { old: oldTitle, new: newTitle, elsewhere };
  const pages = ["/", article];

  // Killed on any exit, a failed run or Ctrl-C as well as the end.
  const started: ChildProcess[] = [];
  const killAll = () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.on("exit", killAll);
  let varnish: Awaited<ReturnType<typeof startVarnish>> | undefined;
  let site: ChildProcess | undefined;
  let log: (() => Promise<string>) | undefined;
  try {
    const cda = await startCda(store);
    started.push(cda.child);
    site = startSite(ports.frontSite, path.join(scratch, "data-front"), "pipe", {
      CONTENT_SOURCE: "contentful",
      CONTENTFUL_SPACE_ID: cda.space,
      CONTENTFUL_ACCESS_TOKEN: cda.token,
      CONTENTFUL_HOST: cda.origin,
      CONTENT_DIR: store,
      FRONT_CACHE_URLS: `http://127.0.0.1:${ports.front}`,
      TRUST_PROXY: "loopback",
    });
    started.push(site);
    log = tallyLog(site);
    // The pages the publish purges, as the webhook logs them.
    let purgePaths: unknown;
    createInterface({ input: site.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      if (line.includes('"msg":"content webhook"')) purgePaths = (JSON.parse(line) as { paths?: unknown }).paths;
    });
    // As a load balancer would: once the instance has stored the sitemap's pages.
    await waitFor(`http://127.0.0.1:${ports.frontSite}/readyz`, site);
    varnish = await startVarnish(ports.frontSite, ports.front);
    started.push(varnish.child);
    const front = varnish;

    const ask = async (page: string, encoding: string) => {
      const res = await fetch(`${front.url}${page}`, {
        headers: { "accept-encoding": encoding, "user-agent": browser },
      });
      const text = await res.text();
      return { res, text };
    };
    // Every page in each encoding stored in Varnish first, and the old title on both.
    for (const page of pages) {
      for (const encoding of ["br", "gzip"]) {
        let answer = await ask(page, encoding);
        for (let i = 0; answer.res.headers.get("x-front-cache") !== "HIT" && i < 100; i++) {
          await sleep(50);
          answer = await ask(page, encoding);
        }
        if (lookAt(answer.text, titles) !== "old") throw new Error(`${page} does not show "${oldTitle}" alone`);
      }
    }

    const looks = new Map<string, Look>();
    /** What a body shows, decoded once per distinct copy (Varnish answers the same bytes to every hit). */
    const lookOf = (body: Buffer, encoding: string): Look => {
      const key = `${encoding} ${createHash("sha1").update(body).digest("base64")}`;
      let look = looks.get(key);
      if (!look) {
        let text = "";
        try {
          const raw = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
          text = raw.toString();
        } catch {}
        look = lookAt(text, titles);
        looks.set(key, look);
      }
      return look;
    };

    let webhookAt = Number.POSITIVE_INFINITY;
    // When the load first got the new title of each page: it goes on for holdMs after both.
    const loadSawNew = new Map<string, number>();
    const answers: FrontAnswer[] = [];
    const loadTally = { answers: 0, fives: 0, neither: 0 };
    // The page and headers of the answer autocannon just finished: its onResponse runs just before the client's
    // "response" event, in the same turn, so nothing else comes between them.
    let last = { page: "", status: 0, headers: {} as http.IncomingHttpHeaders };
    // autocannon keeps the names as the server wrote them.
    const header = (headers: http.IncomingHttpHeaders, name: string) => {
      const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
      return Array.isArray(value) ? value.join(",") : (value ?? "");
    };
    const request = (page: string) => ({
      method: "GET" as const,
      path: page,
      onResponse: (status: number, _body: string, _context: object, headers?: http.IncomingHttpHeaders) => {
        last = { page, status, headers: headers ?? {} };
      },
    });

    const loadStart = Date.now();
    // Stopped once the publish is seen (a busy machine stretches the timeline); the duration only bounds it.
    const load = autocannon({
      url: front.url,
      connections,
      duration: (frontPublish.publishAtMs + frontPublish.giveUpMs + frontPublish.holdMs) / 1000 + 10,
      headers: { "user-agent": browser, "accept-encoding": "br, gzip" },
      requests: pages.map(request),
      setupClient(client) {
        let chunks: Buffer[] = [];
        client.on("headers", () => {
          chunks = [];
        });
        // The parser's slice of the socket's read: copied, as it is kept past this turn.
        client.on("body", (chunk) => chunks.push(Buffer.from(chunk)));
        client.on("response", (status, _bytes, ms) => {
          const at = Date.now();
          const body = Buffer.concat(chunks);
          chunks = [];
          const encoding = header(last.headers, "content-encoding") || "identity";
          const look = status < 300 ? lookOf(body, encoding) : "neither";
          loadTally.answers++;
          if (status >= 500) loadTally.fives++;
          if (status < 300 && look === "neither") loadTally.neither++;
          if (look === "new" && !loadSawNew.has(last.page)) loadSawNew.set(last.page, at);
          // Before the webhook every answer is the old page; from it on, each is kept to be judged.
          if (status >= 500 || at >= webhookAt) {
            answers.push({
              source: "load",
              page: last.page,
              encoding,
              status,
              sentAt: at - ms,
              at,
              look,
              cache: header(last.headers, "x-front-cache"),
              age: header(last.headers, "age"),
            });
          }
        });
      },
    });

    const checker = spawn(process.execPath, [import.meta.filename, "--check"], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started.push(checker);
    const checking = nextMessage<CheckTell, "started">(checker, "started");
    checker.send({
      type: "start",
      url: front.url,
      pages,
      everyMs: frontPublish.checkEveryMs,
      titles,
    } satisfies CheckAsk);
    await checking;

    const snapshot = async () => ({
      metrics: await readMetrics(ports.frontSite),
      varnish: await front.counters(["MAIN.backend_req", "MAIN.cache_hit", "MAIN.cache_miss", "MAIN.s_pass"]),
      api: await cda.requests(),
    });
    await sleep(Math.max(0, loadStart + frontPublish.baselineFromMs - Date.now()));
    const baselineAt = Date.now();
    const baselineStart = await snapshot();
    await sleep(Math.max(0, loadStart + frontPublish.publishAtMs - Date.now()));
    const beforePublish = await snapshot();

    const { revision, served } = await cda.publish(frontPublish.entry, "blogTitle", newTitle, frontPublish.lagMs);
    webhookAt = Date.now();
    // On a busy machine the snapshots take a while: the window before the publish is what it was.
    const windowSeconds = (webhookAt - baselineAt) / 1000;
    // Contentful calls the site's public address: through the front cache, which passes it.
    const hook = await fetch(`${front.url}/contentful/webhook`, {
      method: "POST",
      headers: {
        "x-webhook-secret": webhookSecret,
        "x-contentful-topic": "ContentManagement.Entry.publish",
        "content-type": "application/vnd.contentful.management.v1+json",
      },
      body: JSON.stringify({
        sys: {
          type: "Entry",
          id: frontPublish.entry,
          revision,
          contentType: { sys: { type: "Link", linkType: "ContentType", id: "blogPost" } },
        },
        fields: { slug: { "en-US": entry.fields.slug }, blogTitle: { "en-US": newTitle } },
      }),
    });
    await hook.arrayBuffer();
    const hookMs = Date.now() - webhookAt;

    while (Date.now() < webhookAt + frontPublish.giveUpMs && !pages.every((page) => loadSawNew.has(page))) {
      await sleep(50);
    }
    await sleep(Math.max(0, Math.min(frontPublish.holdMs, webhookAt + frontPublish.giveUpMs - Date.now())));
    (load as unknown as { stop(): void }).stop();
    const result = await load;
    const loadStopped = Date.now();
    const checked = nextMessage<CheckTell, "answers">(checker, "answers");
    checker.send({ type: "stop" } satisfies CheckAsk);
    answers.push(...(await checked).answers);
    // The site's figure is complete once it has purged Varnish too; on a busy machine that may be after the load.
    let figure: PublishRecord | undefined;
    for (let i = 0; i < 300; i++) {
      const status = (await fetch(`http://127.0.0.1:${ports.frontSite}/status.json`).then((res) => res.json())) as {
        publishes: PublishRecord[];
      };
      figure = status.publishes[0];
      if (figure?.visibleAt || figure?.gaveUp) break;
      await sleep(100);
    }
    const afterMetrics = await settle(ports.frontSite);
    const after = {
      metrics: afterMetrics,
      varnish: await front.counters(["MAIN.backend_req", "MAIN.cache_hit", "MAIN.cache_miss", "MAIN.s_pass"]),
      api: await cda.requests(),
    };
    const servedAt = await Promise.race([served, sleep(1_000).then(() => undefined)]);

    // The judging: when each page first showed the new title (to anyone), and any old title asked for after that.
    const secondsAfterHook = (at: number | undefined) =>
      at === undefined || !Number.isFinite(at) ? "never" : ((at - webhookAt) / 1000).toFixed(2);
    const firstNew = (page: string, source?: FrontAnswer["source"], encoding?: string) =>
      answers
        .filter(
          (a) =>
            a.page === page &&
            a.look === "new" &&
            a.status < 300 &&
            a.at >= webhookAt &&
            (!source || a.source === source) &&
            (!encoding || a.encoding === encoding),
        )
        .reduce((min, a) => Math.min(min, a.at), Number.POSITIVE_INFINITY);
    const visibleAt = new Map(pages.map((page) => [page, firstNew(page)]));
    const stale = answers.filter(
      (a) => (a.look === "old" || a.look === "both") && a.sentAt > (visibleAt.get(a.page) ?? Number.POSITIVE_INFINITY),
    );
    // Sent before the first new answer arrived but answered after it: in flight across the change, not stale.
    const overlapping = answers.filter(
      (a) =>
        (a.look === "old" || a.look === "both") &&
        a.at > (visibleAt.get(a.page) ?? Number.POSITIVE_INFINITY) &&
        a.sentAt <= (visibleAt.get(a.page) ?? 0),
    );
    const fives = answers.filter((a) => a.status >= 500 || a.status === 0);

    console.log(
      `\nA publish under load, through Varnish: the production server in Contentful mode over the Delivery API stand-in (content/), varnishd ${varnishd} with ops/varnish/default.vcl in front; ${connections} connections through Varnish on / and ${article} in turn (accept-encoding br, gzip), ${((loadStopped - loadStart) / 1000).toFixed(1)} s, until both pages had shown the new title for ${frontPublish.holdMs / 1000} s; at ${((webhookAt - loadStart) / 1000).toFixed(1)} s the article's title "${oldTitle}" becomes "${newTitle}", served by the API ${frontPublish.lagMs / 1000} s after the webhook (POSTed through Varnish: ${hook.status} in ${hookMs} ms); a checker asks for both pages through Varnish every ${frontPublish.checkEveryMs} ms in br and in gzip`,
    );
    console.log(
      "\n| load through Varnish | requests/s | p50 ms | p99 ms | 2xx | 5xx | errors, timeouts, other non-2xx | 2xx showing neither title |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    console.log(
      `| / and the article, ${connections} connections | ${[
        format(result.requests.total / result.duration),
        result.latency.p50,
        result.latency.p99,
        format(result["2xx"]),
        format(result["5xx"]),
        format(result.errors + result.timeouts + result.non2xx - result["5xx"]),
        format(loadTally.neither),
      ].join(" | ")} |`,
    );

    console.log(
      "\n| page | new title first seen, s after the webhook: checker br | checker gzip | load (br) | old title last answered, s | old title asked for after the first new: checker | load | load's answers from the webhook on, by X-Front-Cache |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const page of pages) {
      const fromHook = answers.filter((a) => a.source === "load" && a.page === page && a.at >= webhookAt);
      const byCache = new Map<string, Map<Look, number>>();
      for (const a of fromHook) {
        const looked = byCache.get(a.cache || "none") ?? new Map<Look, number>();
        looked.set(a.look, (looked.get(a.look) ?? 0) + 1);
        byCache.set(a.cache || "none", looked);
      }
      const total = (looked: Map<Look, number>) => [...looked.values()].reduce((x, y) => x + y, 0);
      const lastOld = answers
        .filter((a) => a.page === page && a.at >= webhookAt && (a.look === "old" || a.look === "both"))
        .reduce((max, a) => Math.max(max, a.at), Number.NEGATIVE_INFINITY);
      const cells = [
        page,
        secondsAfterHook(firstNew(page, "checker", "br")),
        secondsAfterHook(firstNew(page, "checker", "gzip")),
        secondsAfterHook(firstNew(page, "load")),
        secondsAfterHook(lastOld),
        format(stale.filter((a) => a.page === page && a.source === "checker").length),
        format(stale.filter((a) => a.page === page && a.source === "load").length),
        [...byCache]
          .sort((a, b) => total(b[1]) - total(a[1]))
          .map(
            ([cache, looked]) =>
              `${cache} ${format(total(looked))} (${[...looked].map(([look, n]) => `${format(n)} ${look}`).join(", ")})`,
          )
          .join(", "),
      ];
      console.log(`| ${cells.join(" | ")} |`);
    }

    const isoAfterHook = (iso: string | null | undefined) =>
      iso ? ((Date.parse(iso) - webhookAt) / 1000).toFixed(2) : "n/a";
    const histogram = (m: Metrics, suffix: string) => m.series.get(`content_publish_visible_seconds_${suffix}`) ?? 0;
    const observed = histogram(after.metrics, "count") - histogram(beforePublish.metrics, "count");
    const observedSum = histogram(after.metrics, "sum") - histogram(beforePublish.metrics, "sum");
    console.log(
      `\n| the site's own figures (/status.json publishes[0], ${figure?.entry === frontPublish.entry && figure?.revision === revision ? "this publish" : "NOT this publish"}) | s after the webhook was sent |`,
    );
    console.log("| --- | ---: |");
    for (const [name, value] of [
      ["receivedAt", isoAfterHook(figure?.receivedAt)],
      ["the stand-in starts serving the revision (its own clock)", secondsAfterHook(servedAt)],
      [
        "servedAfterSeconds (from receivedAt)",
        figure?.servedAfterSeconds === null || figure?.servedAfterSeconds === undefined
          ? "n/a"
          : figure.servedAfterSeconds.toFixed(2),
      ],
      ["instancesPurgedAt", isoAfterHook(figure?.instancesPurgedAt)],
      ["frontPurgedAt", isoAfterHook(figure?.frontPurgedAt)],
      ["visibleAt", isoAfterHook(figure?.visibleAt)],
      [
        `content_publish_visible_seconds (${format(observed)} observation${observed === 1 ? "" : "s"}, sum)`,
        observedSum.toFixed(2),
      ],
    ]) {
      console.log(`| ${name} | ${value} |`);
    }
    if (figure && (figure.gaveUp || figure.frontFailed)) {
      console.log(`The site's figure says gaveUp ${figure.gaveUp}, frontFailed ${figure.frontFailed}`);
    }

    const renderRows: [string, (m: Metrics) => number | undefined][] = [
      ['page_cache_renders_total{reason="fill"}', (m) => sumOf(m, "page_cache_renders_total", 'reason="fill"')],
      ['page_cache_renders_total{reason="variant"}', (m) => sumOf(m, "page_cache_renders_total", 'reason="variant"')],
      ['page_renders_total{for="cache"}', (m) => sumOf(m, "page_renders_total", 'for="cache"')],
      ['page_renders_total{for="visitor"}', (m) => sumOf(m, "page_renders_total", 'for="visitor"')],
      ["page requests that reached the site (page_cache_requests_total)", (m) => sumOf(m, "page_cache_requests_total")],
    ];
    console.log(
      `\n| at the origin | ${windowSeconds.toFixed(1)} s under load before the publish | from the webhook until the renders stopped after the load |`,
    );
    console.log("| --- | ---: | ---: |");
    for (const [name, read] of renderRows) {
      console.log(
        `| ${name} | ${cell(growth(read(beforePublish.metrics), read(baselineStart.metrics)))} | ${cell(growth(read(after.metrics), read(beforePublish.metrics)))} |`,
      );
    }
    for (const name of ["MAIN.backend_req", "MAIN.cache_miss", "MAIN.s_pass"]) {
      console.log(
        `| Varnish's ${name} | ${cell(growth(beforePublish.varnish[name], baselineStart.varnish[name]))} | ${cell(growth(after.varnish[name], beforePublish.varnish[name]))} |`,
      );
    }
    console.log(
      `| requests to the Delivery API stand-in | ${format(beforePublish.api - baselineStart.api)} | ${format(after.api - beforePublish.api)} |`,
    );

    const describe = (a: FrontAnswer) =>
      `${a.source} ${a.page} ${a.encoding} ${a.status || "no answer"} sent ${secondsAfterHook(a.sentAt)} s, answered ${secondsAfterHook(a.at)} s, X-Front-Cache ${a.cache || "none"}, Age ${a.age || "none"}, ${a.look}`;
    console.log(
      `\nOld title asked for after the page first showed the new one: ${stale.length}${stale.length > 0 ? `; the first: ${stale.slice(0, 8).map(describe).join("; ")}` : ""}`,
    );
    console.log(
      `Old title answered after the new one was first seen, to requests sent before that (in flight across the change): ${overlapping.length}`,
    );
    console.log(
      `5xx or no answer (load and checker): ${fives.length}${fives.length > 0 ? `; the first: ${fives.slice(0, 8).map(describe).join("; ")}` : ""}`,
    );
    console.log(
      `The pages the publish purged (the webhook's log line): ${Array.isArray(purgePaths) ? `${purgePaths.length}: ${purgePaths.join(", ")}` : String(purgePaths)}`,
    );
    console.log(
      `Answers judged: ${format(loadTally.answers)} from the load, ${format(answers.filter((a) => a.source === "checker").length)} from the checker; ${looks.size} distinct copies decoded`,
    );
  } finally {
    await varnish?.stop();
    if (site) await stopChild(site);
    if (log) console.log(`The site's log (stdout) meanwhile: ${await log()}`);
    for (const child of started) await stopChild(child);
    process.off("exit", killAll);
  }
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
    await publishThroughVarnish(scratch);
    console.log(`Load at the end: ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    stop();
  }
}

/** Only the publish through Varnish, with a scratch folder of its own. */
async function publishThroughVarnishAlone() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-traffic-"));
  process.on("SIGINT", () => process.exit(130));
  try {
    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")} at the start`,
    );
    await publishThroughVarnish(scratch);
    console.log(
      `Load at the end: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Child modes: the bare node:http server over the documents the parent wrote; the Delivery API stand-in; the checker.
if (process.argv[2] === "--replay") serveReplay();
else if (process.argv[2] === "--cda") await serveCda();
else if (process.argv[2] === "--check") serveChecker();
else if (only === "varnish-publish") await publishThroughVarnishAlone();
else if (only) throw new Error(`--only=${only}: the one section that runs alone is varnish-publish`);
else await main();
