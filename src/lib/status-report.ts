// Shared with the server: the operator endpoints and the services build this report (server/ops/).
/**
 * What /status and /status.json tell an operator: one report, built on the server (server/ops/status.ts) and
 * drawn by the status page. Plain data only (ISO dates, seconds), so it crosses the wire unchanged.
 */

/** The three states a reader needs: it works, it works with a caveat, it does not work. */
export type ServiceState = "operational" | "degraded" | "down";

export type ComponentId = "web" | "content" | "mail";

export interface CheckOutcome {
  /** The check's own name, e.g. "content source answers". */
  name: string;
  /** The part of the site it speaks for. */
  component: Exclude<ComponentId, "web">;
  state: "ok" | "fail" | "timeout";
  /** How long the check took, in milliseconds. */
  latencyMs: number;
  /** Whether a failure takes this instance out of service (see decision 0040). */
  critical: boolean;
}

export interface ComponentReport {
  id: ComponentId;
  name: string;
  state: ServiceState;
  /** One sentence a non-engineer understands. */
  summary: string;
  checks: CheckOutcome[];
}

/**
 * The content service's figure (its stats(), server/content/service.ts), under the name and in the form the
 * report carries it.
 */
export interface ContentFigures {
  /** When the content source last answered (ISO time); null until it has. */
  lastRefreshAt: string | null;
}

/**
 * A publish, from Contentful's webhook to every tier (server/content/publishes.ts): when the Delivery API served
 * it, when this instance's pages and the tier in front were purged, and when the new text was there to see.
 */
export interface PublishFigure {
  /** The entry's id; null for a webhook whose payload could not be read (everything was purged). */
  entry: string | null;
  action: "publish" | "unpublish" | "delete" | "unchanged" | null;
  /** The revision the webhook announced; null when it named none. */
  revision: number | null;
  receivedAt: string;
  /** Seconds the Delivery API took to serve it; null when nothing was waited for, or the wait gave up. */
  servedAfterSeconds: number | null;
  /** The API had not served it after two minutes: purged anyway. */
  gaveUp: boolean;
  /** When the instances were purged and this one's pages stored again (ISO time); null until then. */
  instancesPurgedAt: string | null;
  /** When the tier in front was purged; null without one, or until then. */
  frontPurgedAt: string | null;
  /** The tier in front could not be purged (it keeps the old pages until they expire). */
  frontFailed: boolean;
  /** When the new text could be seen through every tier; null while it waits. */
  visibleAt: string | null;
}

/** The enquiry service's figures, as its stats() gives them (server/enquiries/service.ts) and the page shows them. */
export interface MailFigures {
  /** Where mail goes: an SMTP server, or .eml files in DATA_DIR/mail. */
  delivery: "smtp" | "files";
  /** "disk": this instance's outbox; "redis": the queue every instance shares (depth counts them all). */
  queue: "disk" | "redis";
  /** Enquiries accepted and still waiting to be delivered. */
  outboxDepth: number;
  /** Age of the oldest of them, in seconds; null when none waits. */
  oldestPendingSeconds: number | null;
  /** When an enquiry was last delivered (ISO time); null when none has been, or none is kept. */
  lastDeliveryAt: string | null;
  /** In the shared queue: this instance's consumer and how many enquiries it holds; null on disk. */
  consumer: { name: string; holding: number } | null;
  /** Enquiries the mail server refused for good, kept for an operator to send again. */
  deadLetters: number;
  /** How long every delivery attempt of this instance has failed, in seconds; null while mail goes out. */
  failingSeconds: number | null;
}

/** The Core Web Vitals real visitors' browsers report (Google's web-vitals library), in its names. */
export const vitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof vitalNames)[number];

/**
 * web.dev's thresholds: at or under the first is "good", over the second "poor", between "needs improvement".
 * Milliseconds, but CLS (a score).
 */
export const vitalThresholds: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type VitalRating = "good" | "needs-improvement" | "poor";

export function vitalRating(metric: VitalName, value: number): VitalRating {
  const [good, poor] = vitalThresholds[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** One vital on one route over the last hour: its 75th percentile (ms, or the CLS score) and how many samples. */
export interface VitalFigure {
  route: string;
  metric: VitalName;
  p75: number;
  samples: number;
  rating: VitalRating;
}

/**
 * The last hour of this instance, one value per minute, oldest first (server/ops/history.ts). null where there
 * is nothing to say (no request that minute, the instance not yet running).
 */
export interface HistoryReport {
  /** Each minute's start (ISO time). */
  minuteStarts: string[];
  requests: number[];
  /** The 95th percentile time to answer a page, in milliseconds. */
  p95Ms: (number | null)[];
  /** The share of requests answered 5xx, 0 to 1. */
  errorRatio: (number | null)[];
  /** The share of page-cache lookups answered from a stored copy, 0 to 1. */
  cacheHitRatio: (number | null)[];
  accepted: number[];
  delivered: number[];
  /** The most enquiries waiting at once that minute. */
  waiting: (number | null)[];
  oldestWaitingSeconds: (number | null)[];
  /** Real visitors' Core Web Vitals over the hour, by route (only from visitors who accepted analytics). */
  vitals: VitalFigure[];
  /** What browsers reported the Content Security Policy blocked over the hour, by directive. */
  cspViolations: { directive: string; count: number }[];
}

export interface StatusReport {
  state: ServiceState;
  /** The overall state in words. */
  summary: string;
  generatedAt: string;
  startedAt: string;
  uptimeSeconds: number;
  version: string;
  commit: string | null;
  shuttingDown: boolean;
  components: ComponentReport[];
  content: ContentFigures & {
    /** Seconds since the last refresh, at generatedAt. */
    freshnessSeconds: number | null;
  };
  /** The last publishes, newest first. */
  publishes: PublishFigure[];
  /** null when the enquiry service could not say (its queue unreadable). */
  mail: MailFigures | null;
  /** The last hour of this instance; null where none is kept. */
  history: HistoryReport | null;
}

export const stateWords: Record<ServiceState, string> = {
  operational: "Operational",
  degraded: "Degraded",
  down: "Down",
};

export const overallWords: Record<ServiceState, string> = {
  operational: "All systems operational",
  degraded: "Some systems degraded",
  down: "Service disruption",
};

const rank: Record<ServiceState, number> = { operational: 0, degraded: 1, down: 2 };

/** The worst of several states: one component down means the whole is down. */
export function worstState(states: ServiceState[]): ServiceState {
  return states.reduce<ServiceState>((worst, state) => (rank[state] > rank[worst] ? state : worst), "operational");
}

/** "3 d 4 h", "2 h 5 min", "4 min", "12 s": two units at most, for uptime and ages. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}
