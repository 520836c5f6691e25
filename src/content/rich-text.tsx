import { documentToReactComponents, type Options } from "@contentful/rich-text-react-renderer";
import { BLOCKS, type Block, type Document, INLINES, type Inline, MARKS } from "@contentful/rich-text-types";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ContentImage } from "../components/ContentImage.tsx";
import { useFieldTags } from "../preview/inspector.tsx";
import { headingIds as computeHeadingIds } from "../shared/content/outline.ts";
import type { Asset } from "../shared/content/types.ts";
import styles from "./rich-text.module.css";

type HeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

export function RichText({
  document,
  headingIds,
  className,
  imageSizes = "(min-width: 1024px) 70ch, 100vw",
  field,
}: {
  document: Document | undefined;
  /** Shared with a contents list; computed for this document alone when absent. */
  headingIds?: WeakMap<object, string>;
  className?: string;
  imageSizes?: string;
  field?: string;
}) {
  const tags = useFieldTags()(field);
  if (!document) return null;
  const ids = headingIds ?? computeHeadingIds([document]);
  return (
    <div className={[styles.richText, className].filter(Boolean).join(" ")} {...tags}>
      {documentToReactComponents(document, richTextOptions(ids, imageSizes))}
    </div>
  );
}

function richTextOptions(ids: WeakMap<object, string>, imageSizes: string): Options {
  const heading = (Tag: HeadingTag) => (node: Block | Inline, children: ReactNode) => (
    <Tag id={ids.get(node)}>{children}</Tag>
  );
  return {
    // A soft line break (Shift+Enter in Contentful) is a "\n" inside a text; HTML would fold it into a space.
    renderText: (text) => {
      const [first, ...rest] = text.split("\n");
      return rest.reduce<ReactNode>(
        (before, line) => (
          <>
            {before}
            <br />
            {line}
          </>
        ),
        first,
      );
    },
    renderMark: {
      [MARKS.BOLD]: (text) => <strong>{text}</strong>,
      [MARKS.ITALIC]: (text) => <em>{text}</em>,
    },
    renderNode: {
      // The page title is the only h1, so an h1 inside content reads as a section heading.
      [BLOCKS.HEADING_1]: heading("h2"),
      [BLOCKS.HEADING_2]: heading("h2"),
      [BLOCKS.HEADING_3]: heading("h3"),
      [BLOCKS.HEADING_4]: heading("h4"),
      [BLOCKS.HEADING_5]: heading("h5"),
      [BLOCKS.HEADING_6]: heading("h6"),
      [BLOCKS.EMBEDDED_ASSET]: (node) => <EmbeddedAsset asset={node.data.target as Asset} sizes={imageSizes} />,
      // Entries embedded in text have no design of their own yet; showing their ids would be noise.
      [BLOCKS.EMBEDDED_ENTRY]: () => null,
      [BLOCKS.EMBEDDED_RESOURCE]: () => null,
      [BLOCKS.TABLE]: (_node, children) => (
        <div className={styles.table}>
          <table>
            <tbody>{children}</tbody>
          </table>
        </div>
      ),
      [INLINES.HYPERLINK]: (node, children) => <RichLink uri={String(node.data.uri ?? "")}>{children}</RichLink>,
      [INLINES.ENTRY_HYPERLINK]: (_node, children) => <>{children}</>,
      [INLINES.ASSET_HYPERLINK]: (node, children) => {
        const url = (node.data.target as Asset | undefined)?.fields?.file?.url;
        return url ? <a href={url.startsWith("//") ? `https:${url}` : url}>{children}</a> : children;
      },
      [INLINES.EMBEDDED_ENTRY]: () => null,
      [INLINES.EMBEDDED_RESOURCE]: () => null,
      [INLINES.RESOURCE_HYPERLINK]: (_node, children) => <>{children}</>,
    },
  };
}

/** Links inside the site navigate in place; links elsewhere open in a new tab without handing over the page. */
function RichLink({ uri, children }: { uri: string; children: ReactNode }) {
  if (uri.startsWith("/") && !uri.startsWith("//")) return <Link to={uri}>{children}</Link>;
  if (/^(https?:)?\/\//i.test(uri)) {
    return (
      <a href={uri} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <a href={uri}>{children}</a>;
}

function EmbeddedAsset({ asset, sizes }: { asset: Asset | undefined; sizes: string }) {
  const file = asset?.fields?.file;
  if (!asset || !file?.url) return null;
  if (!file.contentType?.startsWith("image/")) {
    return (
      <p>
        <a href={file.url}>{asset.fields.title ?? file.fileName}</a>
      </p>
    );
  }
  return (
    <figure className={styles.figure}>
      <ContentImage asset={asset} sizes={sizes} displayWidth={1100} />
    </figure>
  );
}
