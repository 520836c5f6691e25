import { vitalsPath } from "./report-paths.ts";

/** What one beacon carries: the metric, its value (ms, or the CLS score), its rating and the page's path. */
export interface VitalBeacon {
  metric: string;
  value: number;
  rating: string;
  path: string;
}

/**
 * Measures this visit's Core Web Vitals with Google's web-vitals library and sends each once it is final, with
 * navigator.sendBeacon (it survives the page being closed). Called only once the visitor has accepted analytics
 * and the page is interactive (src/components/Consent.tsx): the library is its own chunk, fetched only then. Sent
 * as text (a JSON string): a beacon's body type must be one a form could send. Nothing else about the visitor is
 * sent; the server keeps only the route template.
 */
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
