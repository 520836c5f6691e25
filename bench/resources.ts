// CPU per request and peak memory (RSS) of the production server under sustained load on 127.0.0.1: pages,
// uncached and cached resized images, the content proxy, enquiry POSTs, then all of them at once. The server's
// CPU time and RSS are read from /proc (Linux), so the load generator's own work is not counted.
// Not part of npm test. Usage: npm run build && node bench/resources.ts [seconds] [connections]
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { parse } from "yaml";
import { imageWidths } from "../src/shared/content/images.ts";
import { imageMemorySettings } from "../tests/support/system.ts";
import { startServer } from "./support/server.ts";

const seconds = Number(process.argv[2] ?? 15);
const connections = Number(process.argv[3] ?? 20);
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** The server's CPU seconds (user + system) so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** The server's resident memory now and at its highest since start, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Every resized copy the sample store can be asked for: each image at each ladder width below its own, 3 qualities. */
async function imageVariants(): Promise<string[]> {
  const dir = path.resolve("content/images");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(webp|png|jpe?g)$/.test(f));
  const urls: string[] = [];
  for (const file of files) {
    const { width = 0 } = await sharp(path.join(dir, file)).metadata();
    for (const w of imageWidths.filter((step) => step < width)) {
      for (const q of [50, 75, 90])
        urls.push(`/content/images/${file.split(path.sep).join("/")}?w=${w}&fm=webp&q=${q}`);
    }
  }
  // Shuffled the same way every run, so consecutive requests are for different images.
  return urls.sort((a, b) => hash(a) - hash(b));
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The V8 heap the server holds now, in MB, as its /metrics reports it. */
async function heapMb(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/^nodejs_heap_size_total_bytes (\S+)/m.exec(text)?.[1] ?? 0) / 2 ** 20;
}

type Requests = autocannon.Request[];
interface Scenario {
  name: string;
  /** One or more loads run at the same time, sharing the connections. */
  loads: Requests[];
  seconds?: number;
}

interface Container {
  resources: { requests: { memory: string }; limits: { memory: string } };
}
/** The pod's container as ops/kubernetes runs it (the figures its limit), with the image's memory settings. */
const container = (
  parse(readFileSync("ops/kubernetes/deployment.yaml", "utf8")) as {
    spec: { template: { spec: { containers: Container[] } } };
  }
).spec.template.spec.containers[0] as Container;
const podEnv = imageMemorySettings() as Record<string, string>;

const server = await startServer({ ...podEnv, CONTACT_RATE_LIMIT: "1000000" });
const pid = server.child.pid ?? 0;

try {
  const variants = await imageVariants();
  let nextVariant = 0;
  const uncachedImages: Requests = [
    { method: "GET", setupRequest: (req) => ({ ...req, path: variants[nextVariant++ % variants.length] }) },
  ];
  const cachedImages: Requests = variants.slice(0, 8).map((p) => ({ method: "GET", path: p }));
  // Made once before the load, so the cached scenario measures serving from memory.
  for (const request of cachedImages) await fetch(`${server.origin}${request.path}`);
  nextVariant = 8;

  const pages: Requests = [
    "/",
    "/about",
    "/services",
    "/service/web-design",
    "/news",
    "/post/core-web-vitals-plain-english",
    "/projects",
    "/project/adidas",
    // Rendered for each visitor (never stored), within half the render slots: a page view's real cost.
    "/contact",
  ].map((p) => ({ method: "GET", path: p, headers: { "user-agent": browser, "accept-encoding": "br, gzip" } }));
  const contentProxy: Requests = [
    { content_type: "blogPost", limit: 3, order: "-fields.blogPostDate" },
    { content_type: "blogPost", order: "-fields.blogPostDate" },
    { content_type: "singleProject", order: "fields.projectTitle" },
    { content_type: "singleProject", "fields.slug": "adidas" },
  ].map((query) => ({
    method: "POST",
    path: "/contentful/posts",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(query),
  }));
  // Whole enquiries with a wrong spam answer: parsed and checked in full, refused (403), never queued for mail.
  const enquiryPosts: Requests = [
    {
      method: "POST",
      path: "/emails/contact-form",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Load Test",
        email: "load@example.com",
        need: "Branding",
        brief: "A brief of some length. ".repeat(40),
        message: "More words. ".repeat(80),
        challenge: "not-a-real-challenge",
        answer: "7",
      }),
    },
  ];

  const scenarios: Scenario[] = [
    { name: "pages", loads: [pages] },
    { name: "content proxy", loads: [contentProxy] },
    { name: "enquiry POSTs", loads: [enquiryPosts] },
    { name: "images, cached", loads: [cachedImages] },
    { name: "images, uncached", loads: [uncachedImages] },
    { name: "all at once", loads: [pages, uncachedImages, contentProxy, enquiryPosts], seconds: seconds * 2 },
  ];

  const idle = memory(pid);
  console.log(
    `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GB; ${new Date().toISOString()}`,
  );
  console.log(
    `${connections} connections per load, ${seconds} s per scenario, 127.0.0.1; idle RSS ${idle.rss.toFixed(0)} MB`,
  );
  console.log(
    `as the pod runs it: ${Object.entries(podEnv)
      .map(([name, value]) => `${name}=${value}`)
      .join(
        " ",
      )}; pod memory request ${container.resources.requests.memory}, limit ${container.resources.limits.memory}`,
  );
  console.log(`${variants.length} distinct image variants in the store\n`);
  // p99 is of the first load (the pages, when everything runs at once): what a visitor waits for.
  const header = [
    "scenario",
    "requests",
    "2xx",
    "other",
    "req/s",
    "p99 ms",
    "CPU ms/req",
    "CPU ms/2xx",
    "peak RSS MB",
    "heap MB",
  ];
  console.log(header.map((h, i) => (i === 0 ? h.padEnd(18) : h.padStart(12))).join(""));

  for (const scenario of scenarios) {
    const duration = scenario.seconds ?? seconds;
    let peak = memory(pid).rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(pid).rss);
    }, 100);
    const cpuBefore = cpuSeconds(pid);
    const results = await Promise.all(
      scenario.loads.map((requests) =>
        autocannon({
          url: server.origin,
          connections: Math.max(1, Math.round(connections / scenario.loads.length)),
          duration,
          requests,
        }),
      ),
    );
    clearInterval(sampler);
    const cpu = cpuSeconds(pid) - cpuBefore;
    const total = results.reduce((sum, r) => sum + r.requests.total, 0);
    const ok = results.reduce((sum, r) => sum + r["2xx"], 0);
    const cells = [
      scenario.name.padEnd(18),
      String(total),
      String(ok),
      String(total - ok),
      String(Math.round(total / duration)),
      String(results[0]?.latency.p99 ?? "-"),
      ((cpu * 1000) / Math.max(1, total)).toFixed(2),
      ok === 0 ? "-" : ((cpu * 1000) / ok).toFixed(2),
      peak.toFixed(0),
      (await heapMb(server.origin)).toFixed(0),
    ];
    console.log(cells.map((c, i) => (i === 0 ? c : c.padStart(12))).join(""));
  }
  console.log(`\nhighest RSS of the run (VmHWM): ${memory(pid).peak.toFixed(0)} MB`);
} finally {
  await server.stop();
}
