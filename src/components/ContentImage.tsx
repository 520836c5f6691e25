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

/** A client's wordmark at its own size, named by the client; fetched as it nears the screen. */
export function LogoImage({ name, logo, className }: { name: string; logo: Client["logo"]; className?: string }) {
  return (
    <img
      className={className}
      src={logo.src}
      width={logo.width}
      height={logo.height}
      alt={name}
      loading="lazy"
      decoding="async"
    />
  );
}
