import { ContentImage } from "../components/ContentImage.tsx";
import { useFieldTags } from "../preview/inspector.tsx";
import type { Asset } from "./types.ts";

/**
 * An entry's images, each in its own figure and tagged in preview with the entry's field it comes from: `field`
 * names it, or each image's. `sizes` and `displayWidth` as for ContentImage. Beside rich-text.tsx because the pages
 * that show an entry's images (post, project, service) are the ones that show its rich text: the two share one file
 * of the browser's code, in the same place among each page's scripts and styles.
 */
export function ContentFigures({
  images,
  field,
  className,
  sizes,
  displayWidth,
}: {
  images: Asset[] | undefined;
  field: string | ((image: Asset) => string) | undefined;
  className: string | undefined;
  sizes: string;
  displayWidth: number;
}) {
  const tags = useFieldTags();
  return images?.map((image) => (
    <figure key={image.sys.id} className={className}>
      <ContentImage
        asset={image}
        {...tags(typeof field === "function" ? field(image) : field)}
        sizes={sizes}
        displayWidth={displayWidth}
      />
    </figure>
  ));
}
