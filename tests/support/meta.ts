import type { MetaDescriptor } from "react-router";

/** The content of a page's meta tag by its name or property (description, og:image, ...), as a crawler reads it. */
export function metaContent(tags: MetaDescriptor[], key: string): unknown {
  const tag = tags.find((t) => ("name" in t && t.name === key) || ("property" in t && t.property === key));
  return tag && "content" in tag ? tag.content : undefined;
}
