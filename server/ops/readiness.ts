import type { Logger } from "pino";
import type { CheckOutcome, ComponentId } from "../../src/lib/status-report.ts";
import { untilAborted } from "../lib/abort.ts";

/**
 * The one timing policy every readiness check runs under (decision 0160): how long a check may take, and how
 * long its answer is kept and shared by probes, /status and /status.json, so a public page cannot hammer what
 * the checks reach.
 */
export interface CheckPolicy {
  /** A check that has not answered in this time counts as failed ("timeout"); its signal aborts then. */
  timeoutMs: number;
  /** How long an answer is kept, by what the check costs the thing it asks. */
  keepMs: Record<CheckCost, number>;
}

/**
 * "probe": cheap enough to ask at every probe (a write to the outbox folder, a PING, the content source's
 * smallest query). "handshake": a whole session with a server other senders share (SMTP `verify()`).
 */
export type CheckCost = "probe" | "handshake";

export const checkPolicy: CheckPolicy = {
  timeoutMs: 2_000,
  keepMs: { probe: 2_000, handshake: 30_000 },
};

/**
 * One thing an instance needs to serve, checked on /readyz and shown on /status. Each service hands in its own
 * (the content service, the enquiry service; services.ts adds Redis), and ops runs them all under checkPolicy.
 */
export interface ReadinessCheck {
  /** What it checks, in words, e.g. "outbox writable"; shown on /readyz and /status. */
  name: string;
  /** The part of the site it speaks for on /status. */
  component: Exclude<ComponentId, "web">;
  /**
   * false: a failure shows as degraded but keeps the instance in service, for dependencies every instance
   * shares and the site can ride out (see decision 0040). A function is asked each time the answer is read,
   * e.g. "critical until the cache holds content". Default true.
   */
  critical?: boolean | (() => boolean);
  /** How long its answer may be kept (checkPolicy.keepMs); default "probe". */
  cost?: CheckCost;
  /**
   * Resolves when healthy, rejects when not (the reason is logged, never shown). The signal aborts at the
   * policy's time limit; a check passes it on where its work can take one.
   */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface ReadinessReport {
  /** "warming": every check passes, but the page cache is still storing the sitemap's pages (decision 0206). */
  status: "ready" | "warming" | "not ready" | "shutting down";
  checks: CheckOutcome[];
}

export interface ReadinessOptions {
  checks: ReadinessCheck[];
  logger: Logger;
  /** checkPolicy unless given (tests shorten it). */
  policy?: CheckPolicy;
}

type Answer = Omit<CheckOutcome, "critical">;

/**
 * Readiness of this instance: runs the checks (together, each under the policy's time limit, one run of a check
 * at a time, its answer kept as the policy says) and, once shutdown begins, says "shutting down" without running
 * anything.
 */
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

  /** The state of each check, run now or kept from a run a moment ago. */
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
