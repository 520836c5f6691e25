import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ContentfulOptions } from "../../server/content/contentful-source.ts";
import { contentFields } from "../../src/shared/content/fields.ts";

/**
 * A stand-in for Contentful's Content Delivery API on 127.0.0.1, serving a store folder as a space: the real
 * contentful SDK talks to it over HTTP. It answers `GET /spaces/:space/environments/:env/entries` in the API's
 * JSON (items plus `includes`: the entries they link to, `include` levels deep (default 1), and the assets of
 * both) and implements the parameters the SDK sends for the site's queries: content_type, sys.id, fields.<name>
 * equality (a list matches one element), order (several, `-` for descending), select, limit (≤ 1000), skip. Like the real API it refuses unknown fields (400 InvalidQuery) and a wrong
 * token (401). Written apart from the site's query engine so the contract suite tests one against the other.
 * With the preview token it answers as the Preview API: the store's `drafts/entries` replace or add entries.
 */

type Json = Record<string, unknown>;

export interface CdaServer {
  /** `http://127.0.0.1:<port>`, what CONTENTFUL_HOST takes for a plain-HTTP stand-in. */
  origin: string;
  space: string;
  environment: string;
  token: string;
  /** The Content Preview API token: answers include the drafts. */
  previewToken: string;
  /** Every request received (path and query), in order. */
  requests: URL[];
  /** While set, every request is answered with this HTTP status. */
  failWith: number | undefined;
  /** Delay before each answer, in ms. */
  delayMs: number;
  /** Options for the contentful source to talk to this stand-in (no retries, so failures show at once). */
  sdkOptions(overrides?: Partial<ContentfulOptions>): ContentfulOptions;
  /**
   * Replaces a field value of an entry, as a publish in the web app would, and gives it the next revision; with
   * `lagMs`, the API serves it only that long after (Contentful's webhook fires before its CDN has the change).
   * Returns the revision the publish makes, as the webhook's payload carries it.
   */
  publish(entryId: string, field: string, value: unknown, options?: { lagMs?: number }): number;
  /** Takes an entry off the API (an unpublish), `lagMs` after the call; `restore` puts it back as it was. */
  unpublish(entryId: string, options?: { lagMs?: number }): { restore(): void };
  /** The revision the API serves of an entry now; null when it serves none. */
  revisionOf(entryId: string): number | null;
  close(): Promise<void>;
}

interface SpaceEntry {
  contentType: string;
  id: string;
  fields: Json;
  revision?: number;
}

const sysBase = (space: string, environment: string, id: string, type: string) => ({
  space: { sys: { type: "Link", linkType: "Space", id: space } },
  environment: { sys: { id: environment, type: "Link", linkType: "Environment" } },
  id,
  type,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  revision: 1,
  locale: "en-US",
});

function readEntries(entriesDir: string): SpaceEntry[] {
  const entries: SpaceEntry[] = [];
  if (!existsSync(entriesDir)) return entries;
  for (const contentType of readdirSync(entriesDir)) {
    for (const name of readdirSync(path.join(entriesDir, contentType)).sort()) {
      const raw = JSON.parse(readFileSync(path.join(entriesDir, contentType, name), "utf8"));
      entries.push({ contentType, id: raw.sys.id, fields: raw.fields });
    }
  }
  return entries;
}

function readSpace(storeDir: string, { drafts }: { drafts: boolean }) {
  let entries = readEntries(path.join(storeDir, "entries"));
  if (drafts) {
    const changed = readEntries(path.join(storeDir, "drafts", "entries"));
    const ids = new Set(changed.map((entry) => entry.id));
    entries = [...entries.filter((entry) => !ids.has(entry.id)), ...changed];
  }
  const assets = new Map<string, Json>();
  for (const asset of JSON.parse(readFileSync(path.join(storeDir, "assets.json"), "utf8"))) {
    assets.set(asset.sys.id, asset);
  }
  return { entries, assets };
}

function error(res: ServerResponse, status: number, id: string, message: string) {
  res.writeHead(status, { "Content-Type": "application/vnd.contentful.delivery.v1+json" });
  res.end(JSON.stringify({ sys: { type: "Error", id }, message, requestId: "stand-in" }));
}

function fieldNames(contentType: string | null): Set<string> | undefined {
  if (!contentType) return undefined;
  const fields = (contentFields as Record<string, Record<string, string>>)[contentType];
  return fields ? new Set(Object.keys(fields)) : undefined;
}

function collectLinkIds(value: unknown, linkType: "Asset" | "Entry", into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectLinkIds(item, linkType, into);
  } else if (value && typeof value === "object") {
    const sys = (value as { sys?: Json }).sys;
    if (sys?.type === "Link") {
      if (sys.linkType === linkType) into.add(String(sys.id));
    } else for (const item of Object.values(value)) collectLinkIds(item, linkType, into);
  }
}

