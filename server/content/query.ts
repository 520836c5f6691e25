import { z } from "zod";
import { ContentQueryError } from "../../src/shared/content/errors.ts";
import { type FieldKind, fieldKind } from "../../src/shared/content/fields.ts";
import { type ContentQuery, type ContentType, contentTypes, type Entry } from "../../src/shared/content/types.ts";

// One query engine for every source; a query's compiled, canonical form is also its cache key.

const defaultLimit = 100;
const maxLimit = 1000;
const maxSkip = 10_000;
const maxTextLength = 200;

const filterKeys = ["fields.slug", "fields.blogCategory", "fields.category"] as const;
const queryKeys = ["content_type", "limit", "skip", "order", "select", ...filterKeys] as const;

interface OrderTerm {
  /** `sys.id` or `fields.<name>`, as the Content Delivery API spells it. */
  path: string;
  kind: FieldKind | "id";
  descending: boolean;
}

export interface CompiledQuery {
  contentType: ContentType;
  /** A list field matches when one element equals it. */
  filters: readonly { field: string; value: string }[];
  /** Always ends with `sys.id`, so ties come out the same from every source. */
  order: readonly OrderTerm[];
  select?: readonly string[];
  limit: number;
  skip: number;
  /** Equal for queries that must give the same answer. */
  key: string;
}

const typeList = contentTypes.join(", ");

function wholeNumber(key: string, min: number, max: number) {
  const message = `"${key}" must be a whole number from ${min} to ${max}.`;
  return z.preprocess(
    // Form posts send numbers as text.
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

function text(key: string) {
  return z
    .string({ error: `"${key}" must be a string.` })
    .min(1, { error: `"${key}" must not be empty.` })
    .max(maxTextLength, { error: `"${key}" is too long (at most ${maxTextLength} characters).` });
}

function unknownKeyMessage(key: string): string {
  if (key.startsWith("fields.")) {
    return `Unknown filter "${key}": filter by ${filterKeys.join(", ")}.`;
  }
  return `Unknown key "${key}": a query takes ${queryKeys.join(", ")}.`;
}

const querySchema = z.strictObject(
  {
    content_type: z.enum(contentTypes, {
      error: (issue) =>
        issue.input === undefined
          ? `"content_type" is required: one of ${typeList}.`
          : `"content_type" must be one of ${typeList}.`,
    }),
    limit: wholeNumber("limit", 1, maxLimit).optional(),
    skip: wholeNumber("skip", 0, maxSkip).optional(),
    order: text("order").optional(),
    select: text("select").optional(),
    "fields.slug": text("fields.slug").optional(),
    "fields.blogCategory": text("fields.blogCategory").optional(),
    "fields.category": text("fields.category").optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? unknownKeyMessage(String(issue.keys[0]))
        : `The query must be a JSON object with "content_type" (one of ${typeList}).`,
  },
);

const termPattern = /^(-?)(sys\.id|fields\.([A-Za-z][A-Za-z0-9_]*))$/;

function splitTerms(value: string): string[] {
  return value.split(",").map((term) => term.trim());
}

function compileOrder(contentType: ContentType, order: string | undefined): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const term of order === undefined ? [] : splitTerms(order)) {
    const match = termPattern.exec(term);
    if (!match) {
      throw new ContentQueryError(
        `"order" takes sys.id or fields.<name>, each optionally with "-" for descending, separated by commas; "${term}" is not one.`,
      );
    }
    const [, minus, path = "", field] = match;
    let kind: OrderTerm["kind"] = "id";
    if (field !== undefined) {
      const found = fieldKind(contentType, field);
      if (!found) throw new ContentQueryError(`"order" names "${path}", which ${contentType} does not have.`);
      if (found !== "text" && found !== "date") {
        throw new ContentQueryError(`"order" cannot sort by "${path}": only text and date fields can be ordered.`);
      }
      kind = found;
    }
    if (!terms.some((known) => known.path === path)) terms.push({ path, kind, descending: minus === "-" });
  }
  if (!terms.some((term) => term.path === "sys.id")) terms.push({ path: "sys.id", kind: "id", descending: false });
  return terms;
}

