import { formatDuration, type PublishRecord } from "../shared/status-report.ts";
import { ColumnHeads } from "./ColumnHeads.tsx";
import styles from "./StatusBoard.module.css";

export function StatusPublishes({ publishes }: { publishes: PublishRecord[] }) {
  return (
    <section aria-labelledby="status-publishes">
      <h2 id="status-publishes" className={styles.heading}>
        Recent publishes
      </h2>
      {publishes.length === 0 ? (
        <p className={styles.summary}>No publish has reached this instance since it started.</p>
      ) : (
        <table className={styles.publishes}>
          <ColumnHeads
            names={["Entry", "Received", "Served by Contentful", "Instances purged", "Front cache", "Visible"]}
          />
          <tbody>
            {publishes.map((publish) => (
              <tr key={`${publish.receivedAt} ${publish.entry}`}>
                <th scope="row">{entryWords(publish)}</th>
                <td>{publish.receivedAt.slice(11, 19)} UTC</td>
                <td>{servedWords(publish)}</td>
                <td>{after(publish, publish.instancesPurgedAt, "Waiting")}</td>
                <td>{frontWords(publish)}</td>
                <td>{after(publish, publish.visibleAt, "Not yet")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function entryWords({ entry, action, revision }: PublishRecord) {
  if (entry === null) return "Everything";
  const what = action === "publish" && revision !== null ? `revision ${revision}` : (action ?? "change");
  return `${entry}, ${what}`;
}

function servedWords(publish: PublishRecord) {
  if (publish.gaveUp) return "Not after 2 min: purged anyway";
  if (publish.servedAfterSeconds !== null) return `After ${seconds(publish.servedAfterSeconds)}`;
  return publish.instancesPurgedAt ? "Not waited for" : "Waiting";
}

/** "None" only once the publish is visible without a front cache purge: no front cache is configured. */
function frontWords(publish: PublishRecord) {
  if (publish.frontFailed) return "Purge failed";
  return after(publish, publish.frontPurgedAt, publish.visibleAt === null ? "Waiting" : "None");
}

/** "+3.2 s" after the webhook, or what to say while there is no time yet. */
function after(publish: PublishRecord, iso: string | null, otherwise: string) {
  if (iso === null) return otherwise;
  return `After ${seconds((Date.parse(iso) - Date.parse(publish.receivedAt)) / 1000)}`;
}

const seconds = (value: number) => (value < 60 ? `${value.toFixed(1)} s` : formatDuration(value));
