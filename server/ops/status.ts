import type { Logger } from "pino";
import {
  type CheckOutcome,
  type ComponentReport,
  type ContentNumbers,
  type HistoryReport,
  type MailNumbers,
  overallWords,
  type PublishRecord,
  type ServiceState,
  type StatusReport,
  worstState,
} from "../../src/shared/status-report.ts";
import type { Readiness } from "./readiness.ts";

/** Each service gives its own numbers; either may be absent. */
export interface StatusSources {
  content?: { stats(): ContentNumbers };
  mail?: { stats(): Promise<MailNumbers> };
  publishes?: { recent(): PublishRecord[] };
}

export interface BuildInfo {
  version: string;
  commit: string | null;
}

/** An enquiry waiting longer than this means delivery is stuck (the alert rules use the same figure). */
const stuckEnquirySeconds = 15 * 60;

export interface StatusInputs {
  readiness: Readiness;
  sources: StatusSources;
  build: BuildInfo;
  startedAt: Date;
  logger: Logger;
  history?: { report(): HistoryReport };
}

export async function statusReport({
  readiness,
  sources,
  build,
  startedAt,
  logger,
  history,
}: StatusInputs): Promise<StatusReport> {
  const [outcomes, content, mail] = await Promise.all([
    readiness.outcomes(),
    numbers("content", sources.content, logger),
    numbers("mail", sources.mail, logger),
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
      lastRefreshAt: content?.lastRefreshAt ?? null,
      freshnessSeconds: content?.lastRefreshAt ? secondsBetween(content.lastRefreshAt, now) : null,
    },
    publishes: sources.publishes?.recent() ?? [],
    mail: mail ?? null,
    history: history?.report() ?? null,
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

function contentComponent(checks: CheckOutcome[], numbers: ContentNumbers | undefined): ComponentReport {
  const base = { id: "content" as const, name: "Content source", checks };
  const failed = checks.filter((check) => check.state !== "ok");
  if (failed.some((check) => check.critical)) {
    return { ...base, state: "down", summary: "The content source is not answering, so pages cannot be built." };
  }
  if (failed.length > 0) {
    return numbers?.lastRefreshAt
      ? {
          ...base,
          state: "degraded",
          summary: "The content source is not answering; pages show the last content we fetched.",
        }
      : { ...base, state: "down", summary: "The content source is not answering and we have no copy to show." };
  }
  return { ...base, state: "operational", summary: "The content source is answering." };
}

/** Deliveries failing this long make mail degraded on /status (the alert in ops/prometheus uses the same). */
const failingDeliverySeconds = 60;

function mailComponent(checks: CheckOutcome[], numbers: MailNumbers | undefined): ComponentReport {
  const base = { id: "mail" as const, name: "Mail delivery", checks };
  const failed = checks.filter((check) => check.state !== "ok");
  const sharedAway = failed.some((check) => check.name === "enquiry queue writable" || check.name === "Redis answers");
  let state: ServiceState = "operational";
  let summary = "Enquiries are saved and delivered.";
  if (failed.some((check) => check.critical)) {
    state = "down";
    summary = "Enquiries cannot be saved at the moment.";
  } else if (sharedAway) {
    state = "degraded";
    summary = "The shared queue is not answering; enquiries are kept safely on this instance and sent from here.";
  } else if (failed.length > 0 || (numbers?.failingSeconds ?? 0) >= failingDeliverySeconds) {
    state = "degraded";
    summary = "Enquiries are saved, but the mail server is not taking them; they will be sent when it does.";
  } else if ((numbers?.deadLetters ?? 0) > 0) {
    state = "degraded";
    summary = `The mail server refused ${numbers?.deadLetters === 1 ? "an enquiry" : `${numbers?.deadLetters} enquiries`} for good; they are kept for an operator to send again.`;
  } else if ((numbers?.oldestPendingSeconds ?? 0) > stuckEnquirySeconds) {
    state = "degraded";
    summary = "An enquiry has been waiting more than 15 minutes to be sent.";
  }
  return { ...base, state, summary };
}

async function numbers<T>(
  name: string,
  source: { stats(): T | Promise<T> } | undefined,
  logger: Logger,
): Promise<T | undefined> {
  if (!source) return undefined;
  try {
    return await source.stats();
  } catch (error) {
    logger.warn({ err: error, source: name }, "status numbers unavailable");
    return undefined;
  }
}

function secondsBetween(from: string, to: Date) {
  return Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 1000));
}
