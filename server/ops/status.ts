import type { Logger } from "pino";
import {
  type CheckOutcome,
  type ComponentReport,
  overallWords,
  type ServiceState,
  type StatusReport,
  worstState,
} from "../../src/lib/status-report.ts";
import type { Readiness } from "./readiness.ts";

/** The content service's figures the status page shows (the content service's stats(), mapped). */
export interface ContentFigures {
  /** When the source last answered a refresh; null when it has not yet. */
  lastRefreshAt: Date | null;
}

/** The enquiry service's figures the status page shows (the enquiry service's stats(), mapped). */
export interface MailFigures {
  /** Where enquiries wait: this instance's disk outbox, or the Redis queue every instance shares. */
  queue?: "disk" | "redis";
  /** Enquiries in the outbox (or the shared queue) not yet delivered. */
  pending: number;
  /** Age of the oldest of them in seconds; null when none is waiting. */
  oldestPendingSeconds: number | null;
  /** When a message was last handed to the mail server; null when none has been yet. */
  lastDeliveryAt: Date | null;
  /** In the shared queue: this instance's consumer and how many enquiries it holds now. */
  consumer?: { name: string; holding: number } | null;
}

/** Where the numbers come from: each service gives its own, and either may be absent. */
export interface StatusSources {
  content?: { stats(): ContentFigures | Promise<ContentFigures> };
  mail?: { stats(): MailFigures | Promise<MailFigures> };
}

export interface BuildInfo {
  version: string;
  commit: string | null;
}

/** An enquiry waiting longer than this means delivery is stuck (the alert rules use the same figure). */
export const stuckEnquirySeconds = 15 * 60;

export interface StatusInputs {
  readiness: Readiness;
  sources: StatusSources;
  build: BuildInfo;
  startedAt: Date;
  logger: Logger;
}

/** The report behind /status and /status.json: overall state, each component, and the figures. */
export async function statusReport({
  readiness,
  sources,
  build,
  startedAt,
  logger,
}: StatusInputs): Promise<StatusReport> {
  const [outcomes, content, mail] = await Promise.all([
    readiness.outcomes(),
    figures("content", sources.content, logger),
    figures("mail", sources.mail, logger),
  ]);
  const now = new Date();
  const shuttingDown = readiness.shuttingDown;
  const components: ComponentReport[] = [
    webComponent(shuttingDown),
    contentComponent(
      outcomes.filter((outcome) => outcome.component === "content"),
      content,
    ),
    mailComponent(
      outcomes.filter((outcome) => outcome.component === "mail"),
      mail,
    ),
  ];
  const state = worstState(components.map((component) => component.state));
  return {
    state,
    summary: shuttingDown ? "This instance is shutting down" : overallWords[state],
    generatedAt: now.toISOString(),
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.floor((now.getTime() - startedAt.getTime()) / 1000),
    version: build.version,
    commit: build.commit,
    shuttingDown,
    components,
    content: {
      lastRefreshAt: content?.lastRefreshAt?.toISOString() ?? null,
      freshnessSeconds: content?.lastRefreshAt ? secondsBetween(content.lastRefreshAt, now) : null,
    },
    mail: {
      outboxDepth: mail?.pending ?? null,
      oldestPendingSeconds: mail?.oldestPendingSeconds ?? null,
      lastDeliveryAt: mail?.lastDeliveryAt?.toISOString() ?? null,
      queue: mail?.queue ?? null,
      consumer: mail?.consumer ?? null,
    },
  };
}

function webComponent(shuttingDown: boolean): ComponentReport {
  return shuttingDown
    ? {
        id: "web",
        name: "Web",
        state: "degraded",
        summary: "This instance is shutting down; new visitors are sent to the others.",
        checks: [],
      }
    : { id: "web", name: "Web", state: "operational", summary: "Pages are being served.", checks: [] };
}

function contentComponent(checks: CheckOutcome[], figures: ContentFigures | undefined): ComponentReport {
  const base = { id: "content" as const, name: "Content source", checks };
  const failed = checks.filter((check) => check.state !== "ok");
  if (failed.some((check) => check.critical)) {
    return { ...base, state: "down", summary: "The content source is not answering, so pages cannot be built." };
  }
  if (failed.length > 0) {
    return figures?.lastRefreshAt
      ? {
          ...base,
          state: "degraded",
          summary: "The content source is not answering; pages show the last content we fetched.",
        }
      : { ...base, state: "down", summary: "The content source is not answering and we have no copy to show." };
  }
  return { ...base, state: "operational", summary: "The content source is answering." };
}

function mailComponent(checks: CheckOutcome[], figures: MailFigures | undefined): ComponentReport {
  const base = { id: "mail" as const, name: "Mail delivery", checks };
  const failed = checks.filter((check) => check.state !== "ok");
  let state: ServiceState = "operational";
  let summary = "Enquiries are saved and delivered.";
  if (failed.some((check) => check.critical)) {
    state = "down";
    summary = "Enquiries cannot be saved at the moment.";
  } else if (failed.length > 0) {
    state = "degraded";
    summary = "Enquiries are saved, but the mail server is not answering; they will be sent when it is.";
  } else if ((figures?.oldestPendingSeconds ?? 0) > stuckEnquirySeconds) {
    state = "degraded";
    summary = "An enquiry has been waiting more than 15 minutes to be sent.";
  }
  return { ...base, state, summary };
}

async function figures<T>(
  name: string,
  source: { stats(): T | Promise<T> } | undefined,
  logger: Logger,
): Promise<T | undefined> {
  if (!source) return undefined;
  try {
    return await source.stats();
  } catch (error) {
    logger.warn({ err: error, source: name }, "status figures unavailable");
    return undefined;
  }
}

function secondsBetween(from: Date, to: Date) {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
}
