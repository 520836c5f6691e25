// Shared with the server: the operator endpoints and the services build this report (server/ops/).
// What /status and /status.json tell an operator, as plain data (ISO dates, seconds) so it crosses the wire unchanged.

export type ServiceState = "operational" | "degraded" | "down";

export type ComponentId = "web" | "content" | "mail";

export interface CheckOutcome {
  name: string;
  component: Exclude<ComponentId, "web">;
  state: "ok" | "fail" | "timeout";
  latencyMs: number;
  /** A failure takes this instance out of service. */
  critical: boolean;
}

export interface ComponentReport {
  id: ComponentId;
  name: string;
  state: ServiceState;
  summary: string;
  checks: CheckOutcome[];
}

export interface ContentNumbers {
  /** null until the content source has answered. */
  lastRefreshAt: string | null;
}

export interface PublishRecord {
  entry: string | null;
  action: "publish" | "unpublish" | "delete" | "unchanged" | null;
  revision: number | null;
  receivedAt: string;
  servedAfterSeconds: number | null;
  /** The API had not served it after two minutes: purged anyway. */
  gaveUp: boolean;
  instancesPurgedAt: string | null;
  frontPurgedAt: string | null;
  /** The front cache could not be purged, so it keeps the old pages until they expire. */
  frontFailed: boolean;
  visibleAt: string | null;
}

export interface MailNumbers {
  delivery: "smtp" | "files";
  /** "redis": the queue every instance shares, so its depth counts them all. */
  queue: "disk" | "redis";
  outboxDepth: number;
  oldestPendingSeconds: number | null;
  lastDeliveryAt: string | null;
  /** With the shared queue: how many enquiries this instance holds for delivery now. */
  consumer: { holding: number } | null;
  /** Refused by the mail server for good, kept for an operator to send again. */
  deadLetters: number;
  failingSeconds: number | null;
}

export const vitalNames = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof vitalNames)[number];

/** web.dev's thresholds for "good" and "poor": milliseconds, except CLS (a score). */
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

/** The last hour of this instance, a value a minute, oldest first; null for a minute with nothing to say. */
export interface HistoryReport {
  minuteStarts: string[];
  requests: number[];
  p95Ms: (number | null)[];
  errorRatio: (number | null)[];
  cacheHitRatio: (number | null)[];
  accepted: number[];
  delivered: number[];
  waiting: (number | null)[];
  oldestWaitingSeconds: (number | null)[];
  vitals: VitalFigure[];
  cspViolations: { directive: string; count: number }[];
}

export interface StatusReport {
  state: ServiceState;
  summary: string;
  generatedAt: string;
  startedAt: string;
  uptimeSeconds: number;
  version: string;
  commit: string | null;
  shuttingDown: boolean;
  components: ComponentReport[];
  content: ContentNumbers & {
    freshnessSeconds: number | null;
  };
  publishes: PublishRecord[];
  mail: MailNumbers | null;
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

export function worstState(states: ServiceState[]): ServiceState {
  return states.reduce<ServiceState>((worst, state) => (rank[state] > rank[worst] ? state : worst), "operational");
}

/** "3 d 4 h", "2 h 5 min", "4 min", "12 s": two units at most. */
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
