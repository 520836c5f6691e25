import { type ChildProcess, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { createLogger } from "../../server/http/logging.ts";
import { openRedis, redisReady } from "../../server/redis.ts";
import { redisServer, startRedisWith } from "../support/redis.ts";
import { contentCopy, sendEnquiry, startSite } from "../support/site-process.ts";
import { freePort } from "../support/system.ts";

/**
 * The Redis we ship, started as docker-compose.yml and ops/kubernetes start it (their own arguments, with the paths
 * they mount moved to temporary folders), with the secrets ops/generate-secrets.sh makes for an install: no client gets
 * in without the password, and the site gets in with it.
 */

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const processes: ChildProcess[] = [];

interface ComposeService {
  command: string[];
  volumes: string[];
  environment: Record<string, string>;
}

function composeService(name: string): ComposeService {
  const compose = parse(read("docker-compose.yml"), { merge: true }) as { services: Record<string, ComposeService> };
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
}

/** Each path the container sees, as it is here: a bind mount's source, or the folder standing in for a volume. */
function hostPaths(volumes: string[], named: Record<string, string>): [string, string][] {
  return volumes.map((volume) => {
    const [source = "", target = ""] = volume.split(":");
    return [target, source.startsWith(".") ? path.join(root, source) : (named[source] ?? source)];
  });
}

function moved(args: string[], paths: [string, string][]): string[] {
  return args.map((arg) => {
    const mount = paths.find(([target]) => arg === target || arg.startsWith(`${target}/`));
    return mount ? mount[1] + arg.slice(mount[0].length) : arg;
  });
}

/** An install's secrets, made by the script the compose file's `secrets` service runs. */
function generatedSecrets() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-secrets-"));
  execFileSync("sh", [path.join(root, "ops/generate-secrets.sh"), dir], { env: { PATH: process.env.PATH ?? "" } });
  const password = readFileSync(path.join(dir, "site/redis-password"), "utf8").trim();
  return { dir, password };
}

/** compose's `redis` command, its paths moved here; the port is the test's. */
function composeRedisArgs(secrets: string, port: number, include = true) {
  const redis = composeService("redis");
  const data = mkdtempSync(path.join(tmpdir(), "site-redis-"));
  const paths = hostPaths(redis.volumes, { "redis-auth": path.join(secrets, "redis"), "redis-data": data });
  let args = moved(redis.command.slice(1), paths);
  if (!include) args = args.filter((arg, i) => arg !== "--include" && args[i - 1] !== "--include");
  return [...args, "--port", String(port)];
}

/** The StatefulSet's arguments, its mounts moved here. */
function kubernetesRedisArgs(secrets: string, port: number) {
  const manifests = parseAllDocuments(read("ops/kubernetes/redis.yaml")).map((document) => document.toJS());
  const set = manifests.find((manifest) => manifest.kind === "StatefulSet") as {
    spec: { template: { spec: { containers: { args: string[]; volumeMounts: { mountPath: string }[] }[] } } };
  };
  const container = set.spec.template.spec.containers[0];
  const data = mkdtempSync(path.join(tmpdir(), "site-redis-"));
  const paths: [string, string][] = [
    ["/etc/redis-auth", path.join(secrets, "redis")],
    ["/data", data],
  ];
  expect(container?.volumeMounts.map((mount) => mount.mountPath).sort()).toEqual(paths.map(([at]) => at).sort());
  return [...moved(container?.args ?? [], paths), "--port", String(port)];
}

/** What Redis answers each command (sent inline, as redis-cli would), one reply line each. */
async function replies(port: number, commands: string[], host = "127.0.0.1"): Promise<string[]> {
  const socket = net.connect(port, host);
  socket.write(commands.map((command) => `${command}\r\n`).join(""));
  let text = "";
  for await (const chunk of socket) {
    text += String(chunk);
    if (text.split("\r\n").length > commands.length) break;
  }
  socket.destroy();
  return text.split("\r\n").slice(0, commands.length);
}

async function started(args: string[]) {
  const child = await startRedisWith(args);
  processes.push(child);
  return child;
}

