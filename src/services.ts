// Shared with the server: the server builds these services and hands them to the pages (server/services.ts, server/app.ts).
import type { ContentReader } from "./content/types.ts";
import type { EnquiryDesk } from "./lib/enquiry-desk.ts";
import type { StatusReport } from "./lib/status-report.ts";

/** Settings pages need from the server's config: nothing secret, all safe to hand to the browser. */
export interface SiteSettings {
  /** The canonical origin (SITE_URL): canonical links, social cards, the sitemap. */
  siteUrl: string;
  /** The analytics site id (ANALYTICS_ID); analytics loads only when set and only after consent. */
  analyticsId?: string;
  /** How many days delivered enquiries stay in the outbox (OUTBOX_RETENTION_DAYS); the privacy policy says so. */
  outboxRetentionDays: number;
  /** This request shows drafts (an editor's preview cookie): pages show the preview banner. */
  preview?: boolean;
  /**
   * In preview only: the origins of Contentful's web app (LIVE_PREVIEW_ORIGINS) that may frame the page, the
   * live preview SDK's `targetOrigin` (decision 0215).
   */
  livePreviewOrigins?: readonly string[];
}

/** Where pages log what they handle themselves: the server's logger (pino's satisfies it). */
export interface PageLogger {
  warn(details: object, message: string): void;
}

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
  settings: SiteSettings;
  /**
   * The text of the given stylesheets of the client build, for a document to carry inline (production only;
   * without it, pages link their stylesheets).
   */
  pageStyles?: (hrefs: readonly string[]) => string;
  logger: PageLogger;
}
