// Page serving: the home page, a post and a project through the production server, warm (the page cache holds
// them) and cold (page cache off: every request renders), against the very same bytes from express.static and
// from a bare node:http server; identity and br; all targets in one run, alternated round by round, on 127.0.0.1.
// Prints requests/s, p50 and p99 per target and the ratios (docs/performance.md keeps the table).
// Not part of npm test. Usage: npm run build && node bench/ssr.ts [seconds per run = 3] [rounds = 2] [connections = 50]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import express from "express";

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
type Encoding = "identity" | "br";
const encodings: Encoding[] = ["identity", "br"];
const ports = { warm: 4391, cold: 4392, static: 4393, bare: 4394 } as const;
type Target = keyof typeof ports;

function firstSlug(type: string): string {
  const dir = path.join("content/entries", type);
  const file = readdirSync(dir).sort()[0] ?? "";
  return (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { fields: { slug: string } }).fields.slug;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited before it answered`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 20 s`);
}

/** The raw bytes and headers of one answer (no decoding), as the load generator receives them. */
function fetchRaw(port: number, pathname: string, encoding: Encoding) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: pathname, headers: { "user-agent": browser, ...acceptHeader(encoding) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      )
      .on("error", reject);
  });
}

const acceptHeader = (encoding: Encoding): Record<string, string> =>
  encoding === "br" ? { "accept-encoding": "br" } : {};

