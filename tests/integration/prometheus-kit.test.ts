import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { createLogger } from "../../server/http/logging.ts";
import { createServices } from "../../server/services.ts";
import { testConfig } from "../support/app.ts";
import { commandPath, imageMemorySettings } from "../support/system.ts";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const promtool = commandPath("promtool");

/** Every sample name the app exposes: the real services (embedded content, outbox) with one request timed. */
async function exposedNames() {
  const services = await createServices(testConfig(), createLogger("silent"));
  services.ops.httpMetrics.duration.observe({ method: "GET", route: "/", status_code: "200" }, 0.01);
  for (const histogram of Object.values(services.ops.vitals)) histogram.observe({ route: "/" }, 0.1);
  services.ops.cspViolations.inc({ directive: "script-src-elem", route: "/" });
  const text = await services.metrics.metrics();
  await services.stop();
  return new Set(
    text
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.split(/[{ ]/)[0]),
  );
}

/** The metric names a PromQL expression reads (ours, Node's and the process's; `up` comes from Prometheus). */
function namesIn(expression: string) {
  return [...expression.matchAll(/\b(?:http|site|content|enquiry|process|nodejs|web_vitals|csp)_[a-z0-9_]+\b/g)].map(
    (match) => match[0],
  );
}

describe("the Prometheus kit", () => {
  it.skipIf(!promtool)("passes promtool: config, rules, and the rules' own tests", () => {
    const run = (...args: string[]) => execFileSync(promtool ?? "promtool", args, { cwd: root, encoding: "utf8" });
    expect(run("check", "config", "ops/prometheus/prometheus.yml")).toContain("SUCCESS");
    expect(run("check", "rules", "ops/prometheus/alerts.yml")).toContain("SUCCESS");
    expect(run("test", "rules", "ops/prometheus/alerts.test.yml")).toContain("SUCCESS");
  });

  it("alerts and the dashboard read only metrics the site exposes", async () => {
    const exposed = await exposedNames();
    const alerts = parse(read("ops/prometheus/alerts.yml")) as { groups: { rules: { expr: string }[] }[] };
    const dashboard = JSON.parse(read("ops/grafana/dashboards/site.json")) as {
      panels: { targets?: { expr: string }[] }[];
      templating: { list: { definition?: string }[] };
    };
    const expressions = [
      ...alerts.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
      ...dashboard.templating.list.flatMap((variable) => (variable.definition ? [variable.definition] : [])),
    ];
    const queried = expressions.flatMap(namesIn);
    expect(queried.length).toBeGreaterThan(10);
    const missing = [...new Set(queried)].filter((name) => !exposed.has(name));
    expect(missing).toEqual([]);
  });

  it("scrapes the compose service the site runs as, on its port", () => {
    const config = parse(read("ops/prometheus/prometheus.yml")) as {
      scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    const compose = parse(read("docker-compose.yml")) as { services: Record<string, { ports?: string[] }> };
    const site = config.scrape_configs.find((job) => job.job_name === "site");
    expect(site?.metrics_path).toBe("/metrics");
    expect(site?.static_configs[0]?.targets).toEqual(["site:3000"]);
    // Prometheus reaches the container's own port on the compose network, whatever the host publishes it as.
    expect(compose.services.site?.ports?.map((mapping) => mapping.split(":").at(-1))).toContain("3000");
  });
});

describe("the Kubernetes manifests", () => {
  type Manifest = { kind: string; metadata: { name: string }; spec: Record<string, unknown> };
  const kustomization = parse(read("ops/kubernetes/kustomization.yaml")) as { resources: string[] };
  const manifests = kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`ops/kubernetes/${file}`)).map((document) => document.toJS() as Manifest),
  );
  const byKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const deployment = byKind("Deployment")[0] as unknown as {
    metadata: { name: string };
    spec: {
      selector: { matchLabels: Record<string, string> };
      template: {
        metadata: { labels: Record<string, string> };
        spec: {
          terminationGracePeriodSeconds: number;
          containers: {
            env: { name: string; value?: string; valueFrom?: { secretKeyRef: { key: string; optional?: boolean } } }[];
            ports: { name: string; containerPort: number }[];
            livenessProbe: { httpGet: { path: string; port: string } };
            readinessProbe: { httpGet: { path: string; port: string } };
            lifecycle: { preStop: { exec: { command: string[] } } };
            volumeMounts: { name: string; mountPath: string }[];
          }[];
          volumes: { name: string; emptyDir?: object; persistentVolumeClaim?: object }[];
        };
      };
    };
  };
  const pod = deployment.spec.template;
  const container = pod.spec.containers[0];
  const env = Object.fromEntries((container?.env ?? []).map((variable) => [variable.name, variable.value]));

  it("probes liveness on /healthz and readiness on /readyz, on the port the server listens on", () => {
    expect(container?.livenessProbe.httpGet.path).toBe("/healthz");
    expect(container?.readinessProbe.httpGet.path).toBe("/readyz");
    const http = container?.ports.find((port) => port.name === container.readinessProbe.httpGet.port);
    expect(String(http?.containerPort)).toBe(env.PORT);
  });

  it("pauses before SIGTERM and leaves the server its 10 s to drain", () => {
    const command = container?.lifecycle.preStop.exec.command ?? [];
    expect(command[0]).toBe("sleep");
    const pause = Number(command[1]);
    expect(pause).toBeGreaterThan(0);
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pause + 10);
  });

  it("runs the site as a Deployment on the shared queue: REDIS_URL required, no per-pod outbox volume", () => {
    const redisUrl = container?.env.find((variable) => variable.name === "REDIS_URL");
    expect(redisUrl?.valueFrom?.secretKeyRef).toEqual({ name: "site-secrets", key: "REDIS_URL" });
    expect(pod.spec.volumes.filter((volume) => !volume.emptyDir)).toEqual([]);
    expect(byKind("StatefulSet").map((set) => set.metadata.name)).toEqual(["redis"]);
  });

  it("ships Redis that fsyncs every write, with the settings Docker Compose uses", () => {
    const redis = byKind("StatefulSet")[0] as unknown as {
      spec: { template: { spec: { containers: { args: string[] }[] } } };
    };
    const args = redis.spec.template.spec.containers[0]?.args ?? [];
    const flags = Object.fromEntries(
      args.flatMap((arg, index) => (arg.startsWith("--") ? [[arg.slice(2), args[index + 1]]] : [])),
    );
    const conf = Object.fromEntries(
      read("ops/redis/redis.conf")
        .split("\n")
        .filter((line) => line.trim() && !line.startsWith("#"))
        .map((line) => [line.split(" ")[0], line.slice(line.indexOf(" ") + 1)]),
    );
    for (const setting of ["appendonly", "appendfsync", "save", "maxmemory-policy", "protected-mode"]) {
      expect(flags[setting], setting).toBe(conf[setting]);
    }
    expect(flags.appendfsync).toBe("always");
    const compose = parse(read("docker-compose.yml")) as { services: Record<string, { volumes?: string[] }> };
    expect(compose.services.redis?.volumes).toContain("./ops/redis/redis.conf:/usr/local/etc/redis/redis.conf:ro");
  });

  it("points the services, autoscaler and disruption budget at these pods", () => {
    const labels = pod.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const site = byKind("Service").filter((service) => service.metadata.name !== "redis");
    expect(site.map((service) => service.metadata.name)).toEqual(["site"]);
    for (const service of site) expect(service.spec.selector).toEqual(labels);
    const pdb = byKind("PodDisruptionBudget")[0];
    expect((pdb?.spec.selector as { matchLabels: unknown } | undefined)?.matchLabels).toEqual(labels);
    const hpa = byKind("HorizontalPodAutoscaler")[0];
    expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: "site" });
  });

  it("are described by docs/scaling.md: each manifest, its kind, and the Redis settings", () => {
    const scaling = read("docs/scaling.md");
    for (const file of kustomization.resources) expect(scaling, file).toContain(`\`${file}\``);
    for (const manifest of manifests) expect(scaling, manifest.kind).toContain(manifest.kind);
    expect(scaling).toContain("`appendfsync always`");
    expect(scaling).not.toMatch(/site-pods|volumeClaimTemplate|outbox-site-/);
  });

  it("sets only variables the server reads; Node's and the C library's memory settings come with the image", () => {
    const known = new Set([...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    expect(imageMemorySettings()).toEqual({
      NODE_OPTIONS: expect.stringMatching(/^--max-old-space-size=\d+ --max-semi-space-size=\d+$/),
      MALLOC_ARENA_MAX: "2",
    });
  });
});
