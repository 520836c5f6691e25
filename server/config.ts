import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
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
  FORM_SECRET_FILE: optionalText,
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
  REDIS_PASSWORD_FILE: optionalText,
  ENQUIRY_VISIBILITY_TIMEOUT_SECONDS: positiveInt.default(60),
  DELIVERY_RETRY_MAX_SECONDS: positiveInt.default(600),
  BUILD_VERSION: optionalText,
  BUILD_COMMIT: optionalText,
});

type Env = z.infer<typeof schema>;

export type Config = Omit<Env, "CONTENT_SOURCE"> & {
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
  if (parsed.FORM_SECRET && parsed.FORM_SECRET_FILE) {
    throw new ConfigError(
      "Invalid environment variable FORM_SECRET_FILE: set FORM_SECRET or FORM_SECRET_FILE, not both",
    );
  }
  if (parsed.REDIS_PASSWORD_FILE && URL.parse(parsed.REDIS_URL ?? "")?.password) {
    throw new ConfigError(
      "Invalid environment variable REDIS_PASSWORD_FILE: REDIS_URL carries a password already; set one of the two",
    );
  }
  return {
    ...parsed,
    CONTENT_SOURCE: source,
    isProduction: parsed.NODE_ENV === "production",
    previewEnabled: Boolean(parsed.PREVIEW_SECRET && (source === "local" || parsed.CONTENTFUL_PREVIEW_TOKEN)),
  };
}

/** What the site reads from files rather than the environment: read once at start, by the composition root. */
export interface Secrets {
  formSecret: string;
  /** REDIS_URL, with the password from REDIS_PASSWORD_FILE when that is set. */
  redisUrl: string | undefined;
}

const secretBytes = 32;
const minimumSecretLength = 16;

/**
 * FORM_SECRET, else FORM_SECRET_FILE, else `DATA_DIR/form-secret`, made once per install: every instance sharing the
 * data folder (or the file) signs and checks with the same one. A file that cannot be read is one line naming it.
 */
export async function readSecrets(
  config: Pick<Config, "FORM_SECRET" | "FORM_SECRET_FILE" | "DATA_DIR" | "REDIS_URL" | "REDIS_PASSWORD_FILE">,
): Promise<Secrets> {
  const formSecret =
    config.FORM_SECRET ??
    (config.FORM_SECRET_FILE
      ? await secretFrom("FORM_SECRET_FILE", config.FORM_SECRET_FILE)
      : await installSecret(path.join(config.DATA_DIR, "form-secret")));
  return { formSecret, redisUrl: await readRedisUrl(config) };
}

/** REDIS_URL, with the password from REDIS_PASSWORD_FILE when that is set. */
export async function readRedisUrl({
  REDIS_URL,
  REDIS_PASSWORD_FILE,
}: Pick<Config, "REDIS_URL" | "REDIS_PASSWORD_FILE">): Promise<string | undefined> {
  if (!REDIS_URL || !REDIS_PASSWORD_FILE) return REDIS_URL;
  const url = new URL(REDIS_URL);
  url.password = encodeURIComponent(await secretFrom("REDIS_PASSWORD_FILE", REDIS_PASSWORD_FILE, 1));
  return url.toString();
}

/** The file's first line; the error names the variable and the file, never what it holds. */
async function secretFrom(variable: string, file: string, minimum = minimumSecretLength): Promise<string> {
  let value: string;
  try {
    value = (await readFile(file, "utf8")).split(/\r?\n/)[0]?.trim() ?? "";
  } catch (error) {
    throw new ConfigError(
      `Invalid environment variable ${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
    );
  }
  if (value.length < minimum) {
    throw new ConfigError(`Invalid environment variable ${variable}: ${file} holds fewer than ${minimum} characters`);
  }
  return value;
}

// Written whole under another name, then linked into place: link never replaces a file, so instances starting at
// once all end up reading the one that got there first.
async function installSecret(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temp, `${randomBytes(secretBytes).toString("hex")}\n`, { mode: 0o600, flag: "wx", flush: true });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp);
  }
  return secretFrom("DATA_DIR", file);
}
