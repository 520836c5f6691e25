import type { Client } from "../../content/client.ts";

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
