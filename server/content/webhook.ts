import { verifyRequest } from "@contentful/node-apps-toolkit/requests";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import type { Logger } from "pino";
import type { ContentType } from "../../src/content/types.ts";
import { fail } from "../http/refusals.ts";
import { secretMatches } from "../lib/secrets.ts";
import type { Publishes } from "./publishes.ts";
import {
  type EntryChange,
  type KnownSlugs,
  type PurgePlan,
  purgeEverything,
  purgePlan,
  readEntryChange,
  slugsNeeded,
} from "./purge-plan.ts";
import type { ContentService } from "./service.ts";

/** Contentful signs each call as it sends it. */
const signatureTtlSeconds = 30;
/** Contentful's payloads carry the whole entry; its entries are at most a few megabytes. */
const payloadLimit = "5mb";

export interface WebhookOptions {
  content: ContentService;
  publishes: Pick<Publishes, "accept">;
  /** Sent back in X-Webhook-Secret. */
  secret: string | undefined;
  /** Verifies Contentful's request signature instead. */
  signingSecret: string | undefined;
  logger: Logger;
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

function signatureValid(req: Request, signingSecret: string, body: string): boolean {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
  try {
    return verifyRequest(signingSecret, { method: "POST", path: req.originalUrl, headers, body }, signatureTtlSeconds);
  } catch {
    // Missing signature headers, or a timestamp older than the TTL.
    return false;
  }
}

// Proven by the shared secret or Contentful's signature. Mounted before every other POST's body reader, it reads its
// payload with a limit of its own.
export function contentWebhook(options: WebhookOptions): RequestHandler[] {
  const { content, secret, signingSecret, logger } = options;
  const refuse = (res: express.Response, why: string) => {
    logger.warn({ configured: Boolean(secret || signingSecret) }, `content webhook refused: ${why}`);
    res.status(401).json(fail("The webhook secret or signature is missing or wrong."));
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
  async function publish(res: express.Response, change: EntryChange | undefined, plan: PurgePlan, why: string) {
    const { waiting, purged } = options.publishes.accept(change, plan);
    logger.info(
      { contentTypes: plan.contentTypes ?? "all", paths: plan.paths ?? "all", why, waiting },
      "content webhook",
    );
    if (!waiting) await purged;
    res.status(waiting ? 202 : 200).json(purgedAnswer(plan, waiting));
  }

  // Before reading a byte of the body: a caller with neither credential is turned away at once.
  const screen: RequestHandler = (req, res, next) => {
    res.set("Cache-Control", "no-store");
    res.locals.sharedSecret = secretMatches(req.get("X-Webhook-Secret"), secret);
    if (!res.locals.sharedSecret && !(signingSecret && req.get("X-Contentful-Signature"))) {
      refuse(res, "missing or wrong secret");
      return;
    }
    next();
  };
  const readBody = express.raw({ type: () => true, limit: payloadLimit });
  // A payload too large (or badly encoded) to read: with the shared secret, purge everything rather than nothing.
  const unreadable: ErrorRequestHandler = (error, _req, res, next) => {
    const status = Number((error as { status?: number }).status);
    if (!(status >= 400 && status < 500)) return next(error);
    if (!res.locals.sharedSecret) {
      res.status(status).json(fail(status === 413 ? "The payload is too large." : "The payload could not be read."));
      return;
    }
    publish(res, undefined, purgeEverything, "unreadable payload").catch(next);
  };
  const handle: RequestHandler = async (req, res, next) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
      if (!res.locals.sharedSecret && !(signingSecret && signatureValid(req, signingSecret, raw))) {
        refuse(res, "bad or stale signature");
        return;
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
  return [screen, readBody, handle, unreadable] as RequestHandler[];
}
