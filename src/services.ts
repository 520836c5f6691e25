import type { ContentReader } from "./content/types.ts";
import type { StatusReport } from "./lib/status-report.ts";

/**
 * What loaders and actions may use. The server builds these from config (server/main.ts) and passes them in
 * through React Router's load context, so route modules never touch the environment or the network.
 */
export interface SiteServices {
  content: ContentReader;
  /** This instance's state for the /status page (server/ops). */
  status(): Promise<StatusReport>;
}
