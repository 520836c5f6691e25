// Shared with the server: the news feed reads articles' outlines (server/content/feed.ts).
import type { Block, Document, Inline, Text } from "@contentful/rich-text-types";

type RichNode = Block | Inline | Text | Document;

function isText(node: RichNode): node is Text {
  return node.nodeType === "text";
}

export function plainText(node: RichNode): string {
  if (isText(node)) return node.value;
  return (node.content ?? []).map((child) => plainText(child as RichNode)).join("");
}

function nodesOfType(document: Document | undefined, nodeType: string): Block[] {
  const found: Block[] = [];
  const visit = (node: RichNode) => {
    if (isText(node)) return;
    if (node.nodeType === nodeType) found.push(node as Block);
    for (const child of node.content ?? []) visit(child as RichNode);
  };
  if (document) visit(document);
  return found;
}

/** A URL fragment from heading text: "Why it works (mostly)" → "why-it-works-mostly". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const headingTypes = new Set(["heading-1", "heading-2", "heading-3", "heading-4", "heading-5", "heading-6"]);

/** Ids the page itself already uses, so a heading called "Main" never steals the skip link's target. */
const reservedIds = ["main", "contents", "top"];

/** Unique per page; the renderer and the contents list both read this one map, so a heading and its link agree. */
export function headingIds(documents: Array<Document | undefined>): WeakMap<object, string> {
  const ids = new WeakMap<object, string>();
  const used = new Set(reservedIds);
  for (const document of documents) {
    const visit = (node: RichNode) => {
      if (isText(node)) return;
      if (headingTypes.has(node.nodeType)) {
        const base = slugify(plainText(node)) || "section";
        let id = base;
        for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
        used.add(id);
        ids.set(node, id);
        return;
      }
      for (const child of node.content ?? []) visit(child as RichNode);
    };
    if (document) visit(document);
  }
  return ids;
}

export interface ContentsEntry {
  id: string;
  title: string;
}

export function contentsOf(documents: Array<Document | undefined>, ids = headingIds(documents)): ContentsEntry[] {
  return documents.flatMap((document) =>
    nodesOfType(document, "heading-2").flatMap((heading) => {
      const id = ids.get(heading);
      const title = plainText(heading).trim();
      return id && title ? [{ id, title }] : [];
    }),
  );
}

/** Paragraphs inside lists and quotes count too. */
export function paragraphWordCount(documents: Array<Document | undefined>): number {
  let words = 0;
  for (const document of documents) {
    for (const paragraph of nodesOfType(document, "paragraph")) {
      words += plainText(paragraph).split(/\s+/).filter(Boolean).length;
    }
  }
  return words;
}
