import {
  BLOCKS,
  type Block,
  type Document,
  INLINES,
  type Inline,
  type Link,
  MARKS,
  type Paragraph,
  type Text,
  type TopLevelBlock,
} from "@contentful/rich-text-types";

/**
 * Contentful rich text from a small slice of Markdown, so the sample copy reads like copy:
 *   ## Heading 2        ### Heading 3        - bullet        1. numbered        > quote
 *   ![[asset-id]]       an embedded asset on its own line
 *   **bold**  _italic_  [a link](https://…)   inside any line
 * Blank lines separate blocks; the lines of a paragraph are joined with spaces.
 */

export type AssetLink = Link<"Asset">;

export function assetLink(id: string): AssetLink {
  return { sys: { type: "Link", linkType: "Asset", id } };
}

function textNode(value: string, marks: MARKS[] = []): Text {
  return { nodeType: "text", value, marks: marks.map((type) => ({ type })), data: {} };
}

/** Inline Markdown (bold, italic, links) to Contentful inline nodes. */
function inline(source: string): Array<Text | Inline> {
  const nodes: Array<Text | Inline> = [];
  const pattern = /\*\*(.+?)\*\*|(?<![\w])_(.+?)_(?![\w])|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > last) nodes.push(textNode(source.slice(last, match.index)));
    const [, bold, italic, label, uri] = match;
    if (bold !== undefined) nodes.push(textNode(bold, [MARKS.BOLD]));
    else if (italic !== undefined) nodes.push(textNode(italic, [MARKS.ITALIC]));
    else if (label !== undefined && uri !== undefined)
      nodes.push({ nodeType: INLINES.HYPERLINK, data: { uri }, content: [textNode(label)] });
    last = match.index + match[0].length;
  }
  if (last < source.length) nodes.push(textNode(source.slice(last)));
  // Contentful's editor always frames inline content with text nodes; so do we.
  if (nodes[0]?.nodeType !== "text") nodes.unshift(textNode(""));
  if (nodes.at(-1)?.nodeType !== "text") nodes.push(textNode(""));
  return nodes;
}

function paragraph(source: string): Paragraph {
  return { nodeType: BLOCKS.PARAGRAPH, data: {}, content: inline(source) };
}

function block(nodeType: BLOCKS, content: Block["content"]): Block {
  return { nodeType, data: {}, content };
}

function list(nodeType: BLOCKS.UL_LIST | BLOCKS.OL_LIST, items: string[]): Block {
  return block(
    nodeType,
    items.map((item) => block(BLOCKS.LIST_ITEM, [paragraph(item)])),
  );
}

/** A rich-text document from the Markdown slice described above. */
export function md(source: string): Document {
  const lines = source.split("\n").map((line) => line.trim());
  const content: TopLevelBlock[] = [];
  let i = 0;
  const marker = /^(#{2,3} |- |\d+\. |>|!\[\[)/;
  // Consecutive lines with the prefix; a following line with no marker continues the item before it.
  const run = (prefix: RegExp) => {
    const items: string[] = [];
    while (i < lines.length && prefix.test(lines[i] ?? "")) {
      let item = (lines[i++] ?? "").replace(prefix, "");
      while (i < lines.length && (lines[i] ?? "") !== "" && !marker.test(lines[i] ?? "")) item += ` ${lines[i++]}`;
      items.push(item);
    }
    return items;
  };
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line === "") {
      i++;
    } else if (line.startsWith("### ")) {
      content.push(block(BLOCKS.HEADING_3, inline(line.slice(4))) as TopLevelBlock);
      i++;
    } else if (line.startsWith("## ")) {
      content.push(block(BLOCKS.HEADING_2, inline(line.slice(3))) as TopLevelBlock);
      i++;
    } else if (/^- /.test(line)) {
      content.push(list(BLOCKS.UL_LIST, run(/^- /)) as TopLevelBlock);
    } else if (/^\d+\. /.test(line)) {
      content.push(list(BLOCKS.OL_LIST, run(/^\d+\. /)) as TopLevelBlock);
    } else if (line.startsWith(">")) {
      const quoted = run(/^> ?/);
      const paragraphs = quoted
        .join("\n")
        .split(/\n\s*\n/)
        .map((text) => paragraph(text.replace(/\n/g, " ").trim()));
      content.push(block(BLOCKS.QUOTE, paragraphs) as TopLevelBlock);
    } else if (/^!\[\[[\w-]+\]\]$/.test(line)) {
      const id = line.slice(3, -2);
      content.push({ nodeType: BLOCKS.EMBEDDED_ASSET, data: { target: assetLink(id) }, content: [] } as TopLevelBlock);
      i++;
    } else {
      const text: string[] = [];
      while (i < lines.length && (lines[i] ?? "") !== "" && !marker.test(lines[i] ?? "")) text.push(lines[i++] ?? "");
      content.push(paragraph(text.join(" ")) as TopLevelBlock);
    }
  }
  return { nodeType: BLOCKS.DOCUMENT, data: {}, content };
}