interface Figures {
  requests: number;
  seconds: number;
  p50: number[];
  p99: number[];
  errors: number;
  /** CPU time the serving process used (user + system), in ms: less sensitive to a busy machine than req/s. */
  cpuMs: number;
  /** CPU time the load generator (autocannon, this process) used, in ms. */
  clientCpuMs: number;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function main() {
  const seconds = Number(process.argv[2] ?? 3);
  const rounds = Number(process.argv[3] ?? 2);
  const connections = Number(process.argv[4] ?? 50);
  const pages = {
    home: "/",
    post: `/post/${firstSlug("blogPost")}`,
    project: `/project/${firstSlug("singleProject")}`,
  };
  const children: ChildProcess[] = [];
  // Everything the run writes (the servers' data folders, the reference files) lives here and goes at the end.
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-ssr-"));
  const site = (port: number, env: Record<string, string>) =>
    spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        // The production default: one log line per request (written to /dev/null here).
        LOG_LEVEL: "info",
        DATA_DIR: path.join(scratch, `data-${port}`),
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    rmSync(scratch, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    const pids: Partial<Record<Target, number>> = {};
    children.push(site(ports.warm, {}), site(ports.cold, { PAGE_CACHE_MB: "0" }));
    pids.warm = children[0]?.pid;
    pids.cold = children[1]?.pid;
    await Promise.all([
      waitFor(`http://127.0.0.1:${ports.warm}/healthz`, children[0] as ChildProcess),
      waitFor(`http://127.0.0.1:${ports.cold}/healthz`, children[1] as ChildProcess),
    ]);

    // Fill the page cache, then keep the bytes it serves for the reference servers: every stored render of a
    // page (the home page keeps several, one per client-strip order), so the references answer the same set of
    // documents in turn. One repeated body would flatter them: the load generator decodes each body as UTF-8,
    // and the same 20 kB of brotli over and over costs it about half the CPU of several distinct ones
    // (docs/performance.md).
    const files = mkdtempSync(path.join(scratch, "files-"));
    const renders: Record<string, string[]> = {};
    for (const [name, pathname] of Object.entries(pages)) {
      for (const encoding of encodings) {
        let answer = await fetchRaw(ports.warm, pathname, encoding);
        for (let i = 0; answer.headers["x-cache"] !== "HIT" && i < 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await fetchRaw(ports.warm, pathname, encoding);
        }
        if (answer.headers["x-cache"] !== "HIT") throw new Error(`${pathname} was never stored`);
        // Let the cache finish storing the page's renders, then collect the distinct ones it serves.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const bodies = new Map<string, Buffer>();
        for (let i = 0; i < 64; i++) {
          const { body } = await fetchRaw(ports.warm, pathname, encoding);
          bodies.set(body.toString("base64"), body);
        }
        const list: string[] = [];
        for (const body of bodies.values()) {
          const file = `${name}-${list.length}.html${encoding === "br" ? ".br" : ""}`;
          writeFileSync(path.join(files, file), body);
          list.push(`/${file}`);
        }
        renders[`${name} ${encoding}`] = list;
      }
    }
    for (const kind of ["static", "bare"] as const) {
      const child = spawn(process.execPath, [import.meta.filename, "--serve", kind, files, String(ports[kind])], {
        stdio: "inherit",
      });
      children.push(child);
      pids[kind] = child.pid;
      await waitFor(`http://127.0.0.1:${ports[kind]}${renders["home identity"]?.[0]}`, child);
    }

    const targets: Target[] = ["warm", "cold", "static", "bare"];
    // The references cycle through the page's stored renders, one per request; the site answers its one URL.
    const pathsOf = (target: Target, page: keyof typeof pages, encoding: Encoding) =>
      target === "static" || target === "bare" ? (renders[`${page} ${encoding}`] ?? []) : [pages[page]];
    const results = new Map<string, Figures>();
    const id = (target: Target, page: string, encoding: Encoding) => `${page} ${encoding} ${target}`;

    console.log(
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]?.toFixed(1)}; ` +
        `${connections} connections, ${seconds} s per run, ${rounds} rounds, 127.0.0.1 (shared with the load generator)`,
    );
    console.log(
      `Stored renders the references answer in turn: ${Object.entries(renders)
        .map(([key, list]) => `${key} ${list.length}`)
        .join(", ")}`,
    );
    for (let round = 0; round < rounds; round++) {
      // Alternate: each round runs every target once, in a rotated order, so drift in the machine's load is shared.
      const order = targets.map((_, i) => targets[(i + round) % targets.length] as Target);
      for (const page of Object.keys(pages) as (keyof typeof pages)[]) {
        for (const encoding of encodings) {
          for (const target of order) {
            const cpuBefore = cpuMsOf(pids[target]);
            const clientBefore = process.cpuUsage();
            const result = await autocannon({
              url: `http://127.0.0.1:${ports[target]}`,
              requests: pathsOf(target, page, encoding).map((pathname) => ({ method: "GET", path: pathname })),
              connections,
              duration: seconds,
              headers: { "user-agent": browser, ...acceptHeader(encoding) },
            });
            const figures = results.get(id(target, page, encoding)) ?? {
              requests: 0,
              seconds: 0,
              p50: [],
              p99: [],
              errors: 0,
              cpuMs: 0,
              clientCpuMs: 0,
            };
            figures.requests += result.requests.total;
            figures.seconds += result.duration;
            figures.p50.push(result.latency.p50);
            figures.p99.push(result.latency.p99);
            figures.errors += result.errors + result.non2xx;
            figures.cpuMs += cpuMsOf(pids[target]) - cpuBefore;
            const client = process.cpuUsage(clientBefore);
            figures.clientCpuMs += (client.user + client.system) / 1000;
            results.set(id(target, page, encoding), figures);
          }
        }
      }
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }

    const rate = (f: Figures | undefined) => (f ? f.requests / f.seconds : 0);
    const cpuPerRequest = (f: Figures | undefined) =>
      f && f.requests > 0 ? (f.cpuMs * 1000) / f.requests : Number.NaN;
    // Share of one core the load generator used: near 100 % it, not the server, sets the requests/s.
    const generatorShare = (f: Figures) => f.clientCpuMs / 1000 / f.seconds;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const names: Record<Target, string> = {
      warm: "server, warm",
      cold: "server, cold",
      static: "express.static",
      bare: "node:http",
    };
    console.log(
      "\n| page | encoding | target | requests/s | p50 ms | p99 ms | × express.static | × node:http | server CPU µs/request | load generator CPU | errors |",
    );
    console.log("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const page of Object.keys(pages)) {
      for (const encoding of encodings) {
        const reference = rate(results.get(id("static", page, encoding)));
        const bare = rate(results.get(id("bare", page, encoding)));
        for (const target of targets) {
          const f = results.get(id(target, page, encoding));
          if (!f) continue;
          const cells = [
            page,
            encoding,
            names[target],
            Math.round(rate(f)).toLocaleString("en-GB"),
            mean(f.p50).toFixed(0),
            Math.max(...f.p99).toFixed(0),
            (rate(f) / reference).toFixed(2),
            (rate(f) / bare).toFixed(2),
            Math.round(cpuPerRequest(f)).toLocaleString("en-GB"),
            `${Math.round(generatorShare(f) * 100)} %`,
            f.errors,
          ];
          console.log(`| ${cells.join(" | ")} |`);
        }
      }
    }
    console.log(
      "\np50: mean of the rounds; p99: the worst round. Server CPU: user + system time of the serving process. " +
        "Load generator CPU: autocannon's share of one core; at ~100 % the requests/s are the generator's limit, " +
        "and the server CPU per request is the fairer comparison.",
    );
    console.log("Target: home, warm, ≥ 0.6 × express.static requests/s and p99 < 50 ms, identity and br.");
    for (const encoding of encodings) {
      const warm = results.get(id("warm", "home", encoding));
      const reference = results.get(id("static", "home", encoding));
      const p99 = warm ? Math.max(...warm.p99) : Number.NaN;
      console.log(
        `home ${encoding}: ${(rate(warm) / rate(reference)).toFixed(2)} × express.static requests/s, p99 ${p99} ms, ` +
          `${(cpuPerRequest(warm) / cpuPerRequest(reference)).toFixed(2)} × its CPU per request`,
      );
    }
  } finally {
    stop();
  }
}

/** The reference servers: express.static or a bare node:http server over the files the parent wrote. */
function serveReference() {
  const [, , , kind, dir = "", port = "0"] = process.argv;
  const headersFor = (file: string) => ({
    "Content-Type": "text/html; charset=utf-8",
    ...(file.endsWith(".br") ? { "Content-Encoding": "br" } : {}),
  });
  if (kind === "static") {
    express()
      .use(
        express.static(dir, {
          setHeaders(res, file) {
            for (const [name, value] of Object.entries(headersFor(file))) res.setHeader(name, value);
          },
        }),
      )
      .listen(Number(port), "127.0.0.1");
  } else {
    const files = new Map(readdirSync(dir).map((file) => [`/${file}`, readFileSync(path.join(dir, file))]));
    http
      .createServer((req, res) => {
        const body = files.get(req.url ?? "");
        if (!body) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { ...headersFor(req.url ?? ""), "Content-Length": body.length });
        res.end(body);
      })
      .listen(Number(port), "127.0.0.1");
  }
}

// Child mode: the two reference servers, over files written by the parent.
if (process.argv[2] === "--serve") serveReference();
else await main();