describe.skipIf(!redisServer)("the Redis we ship, behind its password", { timeout: 60_000 }, () => {
  let secrets: { dir: string; password: string };
  beforeAll(() => {
    secrets = generatedSecrets();
  });
  afterEach(() => {
    for (const child of processes.splice(0)) child.kill("SIGKILL");
  });
  afterAll(() => {
    for (const child of processes) child.kill("SIGKILL");
  });

  it("answers NOAUTH without the password and PONG with it, as compose and Kubernetes start it", async () => {
    expect(secrets.password).toMatch(/^[0-9a-f]{64}$/);
    for (const args of [composeRedisArgs, kubernetesRedisArgs]) {
      const port = await freePort();
      const child = await started(args(secrets.dir, port));
      expect(await replies(port, ["PING", "XRANGE enquiries:stream - +"])).toEqual([
        "-NOAUTH Authentication required.",
        "-NOAUTH Authentication required.",
      ]);
      expect(await replies(port, ["AUTH wrong-password", "PING"])).toEqual([
        expect.stringMatching(/^-WRONGPASS/),
        "-NOAUTH Authentication required.",
      ]);
      expect(await replies(port, [`AUTH ${secrets.password}`, "PING"])).toEqual(["+OK", "+PONG"]);
      // Never on the command line, where anyone on the machine (ps) would read it.
      expect(readFileSync(`/proc/${child.pid}/cmdline`, "utf8")).not.toContain(secrets.password);
    }
  });

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

  it.skipIf(!outside)("refuses clients from other machines should it ever start without its password", async () => {
    const port = await freePort();
    await started(composeRedisArgs(secrets.dir, port, false));
    const [answer] = await replies(port, ["PING"], outside);
    expect(answer).toMatch(/^-DENIED Redis is running in protected mode/);
  });

  it("lets the site in with the password in REDIS_URL, or from the files compose gives the replicas", async () => {
    const port = await freePort();
    await started(composeRedisArgs(secrets.dir, port));
    const replica = composeService("site-scaled").environment;
    const site = mkdtempSync(path.join(tmpdir(), "site-data-"));
    const moveSecret = (file: string) => path.join(secrets.dir, "site", path.basename(file));
    const contentDir = contentCopy();
    const common = { CONTENT_DIR: contentDir, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` };
    const [withUrl, asReplica] = await Promise.all([
      startSite(
        {
          ...common,
          PORT: String(await freePort()),
          DATA_DIR: path.join(site, "a"),
          REDIS_URL: `redis://:${secrets.password}@127.0.0.1:${port}`,
          FORM_SECRET: readFileSync(moveSecret(replica.FORM_SECRET_FILE ?? ""), "utf8").trim(),
        },
        (child) => processes.push(child),
      ),
      startSite(
        {
          ...common,
          PORT: String(await freePort()),
          DATA_DIR: path.join(site, "b"),
          REDIS_URL: `redis://127.0.0.1:${port}`,
          REDIS_PASSWORD_FILE: moveSecret(replica.REDIS_PASSWORD_FILE ?? ""),
          FORM_SECRET_FILE: moveSecret(replica.FORM_SECRET_FILE ?? ""),
        },
        (child) => processes.push(child),
      ),
    ]);
    for (const [site, name] of [
      [withUrl, "Url Ursula"],
      [asReplica, "Replica Rhys"],
    ] as const) {
      const brief = `A logo for ${name}.`;
      const sent = await sendEnquiry(site.base, { name, email: "r@example.com", need: "Branding", brief });
      expect(sent).toMatchObject({ status: 200, answer: { status: "success" } });
      const ready = (await (await fetch(`${site.base}/readyz`)).json()) as {
        checks: { name: string; state: string }[];
      };
      expect(ready.checks.find((check) => check.name === "Redis answers")?.state).toBe("ok");
    }
    const redis = openRedis(`redis://:${secrets.password}@127.0.0.1:${port}`, createLogger("silent"));
    await redisReady(redis);
    const names = ((await redis.xRange("enquiries:stream", "-", "+")) ?? []).map(
      (entry) => (JSON.parse(String(entry.message.record)) as { enquiry: { name: string } }).enquiry.name,
    );
    await redis.close();
    expect(names.sort()).toEqual(["Replica Rhys", "Url Ursula"]);
  });
});
