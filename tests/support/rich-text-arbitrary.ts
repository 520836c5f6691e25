import type { Document } from "@contentful/rich-text-types";
import fc from "fast-check";

/**
 * fast-check arbitraries for Contentful rich-text documents as an editor can write them: headings, paragraphs
 * with marks and hyperlinks, lists nested in list items to any depth, quotes, tables, rules, and links to entries
 * and assets (embedded blocks, inline embeds, entry and asset hyperlinks) by the ids the caller offers.
 */

type Node = { nodeType: string; data: Record<string, unknown>; content?: Node[]; value?: string; marks?: unknown[] };

const markTypes = ["bold", "italic", "underline", "code", "superscript", "subscript", "strikethrough"] as const;

/** Words, with the characters HTML must escape and a few beyond ASCII among them. */
const richWords = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{1,10}$/),
      fc.constantFrom("&", "<b>", '"quoted"', "it's", "£25", "café", "naïve", "—", "x>y", "&amp;"),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((words) => words.join(" "));

export interface LinkIds {
  /** Entry ids links may name (include some that do not exist to exercise unresolvable links). */
  entries: readonly string[];
  /** Asset ids links may name. */
  assets: readonly string[];
}

const link = (linkType: "Entry" | "Asset", id: string) => ({ sys: { type: "Link", linkType, id } });

/** A rich-text document whose links name `ids` (or no links at all when both lists are empty). */
export function richTextDocument(ids: LinkIds): fc.Arbitrary<Document> {
  const text = fc.record({
    nodeType: fc.constant("text"),
    value: richWords,
    marks: fc.uniqueArray(fc.constantFrom(...markTypes)).map((types) => types.map((type) => ({ type }))),
    data: fc.constant({}),
  });
  const node = (nodeType: string, content: fc.Arbitrary<Node[]>, data: fc.Arbitrary<Record<string, unknown>>) =>
    fc.record({ nodeType: fc.constant(nodeType), data, content });
  const none = fc.constant({});
  const empty = fc.constant<Node[]>([]);
  const texts = fc.array(text, { minLength: 1, maxLength: 3 });
  const entryTarget = ids.entries.length > 0 ? [fc.constantFrom(...ids.entries).map((id) => link("Entry", id))] : [];
  const assetTarget = ids.assets.length > 0 ? [fc.constantFrom(...ids.assets).map((id) => link("Asset", id))] : [];
  const target = (arbitrary: fc.Arbitrary<unknown>) => fc.record({ target: arbitrary });

  const inlines: fc.Arbitrary<Node>[] = [
    node(
      "hyperlink",
      texts,
      fc.record({ uri: fc.constantFrom("/news", "https://example.org/a?b=1&c=2", "mailto:a@b.uk") }),
    ),
    ...entryTarget.flatMap((entry) => [
      node("entry-hyperlink", texts, target(entry)),
      node("embedded-entry-inline", empty, target(entry)),
    ]),
    ...assetTarget.map((asset) => node("asset-hyperlink", texts, target(asset))),
  ];
  const inlineContent = fc.array(fc.oneof(text, ...inlines), { minLength: 1, maxLength: 4 });
  const embeds: fc.Arbitrary<Node>[] = [
    ...entryTarget.map((entry) => node("embedded-entry-block", empty, target(entry))),
    ...assetTarget.map((asset) => node("embedded-asset-block", empty, target(asset))),
  ];

  const { block } = fc.letrec<{ paragraph: Node; list: Node; listItem: Node; block: Node }>((tie) => ({
    paragraph: node("paragraph", inlineContent, none),
    listItem: node(
      "list-item",
      fc.array(fc.oneof({ depthSize: "small" }, tie("paragraph"), tie("list"), ...embeds), {
        minLength: 1,
        maxLength: 3,
      }),
      none,
    ),
    list: fc
      .constantFrom("unordered-list", "ordered-list")
      .chain((nodeType) => node(nodeType, fc.array(tie("listItem"), { minLength: 1, maxLength: 3 }), none)),
    block: fc.oneof(
      { depthSize: "small" },
      tie("paragraph"),
      fc.constantFrom(1, 2, 3, 4, 5, 6).chain((level) => node(`heading-${level}`, inlineContent, none)),
      tie("list"),
      node("blockquote", fc.array(tie("paragraph"), { minLength: 1, maxLength: 2 }), none),
      node("hr", empty, none),
      node(
        "table",
        fc.array(
          node(
            "table-row",
            fc.array(
              fc
                .constantFrom("table-cell", "table-header-cell")
                .chain((cell) => node(cell, fc.array(tie("paragraph"), { minLength: 1, maxLength: 2 }), none)),
              { minLength: 1, maxLength: 3 },
            ),
            none,
          ),
          { minLength: 1, maxLength: 3 },
        ),
        none,
      ),
      ...embeds,
    ),
  }));
  return node("document", fc.array(block, { minLength: 1, maxLength: 5 }), none) as unknown as fc.Arbitrary<Document>;
}

/** A list nested `depth` levels deep (list → list item → list …), each level with its own text. */
export function nestedList(depth: number): Document {
  let inner: Node = { nodeType: "paragraph", data: {}, content: [textNode(`level ${depth}`)] };
  for (let level = depth; level > 0; level -= 1) {
    const item = { nodeType: "list-item", data: {}, content: [paragraphOf(`level ${level - 1}`), inner] };
    inner = { nodeType: level % 2 ? "unordered-list" : "ordered-list", data: {}, content: [item] };
  }
  return { nodeType: "document", data: {}, content: [inner] } as unknown as Document;
}

const textNode = (value: string): Node => ({ nodeType: "text", value, marks: [], data: {} });
const paragraphOf = (value: string): Node => ({ nodeType: "paragraph", data: {}, content: [textNode(value)] });

/** Every text value of a rich-text tree, in document order (targets of links are not part of it). */
export function textValues(node: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    const current = value as Node;
    if (current?.nodeType === "text" && typeof current.value === "string") found.push(current.value);
    for (const child of current?.content ?? []) visit(child);
  };
  visit(node);
  return found;
}
