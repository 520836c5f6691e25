/** A client in the home page's "Proudly Trusted By" strip: case-study clients link to their project page. */
export interface Client {
  name: string;
  /** A monochrome (ink) wordmark; width and height are its intrinsic size in pixels. */
  logo: { src: string; width: number; height: number };
  href: string;
  /** True when href leaves the site (open it in a new tab). */
  external: boolean;
}
