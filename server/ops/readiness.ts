import type { Logger } from "pino";
import type { CheckOutcome, ComponentId } from "../../src/lib/status-report.ts";

/** One thing an instance needs to serve, checked on /readyz and shown on /status. */
export interface ReadinessCheck {
  /** What it checks, in words, e.g. "outbox writable"; shown on /readyz and /status. */
  name: string;
  /** The part of the site it speaks for on /status. */
  component: Exclude<ComponentId, "web">;
  /**
   * false: a failure shows as degraded but keeps the instance in service, for dependencies every instance
   * shares and the site can ride out (see decision 0040). A function is asked at each run, e.g. "critical
   * until the cache holds content". Default true.
   */
  critical?: boolean | (() => boolean);
  /** Resolves when healthy, rejects when not. Should be cheap or cached: probes call it every few seconds. */
  run(): Promise<void>;
}

export interface ReadinessReport {
  status: "ready" | "not ready" | "shutting down";
  checks: CheckOutcome[];
}

export interface ReadinessOptions {
  checks: ReadinessCheck[];
  logger: Logger;
  /** A check that has not answered in this time counts as failed. */
  timeoutMs?: number;
  /** Probes, the status page and its JSON share one run of the checks for this long. */
  cacheMs?: number;
}

/**
 * Readiness of this instance: runs the checks (together, each with a time limit, one run at a time, the answer
 * shared for a moment) and, once shutdown begins, says "shutting down" without running anything.
 */
export class Readiness {
  #checks: ReadinessCheck[];
  #logger: Logger;
  #timeoutMs: number;
  #cacheMs: number;
  #stopping = false;
  #last: { at: number; outcomes: CheckOutcome[] } | undefined;
  #running: Promise<CheckOutcome[]> | undefined;

  constructor({ checks, logger, timeoutMs = 2_000, cacheMs = 2_000 }: ReadinessOptions) {
    this.#checks = checks;
    this.#logger = logger;
    this.#timeoutMs = timeoutMs;
    this.#cacheMs = cacheMs;
  }

  get shuttingDown() {
    return this.#stopping;
  }

  /** From now on /readyz answers 503, so load balancers stop sending new work here. */
  beginShutdown() {
    this.#stopping = true;
  }

  /** The state of each check, run now or shared from a run a moment ago. */
  async outcomes(): Promise<CheckOutcome[]> {
    if (this.#last && Date.now() - this.#last.at < this.#cacheMs) return this.#last.outcomes;
    this.#running ??= Promise.all(this.#checks.map((check) => this.#run(check))).then((outcomes) => {
      this.#last = { at: Date.now(), outcomes };
      this.#running = undefined;
      return outcomes;
    });
    return this.#running;
  }

  async report(): Promise<ReadinessReport> {
    if (this.#stopping) return { status: "shutting down", checks: [] };
    const checks = await this.outcomes();
    const ready = checks.every((check) => check.state === "ok" || !check.critical);
    // Shutdown may have begun while the checks ran; it wins.
    if (this.#stopping) return { status: "shutting down", checks };
    return { status: ready ? "ready" : "not ready", checks };
  }

  async #run(check: ReadinessCheck): Promise<CheckOutcome> {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.#timeoutMs);
    });
    let state: CheckOutcome["state"];
    try {
      state = (await Promise.race([check.run().then(() => "ok" as const), timedOut])) === "timeout" ? "timeout" : "ok";
    } catch (error) {
      // The reason goes to the log, never to the response: it may name hosts or addresses.
      this.#logger.warn({ err: error, check: check.name }, "readiness check failed");
      state = "fail";
    } finally {
      clearTimeout(timer);
    }
    if (state === "timeout")
      this.#logger.warn({ check: check.name, timeoutMs: this.#timeoutMs }, "readiness check timed out");
    return {
      name: check.name,
      component: check.component,
      state,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
      critical: typeof check.critical === "function" ? check.critical() : (check.critical ?? true),
    };
  }
}
