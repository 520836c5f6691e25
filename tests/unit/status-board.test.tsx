import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StatusBoard } from "../../src/components/StatusBoard.tsx";
import type { MailNumbers, StatusReport } from "../../src/shared/status-report.ts";

const generatedAt = "2026-11-23T12:00:00.000Z";

function reportWith(mail: MailNumbers | null): StatusReport {
  return {
    state: "operational",
    summary: "All systems operational",
    generatedAt,
    startedAt: "2026-11-23T11:00:00.000Z",
    uptimeSeconds: 3_600,
    version: "1.0.0",
    commit: null,
    shuttingDown: false,
    components: [],
    content: { lastRefreshAt: "2026-11-23T11:58:00.000Z", freshnessSeconds: 120 },
    mail,
    publishes: [],
    history: null,
  };
}

/** The numbers list as "term: value" lines. */
function numbers(report: StatusReport) {
  const html = renderToStaticMarkup(<StatusBoard report={report} refreshSeconds={30} />);
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(([, term, value]) => `${term}: ${value}`);
}

describe("the status board's numbers", () => {
  it("shows the enquiry service's numbers as it gives them", () => {
    expect(
      numbers(
        reportWith({
          delivery: "smtp",
          queue: "redis",
          outboxDepth: 2,
          oldestPendingSeconds: 130,
          lastDeliveryAt: "2026-11-23T11:50:00.000Z",
          consumer: { holding: 1 },
          deadLetters: 0,
          failingSeconds: null,
        }),
      ),
    ).toEqual([
      "Uptime: 1 h",
      "Version: 1.0.0",
      "Content freshness: Refreshed 2 min ago",
      "Shared queue depth (all instances): 2 enquiries waiting, the oldest for 2 min",
      "Last successful delivery: 10 min ago",
      "Dead letters: None",
      "Held by this instance: 1 enquiry",
    ]);
  });

  it("says how long deliveries have failed and how many enquiries wait as dead letters", () => {
    const lines = numbers(
      reportWith({
        delivery: "smtp",
        queue: "disk",
        outboxDepth: 1,
        oldestPendingSeconds: 200,
        lastDeliveryAt: null,
        consumer: null,
        deadLetters: 3,
        failingSeconds: 190,
      }),
    );
    expect(lines.slice(5)).toEqual([
      "Deliveries failing: For 3 min; enquiries wait and are retried",
      "Dead letters: 3 enquiries refused by the mail server, kept to send again",
    ]);
  });

  it("says the mail numbers are not reported when the queue could not be read, not that nothing was sent", () => {
    expect(numbers(reportWith(null)).slice(3)).toEqual([
      "Outbox depth: Not reported",
      "Last successful delivery: Not reported",
    ]);
  });
});

describe("the status board's recent publishes", () => {
  /** Each row of the publishes table as its cells' text. */
  function rows(publishes: StatusReport["publishes"]) {
    const html = renderToStaticMarkup(<StatusBoard report={{ ...reportWith(null), publishes }} refreshSeconds={30} />);
    const table = html.split('id="status-publishes"')[1] ?? "";
    return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map(([, row]) =>
      [...(row ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map(([, cell]) => cell),
    );
  }
  const base = {
    entry: "post-bright",
    action: "publish" as const,
    revision: 7,
    receivedAt: "2026-11-23T11:59:00.000Z",
    servedAfterSeconds: null,
    gaveUp: false,
    instancesPurgedAt: null,
    frontPurgedAt: null,
    frontFailed: false,
    visibleAt: null,
  };

  it("shows when Contentful served each publish and when every tier had it", () => {
    expect(
      rows([
        {
          ...base,
          servedAfterSeconds: 3.2,
          instancesPurgedAt: "2026-11-23T11:59:03.400Z",
          frontPurgedAt: "2026-11-23T11:59:03.500Z",
          visibleAt: "2026-11-23T11:59:03.600Z",
        },
        { ...base, entry: "home", revision: 2, receivedAt: "2026-11-23T11:58:00.000Z" },
        {
          ...base,
          entry: "about",
          servedAfterSeconds: 1,
          instancesPurgedAt: "2026-11-23T11:59:01.100Z",
          visibleAt: "2026-11-23T11:59:01.200Z",
        },
        { ...base, gaveUp: true, instancesPurgedAt: "2026-11-23T12:01:00.000Z", frontFailed: true },
      ]),
    ).toEqual([
      ["Entry", "Received", "Served by Contentful", "Instances purged", "Front cache", "Visible"],
      ["post-bright, revision 7", "11:59:00 UTC", "After 3.2 s", "After 3.4 s", "After 3.5 s", "After 3.6 s"],
      ["home, revision 2", "11:58:00 UTC", "Waiting", "Waiting", "Waiting", "Not yet"],
      // No front cache is configured.
      ["about, revision 7", "11:59:00 UTC", "After 1.0 s", "After 1.1 s", "None", "After 1.2 s"],
      [
        "post-bright, revision 7",
        "11:59:00 UTC",
        "Not after 2 min: purged anyway",
        "After 2 min",
        "Purge failed",
        "Not yet",
      ],
    ]);
  });

  it("says none has arrived rather than showing an empty table", () => {
    const html = renderToStaticMarkup(<StatusBoard report={reportWith(null)} refreshSeconds={30} />);
    expect(html).toContain("No publish has reached this instance since it started.");
  });
});
