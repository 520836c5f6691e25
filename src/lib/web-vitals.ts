import { vitalsPath } from "../shared/report-paths.ts";

interface VitalBeacon {
  metric: string;
  value: number;
  rating: string;
  path: string;
}

// Sent once final with sendBeacon, which survives the page closing, as text because a beacon's body must be a type a
// form could send. Called only once the visitor accepts analytics; the library is its own chunk, fetched only then.
export async function reportVitals(send = (body: string) => navigator.sendBeacon(vitalsPath, body)) {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  const report = ({ name, value, rating }: { name: string; value: number; rating: string }) => {
    const beacon: VitalBeacon = {
      metric: name,
      value: name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value),
      rating,
      path: window.location.pathname,
    };
    send(JSON.stringify(beacon));
  };
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
}
