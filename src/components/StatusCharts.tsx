import { useId } from "react";
import { formatDuration, type HistoryReport, type VitalFigure, vitalThresholds } from "../shared/status-report.ts";
import { ColumnHeads } from "./ColumnHeads.tsx";
import styles from "./StatusCharts.module.css";

interface ChartSpec {
  title: string;
  values: (number | null)[];
  words: (value: number) => string;
  /** The top of the scale at least (a ratio's 100 %); otherwise the largest value. */
  floorMax?: number;
}

const percent = (value: number) => `${Math.round(value * 1000) / 10} %`;
const perMinute = (value: number) => `${value} per minute`;

/** Drawn on the server as plain SVG, no script: each chart an image with a name and its figures in words beside it. */
export function StatusCharts({ history }: { history: HistoryReport }) {
  const charts: ChartSpec[] = [
    { title: "Requests", values: history.requests, words: perMinute },
    { title: "Page time, 95th percentile", values: history.p95Ms, words: (value) => `${value} ms` },
    { title: "Server errors (5xx)", values: history.errorRatio, words: percent, floorMax: 0.05 },
    { title: "Page cache hits", values: history.cacheHitRatio, words: percent, floorMax: 1 },
    { title: "Enquiries accepted", values: history.accepted, words: perMinute },
    { title: "Enquiries delivered", values: history.delivered, words: perMinute },
    { title: "Enquiries waiting", values: history.waiting, words: (value) => String(value) },
    {
      title: "Oldest waiting enquiry",
      values: history.oldestWaitingSeconds,
      words: (value) => formatDuration(value),
    },
  ];
  return (
    <section aria-labelledby="status-history" className={styles.history}>
      <h2 id="status-history" className={styles.heading}>
        The last hour on this instance
      </h2>
      <p className={styles.note}>
        One value a minute, oldest on the left. Each instance keeps its own; with several, the dashboard in Grafana
        shows them together.
      </p>
      <ul className={styles.charts}>
        {charts.map((chart) => (
          <li key={chart.title}>
            <Chart {...chart} />
          </li>
        ))}
      </ul>
      <Vitals vitals={history.vitals} />
      <CspViolations violations={history.cspViolations} />
    </section>
  );
}

function Chart({ title, values, words, floorMax = 0 }: ChartSpec) {
  const titleId = useId();
  const descriptionId = useId();
  const known = values.filter((value): value is number => value !== null);
  const max = Math.max(floorMax, ...known, 0);
  const width = values.length;
  const height = 24;
  const latest = [...values].reverse().find((value) => value !== null) ?? null;
  const description =
    known.length === 0
      ? "Nothing recorded in the last hour."
      : `Now ${latest === null ? "no figure" : words(latest)}; highest ${words(Math.max(...known))}; lowest ${words(Math.min(...known))}.`;
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.caption}>
        <span id={titleId} className={styles.title}>
          {title}
        </span>
        <span id={descriptionId} className={styles.figures}>
          {description}
        </span>
      </figcaption>
      <svg
        className={styles.plot}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <title>{`${title}, the last hour`}</title>
        <rect x="0" y={height - 0.3} width={width} height="0.3" className={styles.axis} />
        {values.map((value, minute) => {
          if (value === null || max === 0) return null;
          const barHeight = Math.max(value > 0 ? 0.6 : 0, (value / max) * height);
          return (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: a minute's place in the hour is its identity
              key={minute}
              x={minute + 0.1}
              y={height - barHeight}
              width={0.8}
              height={barHeight}
              className={styles.bar}
            />
          );
        })}
      </svg>
    </figure>
  );
}

const vitalWords = (vital: VitalFigure) => (vital.metric === "CLS" ? String(vital.p75) : `${vital.p75} ms`);
const ratingWords = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" } as const;

function Vitals({ vitals }: { vitals: VitalFigure[] }) {
  return (
    <div className={styles.table}>
      <h3 className={styles.subheading}>Real visitors' Core Web Vitals (75th percentile)</h3>
      {vitals.length === 0 ? (
        <p className={styles.note}>No samples in the last hour. Only visitors who accepted analytics send them.</p>
      ) : (
        <table>
          <caption className={styles.note}>
            From visitors who accepted analytics. Good is at most LCP {vitalThresholds.LCP[0]} ms, INP{" "}
            {vitalThresholds.INP[0]} ms, CLS {vitalThresholds.CLS[0]}.
          </caption>
          <ColumnHeads names={["Page", "Metric", "p75", "Rating", "Samples"]} />
          <tbody>
            {vitals.map((vital) => (
              <tr key={`${vital.route} ${vital.metric}`}>
                <td>{vital.route}</td>
                <td>{vital.metric}</td>
                <td>{vitalWords(vital)}</td>
                <td data-rating={vital.rating}>{ratingWords[vital.rating]}</td>
                <td>{vital.samples}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function CspViolations({ violations }: { violations: HistoryReport["cspViolations"] }) {
  return (
    <div className={styles.table}>
      <h3 className={styles.subheading}>What the Content Security Policy blocked</h3>
      {violations.length === 0 ? (
        <p className={styles.note}>Nothing reported in the last hour.</p>
      ) : (
        <ul className={styles.list}>
          {violations.map(({ directive, count }) => (
            <li key={directive}>
              <code>{directive}</code>: {count === 1 ? "1 report" : `${count} reports`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
