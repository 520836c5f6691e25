import type { Block, Document, Inline, Text } from "@contentful/rich-text-types";

/** Small builders for Contentful rich-text documents in tests. */
const text = (value: string, marks: string[] = []): Text => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});

const block = (nodeType: string, content: Array<Block | Inline | Text>, data: Record<string, unknown> = {}) =>
  ({ nodeType, content, data }) as unknown as Block;

export const paragraph = (...parts: Array<string | Text | Inline>) =>
  block(
    "paragraph",
    parts.map((part) => (typeof part === "string" ? text(part) : part)),
  );
export const heading = (level: 1 | 2 | 3 | 4, value: string) => block(`heading-${level}`, [text(value)]);
export const list = (...items: string[]) =>
  block(
    "unordered-list",
    items.map((item) => block("list-item", [paragraph(item)])),
  );
export const quote = (value: string) => block("blockquote", [paragraph(value)]);
export const hyperlink = (uri: string, value: string) =>
  ({ nodeType: "hyperlink", data: { uri }, content: [text(value)] }) as unknown as Inline;
export const embeddedImage = (id: string, url: string, description: string) =>
  block("embedded-asset-block", [], {
    target: {
      sys: { id },
      fields: {
        title: id,
        description,
        file: {
          url,
          fileName: `${id}.webp`,
          contentType: "image/webp",
          details: { image: { width: 1200, height: 800 } },
        },
      },
    },
  });

export const doc = (...content: Block[]): Document => ({ nodeType: "document", data: {}, content }) as Document;

/** A paragraph of n words. */
export const words = (n: number) => paragraph(Array.from({ length: n }, (_, i) => `word${i}`).join(" "));