class InvalidQuery extends Error {}

export async function startCdaServer(storeDir: string): Promise<CdaServer> {
  const space = "gritstone-space";
  const environment = "master";
  const token = "delivery-token-for-tests";
  const previewToken = "preview-token-for-tests";
  const spaces = {
    delivery: readSpace(storeDir, { drafts: false }),
    preview: readSpace(storeDir, { drafts: true }),
  };

  const toAsset = (asset: Json) => {
    const sys = asset.sys as Json;
    const fields = asset.fields as Json & { file: Json };
    const fileName = String(fields.file.fileName);
    return {
      metadata: { tags: [], concepts: [] },
      sys: sysBase(space, environment, String(sys.id), "Asset"),
      fields: {
        ...fields,
        file: { ...fields.file, url: `//images.ctfassets.net/${space}/${sys.id}/0f1e2d/${fileName}` },
      },
    };
  };

  function answer(url: URL, data: ReturnType<typeof readSpace>): Json {
    const params = url.searchParams;
    const contentType = params.get("content_type");
    const known = fieldNames(contentType);
    if (contentType && !known) throw new InvalidQuery(`Unknown content type: ${contentType}`);
    const checkField = (name: string) => {
      if (!known) throw new InvalidQuery(`A content type is required to query fields.${name}`);
      if (!known.has(name)) throw new InvalidQuery(`No field with id "${name}" found.`);
    };

    let items = data.entries.filter((entry) => !contentType || entry.contentType === contentType);
    const id = params.get("sys.id");
    if (id !== null) items = items.filter((entry) => entry.id === id);
    for (const [key, value] of params) {
      if (!key.startsWith("fields.")) continue;
      const name = key.slice("fields.".length);
      checkField(name);
      items = items.filter((entry) => {
        const field = entry.fields[name];
        return Array.isArray(field) ? field.includes(value) : field === value;
      });
    }

    const order = (params.get("order") ?? "sys.createdAt").split(",").map((term) => {
      const descending = term.startsWith("-");
      const pathName = descending ? term.slice(1) : term;
      if (pathName.startsWith("fields.")) checkField(pathName.slice("fields.".length));
      else if (!["sys.id", "sys.createdAt", "sys.updatedAt"].includes(pathName)) {
        throw new InvalidQuery(`Cannot order by ${pathName}`);
      }
      return { pathName, descending };
    });
    const sortKey = (entry: SpaceEntry, pathName: string): string | number | undefined => {
      if (pathName === "sys.id") return entry.id;
      if (!pathName.startsWith("fields.")) return 0;
      const name = pathName.slice("fields.".length);
      const value = entry.fields[name];
      if (typeof value !== "string") return undefined;
      const kind = (contentFields as Record<string, Record<string, string>>)[entry.contentType]?.[name];
      return kind === "date" ? Date.parse(value) : value;
    };
    items = [...items].sort((a, b) => {
      for (const { pathName, descending } of order) {
        const left = sortKey(a, pathName);
        const right = sortKey(b, pathName);
        if (left === right) continue;
        if (left === undefined) return 1;
        if (right === undefined) return -1;
        const difference =
          typeof left === "number" && typeof right === "number"
            ? left - right
            : pathName === "sys.id"
              ? String(left) < String(right)
                ? -1
                : 1
              : String(left).localeCompare(String(right), "en-GB");
        if (difference !== 0) return descending ? -difference : difference;
      }
      return 0;
    });

    const limit = Number(params.get("limit") ?? 100);
    const skip = Number(params.get("skip") ?? 0);
    if (!Number.isInteger(limit) || limit < 0 || limit > 1000) throw new InvalidQuery("Limit must be 0 to 1000");
    const total = items.length;
    const page = items.slice(skip, skip + limit);

    const select = params.get("select")?.split(",");
    for (const term of select ?? []) {
      if (term.startsWith("fields.")) checkField(term.slice("fields.".length));
      else if (!["sys", "sys.id", "sys.type", "fields"].includes(term)) throw new InvalidQuery(`Cannot select ${term}`);
    }
    const include = Number(params.get("include") ?? 1);
    if (!Number.isInteger(include) || include < 0 || include > 10) throw new InvalidQuery("Include must be 0 to 10");
    const entrySys = (entry: SpaceEntry) => ({
      ...sysBase(space, environment, entry.id, "Entry"),
      revision: entry.revision ?? 1,
      contentType: { sys: { type: "Link", linkType: "ContentType", id: entry.contentType } },
    });
    const assetIds = new Set<string>();
    const shaped = page.map((entry) => {
      const sys = entrySys(entry);
      let fields = entry.fields;
      if (select && !select.includes("fields")) {
        fields = Object.fromEntries(Object.entries(entry.fields).filter(([name]) => select.includes(`fields.${name}`)));
      }
      collectLinkIds(fields, "Asset", assetIds);
      const selectedSys =
        select && !select.includes("sys")
          ? Object.fromEntries(Object.entries(sys).filter(([name]) => select.includes(`sys.${name}`)))
          : sys;
      return { metadata: { tags: [], concepts: [] }, sys: selectedSys, fields };
    });
    // Like the real API: entries linked from the items, and from those up to `include` levels, with their assets.
    const includedEntries: SpaceEntry[] = [];
    const seen = new Set(page.map((entry) => entry.id));
    let level = shaped.map((item) => item.fields);
    for (let depth = 0; depth < include && level.length > 0; depth += 1) {
      const linked = new Set<string>();
      for (const fields of level) collectLinkIds(fields, "Entry", linked);
      const next = data.entries.filter((entry) => linked.has(entry.id) && !seen.has(entry.id));
      for (const entry of next) {
        seen.add(entry.id);
        includedEntries.push(entry);
        collectLinkIds(entry.fields, "Asset", assetIds);
      }
      level = next.map((entry) => entry.fields);
    }
    const included = [...assetIds].flatMap((id) => {
      const asset = data.assets.get(id);
      return asset ? [toAsset(asset)] : [];
    });
    const includes = {
      ...(includedEntries.length > 0
        ? {
            Entry: includedEntries.map((entry) => ({
              metadata: { tags: [], concepts: [] },
              sys: entrySys(entry),
              fields: entry.fields,
            })),
          }
        : {}),
      ...(included.length > 0 ? { Asset: included } : {}),
    };
    return {
      sys: { type: "Array" },
      total,
      skip,
      limit,
      items: shaped,
      ...(Object.keys(includes).length > 0 ? { includes } : {}),
    };
  }

  const requests: URL[] = [];
  /** The last revision each entry was published at, served or not yet. */
  const pendingRevisions = new Map<string, number>();
  const entriesPath = `/spaces/${space}/environments/${environment}/entries`;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    if (server.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, server.delayMs));
    if (server.failWith) return error(res, server.failWith, "ServerError", "Something went wrong");
    const api =
      req.headers.authorization === `Bearer ${token}`
        ? spaces.delivery
        : req.headers.authorization === `Bearer ${previewToken}`
          ? spaces.preview
          : undefined;
    if (!api) {
      return error(res, 401, "AccessTokenInvalid", "The access token you sent could not be found or is invalid.");
    }
    if (req.method !== "GET" || url.pathname !== entriesPath) return error(res, 404, "NotFound", "Not found");
    try {
      const body = JSON.stringify(answer(url, api));
      res.writeHead(200, { "Content-Type": "application/vnd.contentful.delivery.v1+json" });
      res.end(body);
    } catch (caught) {
      if (caught instanceof InvalidQuery) return error(res, 400, "InvalidQuery", caught.message);
      throw caught;
    }
  };
  const http = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, "ServerError", "stand-in failure"));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;

  const server: CdaServer = {
    origin: `http://127.0.0.1:${port}`,
    space,
    environment,
    token,
    previewToken,
    requests,
    failWith: undefined,
    delayMs: 0,
    sdkOptions: (overrides = {}) => ({
      space,
      accessToken: token,
      environment,
      host: server.origin,
      retryLimit: 0,
      ...overrides,
    }),
    publish(entryId, field, value, { lagMs = 0 } = {}) {
      const entry = spaces.delivery.entries.find((candidate) => candidate.id === entryId);
      if (!entry) throw new Error(`no entry ${entryId}`);
      const revision = (pendingRevisions.get(entryId) ?? entry.revision ?? 1) + 1;
      pendingRevisions.set(entryId, revision);
      const apply = () => {
        entry.fields = { ...entry.fields, [field]: value };
        entry.revision = revision;
        const draft = spaces.preview.entries.find((candidate) => candidate.id === entryId);
        if (draft) draft.fields = { ...draft.fields, [field]: value };
      };
      if (lagMs > 0) setTimeout(apply, lagMs);
      else apply();
      return revision;
    },
    unpublish(entryId, { lagMs = 0 } = {}) {
      const list = spaces.delivery.entries;
      const entry = list.find((candidate) => candidate.id === entryId);
      if (!entry) throw new Error(`no entry ${entryId}`);
      const remove = () => {
        const at = list.indexOf(entry);
        if (at !== -1) list.splice(at, 1);
      };
      const timer = lagMs > 0 ? setTimeout(remove, lagMs) : undefined;
      if (lagMs <= 0) remove();
      return {
        restore() {
          clearTimeout(timer);
          if (!list.includes(entry)) list.push(entry);
        },
      };
    },
    revisionOf(entryId) {
      const entry = spaces.delivery.entries.find((candidate) => candidate.id === entryId);
      return entry ? (entry.revision ?? 1) : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}
