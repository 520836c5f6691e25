import { verifyRequest } from "@contentful/node-apps-toolkit/requests";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { ContentType } from "../../src/shared/content/types.ts";
import { bodyReader } from "../http/body.ts";
import { fail } from "../http/refusals.ts";
import type { Claims } from "../lib/claims.ts";
import { secretMatches } from "../lib/secrets.ts";
import type { Publishes } from "./publishes.ts";
import {
  type EntryChange,
  type KnownSlugs,
  type PurgePlan,
  purgePlan,
  readEntryChange,
  slugsNeeded,
} from "./purge-plan.ts";
import type { ContentService } from "./service.ts";

/** Contentful signs each call as it sends it. */
const signatureTtlSeconds = 30;
/**
 * Contentful's payloads carry the whole entry, and its Management API takes requests of at most 1 MB (its published
 * technical limits, "Request size"), so no entry it sends is larger: twice that leaves room for the payload's sys.
 */
export const webhookPayloadLimitBytes = 2 * 1024 * 1024;

export interface WebhookOptions {
  content: ContentService;
  publishes: Pick<Publishes, "accept">;
  /** Sent back in X-Webhook-Secret; not accepted alone once a signing secret is set. */
  secret: string | undefined;
  /** Verifies Contentful's request signature instead. */
  signingSecret: string | undefined;
  /** Remembers each signature heard, so a replay of a signed call purges nothing. */
  signatures: Claims;
  logger: Logger;
  now?: () => number;
}

async function knownSlugs(content: ContentService, types: ContentType[]): Promise<KnownSlugs> {
  const known: KnownSlugs = {};
  await Promise.all(
    types.map(async (type) => {
      try {
        const { items } = await content.getEntries<{ slug?: unknown }>({
          content_type: type,
          select: "sys.id,fields.slug",
          limit: 1000,
        });
        const slugs = new Map<string, string>();
        for (const item of items) if (typeof item.fields.slug === "string") slugs.set(item.sys.id, item.fields.slug);
        known[type] = slugs;
      } catch {
        // Unknown: the plan falls back to every page.
      }
    }),
  );
  return known;
}

/** How long a signature stays valid from now; undefined when it is not valid, or dated further ahead than that life. */
function signatureLifeMs(req: Request, signingSecret: string, body: string, now: number): number | undefined {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
  const timestamp = Number(headers["x-contentful-timestamp"]);
  // The signature would stay valid until its time is 30 s past: one far ahead could not be remembered that long.
  if (!(timestamp <= now + signatureTtlSeconds * 1000)) return undefined;
  try {
    const path = req.originalUrl;
    if (!verifyRequest(signingSecret, { method: "POST", path, headers, body }, signatureTtlSeconds)) return undefined;
  } catch {
    // Missing signature headers, or a timestamp older than the TTL.
    return undefined;
  }
  return timestamp + signatureTtlSeconds * 1000 - now;
}

const refusals = {
  credentials: "The webhook secret or signature is missing or wrong.",
  signatureOnly:
    "This site checks Contentful's request signature: the shared secret alone is not accepted. Enable request verification for the webhook.",
  heard: "This signed request was heard already: each is accepted once.",
};

// Proven by Contentful's signature where a signing secret is set, by the shared secret otherwise. Mounted before every
// other POST's body reader, it reads its payload with a limit of its own: a signature is checked over the body.
export function contentWebhook(options: WebhookOptions): RequestHandler[] {
  const { content, secret, signingSecret, signatures, logger } = options;
  const now = options.now ?? Date.now;
  const refuse = (res: Response, why: keyof typeof refusals, status = 401) => {
    logger.warn({ configured: Boolean(secret || signingSecret), reason: why }, "content webhook refused");
    res.status(status).json(fail(refusals[why]));
  };

  const purgedAnswer = (plan: PurgePlan, waiting: boolean) => ({
    status: "success",
    message: waiting
      ? "The pages that show the entry will be purged as soon as the Delivery API serves the change."
      : plan.contentTypes === undefined
        ? "Everything was purged."
        : "The pages that show the entry were purged.",
    purged: { contentTypes: plan.contentTypes ?? "all", paths: plan.paths ?? "all" },
  });

  /** Answers once this instance is purged, or at once when the change must be waited for. */
  async function publish(res: Response, change: EntryChange | undefined, plan: PurgePlan, why: string) {
    const { waiting, purged } = options.publishes.accept(change, plan);
    logger.info(
      { contentTypes: plan.contentTypes ?? "all", paths: plan.paths ?? "all", why, waiting },
      "content webhook",
    );
    if (!waiting) await purged;
    res.status(waiting ? 202 : 200).json(purgedAnswer(plan, waiting));
  }

  // Before reading a byte of the body: a caller without the credential this site takes is turned away at once.
  const screen: RequestHandler = (req, res, next) => {
    res.set("Cache-Control", "no-store");
    const sharedSecret = secretMatches(req.get("X-Webhook-Secret"), secret);
    if (signingSecret && !req.get("X-Contentful-Signature")) {
      refuse(res, sharedSecret ? "signatureOnly" : "credentials");
      return;
    }
    if (!signingSecret && !sharedSecret) {
      refuse(res, "credentials");
      return;
    }
    next();
  };
  const handle: RequestHandler = async (req, res, next) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
      if (signingSecret) {
        const lifeMs = signatureLifeMs(req, signingSecret, raw, now());
        if (lifeMs === undefined) {
          refuse(res, "credentials");
          return;
        }
        // Remembered until it would be refused as stale anyway: a replay inside its 30 s purges nothing.
        if (!(await signatures.claim(req.get("X-Contentful-Signature") ?? "", lifeMs))) {
          refuse(res, "heard", 409);
          return;
        }
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        payload = undefined;
      }
      const change = readEntryChange(req.get("X-Contentful-Topic"), payload);
      const known = change ? await knownSlugs(content, slugsNeeded(change.contentType)) : {};
      const plan = purgePlan(change, known);
      await publish(
        res,
        change,
        plan,
        change ? `${change.contentType} ${change.id} ${change.action}` : "unreadable payload",
      );
    } catch (error) {
      next(error);
    }
  };
  return [screen, bodyReader(webhookPayloadLimitBytes), handle];
}
