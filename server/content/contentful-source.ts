import { createClient } from "contentful";
import type { Logger } from "pino";
import { ContentQueryError } from "../../src/shared/content/errors.ts";
import {
  type LinkedObject,
  type LinkResolution,
  mapLinks,
  removeLink,
  trimAsset,
} from "../../src/shared/content/links.ts";
import type { AssetFile } from "../../src/shared/content/types.ts";
import { type CompiledQuery, shapeEntry, toDeliveryParams } from "./query.ts";
import type { ContentSource } from "./source.ts";

/** Pages load images from here, so the CSP must allow it. */
const contentfulImageOrigins = ["https://images.ctfassets.net"] as const;

export interface ContentfulOptions {
  space: string;
  accessToken: string;
  environment: string;
  /** `cdn.contentful.com` unless given; `http://host:port` for a local stand-in. */
  host?: string;
  /** Per request; a loader waits about this long times the attempts before the page shows its placeholder. */
  timeoutMs?: number;
  /** Retries after a connection error, 5xx or 429, each after the SDK's own backoff. */
  retryLimit?: number;
  logger?: Logger;
}

export function parseContentfulHost(value: string | undefined): { host?: string; insecure: boolean } {
  if (!value) return { insecure: false };
  const match = /^(https?):\/\/([^/]+)\/?$/.exec(value);
  if (match) return { host: match[2], insecure: match[1] === "http" };
  return { host: value.replace(/\/+$/, ""), insecure: false };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

interface DeliveryAnswer {
  items: readonly LinkedObject[];
  includes?: { Entry?: readonly LinkedObject[]; Asset?: readonly LinkedObject[] };
}

// The SDK's own link resolution is not used: it copies the answer with a depth limit of 1,000 levels and hands
// loops of entries over as circular objects. Links to anything the answer did not send are removed.
function resolveDelivery(answer: DeliveryAnswer, itemType: string): { id: string; fields: Record<string, unknown> }[] {
  // Items are entries of the queried type; with `select` their sys may hold nothing but the id.
  const entries = new Map<string, { contentType: string; fields: unknown }>();
  for (const item of answer.items) entries.set(String(item.sys.id), { contentType: itemType, fields: item.fields });
  for (const { sys, fields } of answer.includes?.Entry ?? []) {
    const type = isObject(sys.contentType) && isObject(sys.contentType.sys) ? sys.contentType.sys.id : undefined;
    entries.set(String(sys.id), { contentType: String(type), fields });
  }
  const assets = new Map((answer.includes?.Asset ?? []).map(({ sys, fields }) => [String(sys.id), fields]));
  const visit = ({ sys }: LinkedObject): LinkResolution => {
    const id = String(sys.id);
    if (sys.type === "Link" && sys.linkType === "Asset") {
      const fields = assets.get(id);
      if (isObject(fields) && isObject(fields.file)) {
        return { target: trimAsset(id, fields as { title?: unknown; description?: unknown; file: AssetFile }) };
      }
    }
    if (sys.type === "Link" && sys.linkType === "Entry") {
      const entry = entries.get(id);
      if (entry && isObject(entry.fields)) return { entry: { id, ...entry } };
    }
    return removeLink;
  };
  // The items are given in full, so a link to one of them (or back to itself) becomes a reference.
  const given = new Set(answer.items.map((item) => String(item.sys.id)));
  return answer.items.map((item) => ({
    id: String(item.sys.id),
    fields: mapLinks(isObject(item.fields) ? item.fields : {}, visit, given) as Record<string, unknown>,
  }));
}

interface DeliveryFailure {
  status?: number;
  message?: string;
}

function readFailure(error: unknown): DeliveryFailure {
  try {
    const parsed = JSON.parse((error as Error).message) as DeliveryFailure;
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A refused query (400) is the caller's to fix; anything else means Contentful did not answer. */
function classify(error: unknown): Error {
  const failure = readFailure(error);
  const name = (error as Error).name;
  if (failure.status === 400 || failure.status === 422 || name === "InvalidQuery" || name === "BadRequest") {
    return new ContentQueryError(`Contentful refused the query: ${failure.message || name}`);
  }
  const detail = failure.status ? `${name} (HTTP ${failure.status})` : (error as Error).message || name;
  return new Error(`Contentful did not answer: ${detail}`, { cause: error });
}

export function createContentfulSource(options: ContentfulOptions): ContentSource {
  const { host, insecure } = parseContentfulHost(options.host);
  const retryLimit = options.retryLimit ?? 1;
  const logger = options.logger;
  const client = createClient({
    space: options.space,
    accessToken: options.accessToken,
    environment: options.environment,
    host,
    insecure,
    timeout: options.timeoutMs ?? 5_000,
    retryOnError: retryLimit > 0,
    retryLimit,
    // The service logs each failure once with its query; the SDK's own lines are detail.
    logHandler: (level, data) => logger?.debug({ sdk: level, detail: data }, "contentful sdk"),
  });
  type Params = Parameters<typeof client.getEntries>[0];

  return {
    name: "contentful",
    imageOrigins: contentfulImageOrigins,
    async getEntries(query: CompiledQuery) {
      let answer: DeliveryAnswer;
      try {
        answer = (await client.withoutLinkResolution.getEntries(toDeliveryParams(query) as Params)) as DeliveryAnswer;
      } catch (error) {
        throw classify(error);
      }
      return {
        items: resolveDelivery(answer, query.contentType).map(({ id, fields }) => shapeEntry(id, fields, query)),
      };
    },
    async revisionOf(entryId) {
      try {
        const answer = (await client.withoutLinkResolution.getEntries({
          "sys.id": entryId,
          select: ["sys"],
          limit: 1,
        } as Params)) as DeliveryAnswer;
        const revision = (answer.items[0]?.sys as { revision?: unknown } | undefined)?.revision;
        return typeof revision === "number" ? revision : null;
      } catch (error) {
        throw classify(error);
      }
    },
    async ping() {
      try {
        await client.getEntries({ limit: 1, select: ["sys.id"] } as Params);
      } catch (error) {
        throw classify(error);
      }
    },
  };
}
