import type { ContentReader } from "./content/types.ts";
import type { EnquiryDesk } from "./lib/enquiry.ts";
import type { StatusReport } from "./lib/status-report.ts";

/**
 * What loaders and actions may use. The server builds these from config (server/main.ts) and passes them in
 * through React Router's load context, so route modules never touch the environment or the network.
 */
export interface SiteServices {
  content: ContentReader;
  /** The contact form's spam question and the one way an enquiry is submitted. */
  enquiries: EnquiryDesk;
  /** This instance's state for the /status page (server/ops). */
  status(): Promise<StatusReport>;
}