function compileSelect(contentType: ContentType, select: string | undefined): string[] | undefined {
  if (select === undefined) return undefined;
  const fields = new Set<string>();
  for (const term of splitTerms(select)) {
    const match = termPattern.exec(term);
    if (!match || match[1] === "-") {
      throw new ContentQueryError(
        `"select" takes sys.id and fields.<name>, separated by commas; "${term}" is not one.`,
      );
    }
    const field = match[3];
    if (field === undefined) continue;
    if (!fieldKind(contentType, field)) {
      throw new ContentQueryError(`"select" names "${match[2]}", which ${contentType} does not have.`);
    }
    fields.add(field);
  }
  return [...fields].sort();
}

/** Throws a ContentQueryError whose message names the offending key. */
export function compileQuery(input: unknown): CompiledQuery {
  const parsed = querySchema.safeParse(input ?? {});
  if (!parsed.success) {
    throw new ContentQueryError(parsed.error.issues[0]?.message ?? "The query is not valid.");
  }
  const query: ContentQuery = parsed.data;
  const contentType = query.content_type;
  const filters: { field: string; value: string }[] = [];
  for (const key of filterKeys) {
    const value = query[key];
    if (value === undefined) continue;
    const field = key.slice("fields.".length);
    if (!fieldKind(contentType, field)) {
      throw new ContentQueryError(`"${key}" does not apply to ${contentType}, which has no field "${field}".`);
    }
    filters.push({ field, value });
  }
  const order = compileOrder(contentType, query.order);
  const select = compileSelect(contentType, query.select);
  const limit = query.limit ?? defaultLimit;
  const skip = query.skip ?? 0;
  const key = JSON.stringify([
    contentType,
    filters.map((filter) => [filter.field, filter.value]),
    order.map((term) => `${term.descending ? "-" : ""}${term.path}`),
    select ?? null,
    limit,
    skip,
  ]);
  return { contentType, filters, order, select, limit, skip, key };
}

export function toDeliveryParams(query: CompiledQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    content_type: query.contentType,
    limit: query.limit,
    skip: query.skip,
    order: query.order.map((term) => `${term.descending ? "-" : ""}${term.path}`).join(","),
  };
  if (query.select) params.select = ["sys.id", ...query.select.map((field) => `fields.${field}`)].join(",");
  for (const filter of query.filters) params[`fields.${filter.field}`] = filter.value;
  return params;
}

function matches(value: unknown, wanted: string): boolean {
  return Array.isArray(value) ? value.includes(wanted) : value === wanted;
}

const collator = new Intl.Collator("en-GB");

function sortValue(entry: Entry, term: OrderTerm): string | number | undefined {
  const value = term.kind === "id" ? entry.sys.id : entry.fields[term.path.slice("fields.".length)];
  if (typeof value !== "string") return undefined;
  if (term.kind === "date") {
    const time = Date.parse(value);
    return Number.isNaN(time) ? undefined : time;
  }
  return value;
}

function compareEntries(order: readonly OrderTerm[]) {
  return (a: Entry, b: Entry): number => {
    for (const term of order) {
      const left = sortValue(a, term);
      const right = sortValue(b, term);
      if (left === right) continue;
      // Entries without the value come last in either direction.
      if (left === undefined) return 1;
      if (right === undefined) return -1;
      let difference: number;
      if (typeof left === "number" && typeof right === "number") difference = left - right;
      else if (term.kind === "id") difference = left < right ? -1 : 1;
      else difference = collator.compare(String(left), String(right));
      if (difference !== 0) return term.descending ? -difference : difference;
    }
    return 0;
  };
}

export function shapeEntry(id: string, fields: Record<string, unknown>, query: CompiledQuery): Entry {
  let shaped = fields;
  if (query.select) {
    shaped = {};
    for (const field of query.select) {
      if (Object.hasOwn(fields, field)) shaped[field] = fields[field];
    }
  }
  return { sys: { id, contentType: { sys: { id: query.contentType } } }, fields: shaped };
}

export function runQuery(entries: readonly Entry[], query: CompiledQuery): Entry[] {
  return entries
    .filter((entry) => query.filters.every((filter) => matches(entry.fields[filter.field], filter.value)))
    .sort(compareEntries(query.order))
    .slice(query.skip, query.skip + query.limit)
    .map((entry) => shapeEntry(entry.sys.id, entry.fields, query));
}
