// Shared with the server: the server's report endpoints, the endpoint table and the CSP name these paths (server/).
/** Where browsers report to the site itself: real visitors' Core Web Vitals, and CSP violations. */
export const vitalsPath = "/vitals";
export const cspReportPath = "/csp-reports";
/** The Reporting API endpoint's name in `Reporting-Endpoints` and the policy's `report-to`. */
export const cspReportGroup = "csp";
