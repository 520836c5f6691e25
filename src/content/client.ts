export interface Client {
  name: string;
  /** A monochrome (ink) wordmark at its intrinsic size in pixels. */
  logo: { src: string; width: number; height: number };
  href: string;
  external: boolean;
}
