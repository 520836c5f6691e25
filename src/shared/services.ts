// Shared with the server: the server builds these services and hands them to the pages (server/services.ts, server/app.ts).
import type { ContentReader } from "./content/types.ts";
import type { EnquiryHandler } from "./enquiry-api.ts";
import type { StatusReport } from "./status-report.ts";

/** Nothing secret: all safe to hand to the browser. */
interface SiteSettings {
  siteUrl: string;
  analyticsId?: string;
  /** The privacy policy says how long delivered enquiries stay in the outbox (OUTBOX_RETENTION_DAYS). */
  outboxRetentionDays: number;
  /** And how long undeliverable ones are kept (DEAD_LETTER_RETENTION_DAYS). */
  deadLetterRetentionDays: number;
  preview?: boolean;
  /** In preview only: the origins of Contentful's web app that may frame the page (LIVE_PREVIEW_ORIGINS). */
  livePreviewOrigins?: readonly string[];
}

interface PageLogger {
  warn(details: object, message: string): void;
}

/** Passed in through React Router's load context, so route modules never touch the environment or the network. */
export interface SiteServices {
  content: ContentReader;
  enquiries: EnquiryHandler;
  status(): Promise<StatusReport>;
  settings: SiteSettings;
  /** Production only: the stylesheets' text, for a document to carry inline; without it, pages link them. */
  pageStyles?: (hrefs: readonly string[]) => string;
  logger: PageLogger;
}
