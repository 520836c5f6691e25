import { randomBytes } from "node:crypto";
import { compile } from "proxy-addr";
import { z } from "zod";
import { redacted, redactSecrets, sensitiveName } from "./lib/redact.ts";

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** Both of Contentful's regions: where the live preview pane frames a preview by default. */
const defaultLivePreviewOrigins = "https://app.contentful.com,https://app.eu.contentful.com";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

// HTTPS, or plain HTTP on loopback only (a local stand-in for Contentful, as the e2e tests run): an origin on plain
// HTTP elsewhere could be anyone's.
const livePreviewOrigins = z
  .string()
  .trim()
  .transform((value) => (value === "" ? defaultLivePreviewOrigins : value))
  .transform((value, ctx) => {
    const origins = value.split(",").map((item) => item.trim());
    for (const origin of origins) {
      const url = URL.parse(origin);
      const secure = url?.protocol === "https:" || (url?.protocol === "http:" && loopbackHosts.has(url.hostname));
      if (!url || !secure || url.origin !== origin) {
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(origin)} is not an origin such as https://app.contentful.com (https, or http on localhost, no path)`,
        });
        return z.NEVER;
      }
    }
    return [...new Set(origins)];
  });

/** Whether the address a request came from (`hop` 0), or one before it in X-Forwarded-For, speaks for the client. */
export type TrustProxy = (address: string, hop: number) => boolean;

const trustProxyNames = "loopback, linklocal or uniquelocal";

// Express's own syntax. A list is compiled here, once, and Express takes the function as it is; true, false and a
// hop count stay as they are, so the rate limiter can still warn of `true` or of X-Forwarded-For arriving untrusted.
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): boolean | number | TrustProxy => {
    if (value === "true") return true;
    if (value === "false" || value === "") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(",").map((item) => item.trim());
    for (const item of list) {
      try {
        compile(item);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `${JSON.stringify(item)} is not an address, a range such as 10.0.0.0/8, or ${trustProxyNames}`,
        });
        return z.NEVER;
      }
    }
    return compile(list);
  });

/** Every variable the site reads, parsed once at start (README lists them). */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
  TRUST_PROXY: trustProxy,
  DATA_DIR: z.string().min(1).default("./var"),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default("Gritstone website <website@gritstone.studio>"),
  MAIL_TO: z.string().min(3).default("hello@gritstone.studio"),
  OUTBOX_RETENTION_DAYS: positiveInt.default(30),
  DEAD_LETTER_RETENTION_DAYS: positiveInt.default(30),
  FORM_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  CONTACT_RATE_LIMIT: positiveInt.default(5),
  CONTENT_RATE_LIMIT: positiveInt.default(300),
  CONTENT_SOURCE: optionalText.pipe(z.enum(["local", "contentful"]).optional()),
  CONTENT_DIR: z.string().min(1).default("./content"),
  CONTENT_TTL_SECONDS: z.coerce.number().int().min(0).default(60),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  CACHE_TAG_HEADER: z.enum(["xkey", "Surrogate-Key", "Cache-Tag", "Edge-Cache-Tag"]).default("xkey"),
  FRONT_CACHE_URLS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const urls = value
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      for (const url of urls) {
        if (!/^https?:$/.test(URL.parse(url)?.protocol ?? "")) {
          ctx.addIssue({ code: "custom", message: `${JSON.stringify(url)} is not an http(s) URL` });
          return z.NEVER;
        }
      }
      return urls.map((url) => url.replace(/\/+$/, ""));
    }),
  CONTENTFUL_SPACE_ID: optionalText,
  CONTENTFUL_ACCESS_TOKEN: optionalText,
  CONTENTFUL_ENVIRONMENT: z.string().min(1).default("master"),
  CONTENTFUL_HOST: optionalText,
  CONTENTFUL_WEBHOOK_SECRET: optionalText,
  CONTENTFUL_WEBHOOK_SIGNING_SECRET: optionalText.pipe(
    z.string().length(64, "must be the 64-character signing secret Contentful shows").optional(),
  ),
  CONTENTFUL_PREVIEW_TOKEN: optionalText,
  CONTENTFUL_PREVIEW_HOST: z.string().min(1).default("preview.contentful.com"),
  PREVIEW_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  LIVE_PREVIEW_ORIGINS: livePreviewOrigins.prefault(defaultLivePreviewOrigins),
  PAGE_RENDER_CONCURRENCY: positiveInt.default(4),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).default(32),
  IMAGE_RESIZE_CONCURRENCY: positiveInt.default(1),
  IMAGE_RESIZE_QUEUE: z.coerce.number().int().min(0).default(16),
  IMAGE_MEMORY_CACHE_MB: positiveInt.default(32),
  IMAGE_DISK_CACHE_MB: positiveInt.default(256),
  METRICS_TOKEN: optionalText,
  ANALYTICS_ID: optionalText,
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  ENQUIRY_VISIBILITY_TIMEOUT_SECONDS: positiveInt.default(60),
  DELIVERY_RETRY_MAX_SECONDS: positiveInt.default(600),
  BUILD_VERSION: optionalText,
  BUILD_COMMIT: optionalText,
});

type Env = z.infer<typeof schema>;

export type Config = Omit<Env, "FORM_SECRET" | "CONTENT_SOURCE"> & {
  FORM_SECRET: string;
  CONTENT_SOURCE: "local" | "contentful";
  isProduction: boolean;
  /** Draft preview is on: PREVIEW_SECRET is set and, for Contentful, so is CONTENTFUL_PREVIEW_TOKEN. */
  previewEnabled: boolean;
};

// A secret's value is never shown; a URL's is shown without its credentials, or not at all when an "@" is left that
// the mask did not reach (a URL too broken to read).
function shownValue(name: string, value: string): string | undefined {
  if (sensitiveName(name)) return undefined;
  const shown = redactSecrets(JSON.stringify(value));
  return shown.replaceAll(`${redacted}@`, "").includes("@") ? undefined : shown;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses the environment; a bad value throws one line naming the variable and what is wrong, with the value only
 * where it can hold no secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    const value = typeof issue?.path[0] === "string" ? env[issue.path[0]] : undefined;
    const shown = value === undefined ? undefined : shownValue(name, value);
    throw new ConfigError(
      redactSecrets(
        `Invalid environment variable ${name}${shown === undefined ? "" : ` (${shown})`}: ${issue?.message ?? "invalid"}`,
      ),
    );
  }
  const parsed = result.data;
  const hasContentful = Boolean(parsed.CONTENTFUL_SPACE_ID && parsed.CONTENTFUL_ACCESS_TOKEN);
  const source = parsed.CONTENT_SOURCE ?? (hasContentful ? "contentful" : "local");
  if (source === "contentful" && !hasContentful) {
    throw new ConfigError(
      "Invalid environment variable CONTENT_SOURCE: contentful needs CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN",
    );
  }
  return {
    ...parsed,
    CONTENT_SOURCE: source,
    // A per-process secret keeps a single instance working; several instances must share FORM_SECRET.
    FORM_SECRET: parsed.FORM_SECRET ?? randomBytes(32).toString("hex"),
    isProduction: parsed.NODE_ENV === "production",
    previewEnabled: Boolean(parsed.PREVIEW_SECRET && (source === "local" || parsed.CONTENTFUL_PREVIEW_TOKEN)),
  };
}
