// on-headers ships no types (and @types/on-headers is a mislabelled publish): the one call the server makes.
declare module "on-headers" {
  import type { ServerResponse } from "node:http";

  /** Calls `listener` once, just before `res` writes its headers, with `this` bound to `res`. */
  export default function onHeaders<T extends ServerResponse>(res: T, listener: (this: T) => void): void;
}
