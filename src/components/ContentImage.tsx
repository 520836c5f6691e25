import type { ImgHTMLAttributes } from "react";
import type { Client } from "../content/client.ts";
import { imageSources } from "../shared/content/images.ts";
import type { Asset } from "../shared/content/types.ts";

/** Its intrinsic size prevents layout shift; `priority` for the one image that is the page's largest paint. */
export function ContentImage({
  asset,
  sizes = "100vw",
  displayWidth,
  priority = false,
  alt,
  ...rest
}: {
  asset: Asset | undefined;
  sizes?: string;
  displayWidth?: number;
  priority?: boolean;
  alt?: string;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt">) {
  const image = imageSources(asset, displayWidth);
  if (!image) return null;
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...rest}
    />
  );
}

/**
 * A client's wordmark, named by the client: a symbol of the one logo sheet, drawn by `<use>` (an `<img>` of a view
 * of the sheet, `logos.svg#slug`, draws the whole sheet in WebKit, which ignores the fragment there). Sized by the
 * stylesheet from its width or height; its proportions are the viewBox's.
 */
export function LogoImage({ name, logo, className }: { name: string; logo: Client["logo"]; className?: string }) {
  return (
    <svg className={className} role="img" aria-label={name} viewBox={`0 0 ${logo.width} ${logo.height}`}>
      <use href={logo.src} />
    </svg>
  );
}
