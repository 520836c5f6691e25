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
  // The module as one object: Vite rewrites a destructured import() to name each export twice in the shell's code.
  const vitals = await import("web-vitals");
  const report = ({ name, value, rating }: { name: string; value: number; rating: string }) => {
    const beacon: VitalBeacon = {
      metric: name,
      value: name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value),
      rating,
      path: window.location.pathname,
    };
    send(JSON.stringify(beacon));
  };
  vitals.onLCP(report);
  vitals.onINP(report);
  vitals.onCLS(report);
  vitals.onFCP(report);
  vitals.onTTFB(report);
}
