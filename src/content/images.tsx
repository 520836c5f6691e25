import { ContentImage } from "../components/ContentImage.tsx";
import { useFieldTags } from "../preview/inspector.tsx";
import type { Asset } from "../shared/content/types.ts";

// Beside rich-text.tsx because the pages that show an entry's images are the ones that show its rich text: the two
// share one file of the browser's code.
export function ContentImages({
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
