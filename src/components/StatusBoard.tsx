import {
  type CheckOutcome,
  type ComponentReport,
  formatDuration,
  type ServiceState,
  type StatusReport,
  stateWords,
} from "../shared/status-report.ts";
import styles from "./StatusBoard.module.css";
import { StatusCharts } from "./StatusCharts.tsx";
import { StatusPublishes } from "./StatusPublishes.tsx";

export function StatusBoard({ report, refreshSeconds }: { report: StatusReport; refreshSeconds: number }) {
  return (
    <div className={`container ${styles.board}`}>
      <header className="stack">
        <h1 className="section-title">Server status</h1>
        <p role="status" className={styles.overall} data-state={report.state}>
          <StateMark state={report.state} />
          {report.summary}
        </p>
      </header>

      <StatusFigures report={report} />

      <section aria-labelledby="status-components">
        <h2 id="status-components" className={styles.heading}>
          Components
        </h2>
        <ul className={styles.components}>
          {report.components.map((component) => (
            <ComponentCard key={component.id} component={component} />
          ))}
        </ul>
      </section>

      <StatusPublishes publishes={report.publishes} />

      {report.history && <StatusCharts history={report.history} />}

      <p className={styles.checked}>
        Checked at <time dateTime={report.generatedAt}>{utcTime(report.generatedAt)}</time>. This page refreshes every{" "}
        {refreshSeconds} seconds.
      </p>
    </div>
  );
}

function StatusFigures({ report }: { report: StatusReport }) {
  const { content, mail } = report;
  const at = Date.parse(report.generatedAt);
  const ago = (iso: string) => `${formatDuration((at - Date.parse(iso)) / 1000)} ago`;
  const figures: Array<[string, string]> = [
    ["Uptime", formatDuration(report.uptimeSeconds)],
    ["Version", report.commit ? `${report.version} (${report.commit.slice(0, 12)})` : report.version],
    ["Content freshness", content.lastRefreshAt ? `Refreshed ${ago(content.lastRefreshAt)}` : "Not refreshed yet"],
    [
      mail?.queue === "redis" ? "Shared queue depth (all instances)" : "Outbox depth",
      mail ? outboxWords(mail.outboxDepth, mail.oldestPendingSeconds) : "Not reported",
    ],
    ["Last successful delivery", mail ? (mail.lastDeliveryAt ? ago(mail.lastDeliveryAt) : "None yet") : "Not reported"],
  ];
  if (mail?.failingSeconds != null) {
    figures.push(["Deliveries failing", `For ${formatDuration(mail.failingSeconds)}; enquiries wait and are retried`]);
  }
  if (mail) {
    figures.push([
      "Dead letters",
      mail.deadLetters === 0
        ? "None"
        : `${mail.deadLetters === 1 ? "1 enquiry" : `${mail.deadLetters} enquiries`} refused by the mail server, kept to send again`,
    ]);
  }
  if (mail?.consumer) {
    const { holding } = mail.consumer;
    figures.push(["Held by this instance", holding === 1 ? "1 enquiry" : `${holding} enquiries`]);
  }
  return (
    <dl className={styles.figures}>
      {figures.map(([term, value]) => (
        <div key={term} className={styles.figure}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ComponentCard({ component }: { component: ComponentReport }) {
  const headingId = `status-${component.id}`;
  return (
    <li className={styles.component} data-state={component.state}>
      <div className={styles.componentHead}>
        <h3 id={headingId} className={styles.componentName}>
          {component.name}
        </h3>
        <span className={styles.badge} data-state={component.state}>
          {stateWords[component.state]}
        </span>
      </div>
      <p className={styles.summary}>{component.summary}</p>
      {component.checks.length > 0 && (
        <ul className={styles.checks} aria-label={`${component.name} checks`}>
          {component.checks.map((check) => (
            <li key={check.name}>
              <span className={styles.checkName}>{check.name}</span>: {checkWords(check)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function StateMark({ state }: { state: ServiceState }) {
  return <span className={styles.mark} data-state={state} aria-hidden="true" />;
}

function outboxWords(depth: number, oldestSeconds: number | null) {
  if (depth === 0) return "No enquiries waiting";
  const count = depth === 1 ? "1 enquiry waiting" : `${depth} enquiries waiting`;
  return oldestSeconds === null ? count : `${count}, the oldest for ${formatDuration(oldestSeconds)}`;
}

function checkWords(check: CheckOutcome) {
  const took = `${Math.round(check.latencyMs)} ms`;
  if (check.state === "ok") return `answered in ${took}`;
  if (check.state === "timeout") return `no answer within ${took}`;
  return `failed after ${took}`;
}

/** "14:03:12 UTC", from the ISO string itself, so the server and the browser print the same. */
function utcTime(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
