import { type DefaultTreeAdapterTypes, parse } from "parse5";

/** What a visitor (or a crawler) reads on a page, from its HTML as a browser parses it. */
export interface PageText {
  /** Every text of the document (title and body; not scripts or styles), entities decoded, whitespace collapsed. */
  text: string;
  /** The document's <title>. */
  title: string;
  /** `<meta name=… content=…>` by name. */
  meta: Map<string, string>;
  /** Every link's href, decoded. */
  hrefs: string[];
}

/** Whitespace as a reader sees it: runs collapsed to one space, none at the ends. */
export function normaliseSpace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

type Node = DefaultTreeAdapterTypes.Node;

const unread = new Set(["script", "style", "noscript"]);

function childrenOf(node: Node): Node[] {
  if (node.nodeName === "template") return (node as DefaultTreeAdapterTypes.Template).content.childNodes;
  return "childNodes" in node ? node.childNodes : [];
}

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (unread.has(node.nodeName)) return "";
  return childrenOf(node).map(textOf).join("");
}

export function readPage(html: string): PageText {
  const document = parse(html);
  const page: PageText = { text: normaliseSpace(textOf(document)), title: "", meta: new Map(), hrefs: [] };
  const visit = (node: Node) => {
    if ("attrs" in node) {
      const attrs = new Map(node.attrs.map((attr) => [attr.name, attr.value]));
      const name = attrs.get("name");
      if (node.nodeName === "meta" && name) page.meta.set(name, attrs.get("content") ?? "");
      const href = attrs.get("href");
      if (node.nodeName === "a" && href !== undefined) page.hrefs.push(href);
      if (node.nodeName === "title") page.title = normaliseSpace(textOf(node));
    }
    for (const child of childrenOf(node)) visit(child);
  };
  visit(document);
  return page;
}
