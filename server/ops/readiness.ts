import type { Logger } from "pino";
import type { CheckOutcome, ComponentId } from "../../src/shared/status-report.ts";
import { untilAborted } from "../lib/abort.ts";

/** Answers are kept and shared by probes, /status and /status.json, so a public page cannot hammer what checks ask. */
export interface CheckPolicy {
  /** Counts as failed ("timeout"); its signal aborts then. */
  timeoutMs: number;
  /** By what the check costs the thing it asks. */
  keepMs: Record<CheckCost, number>;
}

/** "handshake": a whole session with a server other senders share (SMTP `verify()`); "probe": anything cheaper. */
type CheckCost = "probe" | "handshake";

export const checkPolicy: CheckPolicy = {
  timeoutMs: 2_000,
  keepMs: { probe: 2_000, handshake: 30_000 },
};

/** Each service hands in its own; ops runs them all under checkPolicy. */
export interface ReadinessCheck {
  name: string;
  component: Exclude<ComponentId, "web">;
  // false: a failure shows as degraded but keeps the instance in service (a dependency every instance shares and the
  // site can ride out). A function is asked each time, e.g. "critical until the cache holds content".
  critical?: boolean | (() => boolean);
  cost?: CheckCost;
  /** Rejects when unhealthy (the reason is logged, never shown); the signal aborts at the policy's time limit. */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface ReadinessReport {
  /** Every check passes, but the page cache is still storing the sitemap's pages. */
  status: "ready" | "warming" | "not ready" | "shutting down";
  checks: CheckOutcome[];
}

export interface ReadinessOptions {
  checks: ReadinessCheck[];
  logger: Logger;
  policy?: CheckPolicy;
}

type Answer = Omit<CheckOutcome, "critical">;

/** Checks run together, one run of each at a time; once shutdown begins, nothing runs. */
export class Readiness {
  #checks: ReadinessCheck[];
  #logger: Logger;
  #policy: CheckPolicy;
  #stopping = false;
  #warming = false;
  #answers = new Map<ReadinessCheck, { settledAt?: number; answer: Promise<Answer> }>();

  constructor({ checks, logger, policy = checkPolicy }: ReadinessOptions) {
    this.#checks = checks;
    this.#logger = logger;
    this.#policy = policy;
  }

  get shuttingDown() {
    return this.#stopping;
  }

  /** Until this settles, an instance whose checks pass says "warming" (503), not ready. */
  warmUntil(done: Promise<unknown>) {
    this.#warming = true;
    void done.finally(() => {
      this.#warming = false;
    });
  }

  /** From now on /readyz answers 503, so load balancers stop sending new work here. */
  beginShutdown() {
    this.#stopping = true;
  }

  async outcomes(): Promise<CheckOutcome[]> {
    return Promise.all(
      this.#checks.map(async (check) => ({
        ...(await this.#answer(check)),
        critical: typeof check.critical === "function" ? check.critical() : (check.critical ?? true),
      })),
    );
  }

  async report(): Promise<ReadinessReport> {
    if (this.#stopping) return { status: "shutting down", checks: [] };
    const checks = await this.outcomes();
    const ready = checks.every((check) => check.state === "ok" || !check.critical);
    // Shutdown may have begun while the checks ran; it wins.
    if (this.#stopping) return { status: "shutting down", checks };
    return { status: !ready ? "not ready" : this.#warming ? "warming" : "ready", checks };
  }

  #answer(check: ReadinessCheck): Promise<Answer> {
    const kept = this.#answers.get(check);
    const keepMs = this.#policy.keepMs[check.cost ?? "probe"];
    if (kept && (kept.settledAt === undefined || Date.now() - kept.settledAt < keepMs)) return kept.answer;
    const entry: { settledAt?: number; answer: Promise<Answer> } = {
      answer: this.#run(check).then((answer) => {
        entry.settledAt = Date.now();
        return answer;
      }),
    };
    this.#answers.set(check, entry);
    return entry.answer;
  }

  async #run(check: ReadinessCheck): Promise<Answer> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.#policy.timeoutMs);
    let state: CheckOutcome["state"] = "ok";
    try {
      await untilAborted(check.run(signal), signal);
    } catch (error) {
      state = signal.aborted ? "timeout" : "fail";
      // The reason goes to the log, never to the response: it may name hosts or addresses.
      if (state === "timeout") {
        this.#logger.warn({ check: check.name, timeoutMs: this.#policy.timeoutMs }, "readiness check timed out");
      } else {
        this.#logger.warn({ err: error, check: check.name }, "readiness check failed");
      }
    }
    return {
      name: check.name,
      component: check.component,
      state,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    };
  }
}
