import type { Logger } from "pino";

/** One word for what went wrong: a Redis reply's code (NOGROUP, MISCONF), a system code (ENOSPC), or the class. */
export function faultKind(error: unknown): string {
  if (!(error instanceof Error)) return "Error";
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === "string") return code;
  return /^([A-Z]{3,})\b/.exec(error.message)?.[1] ?? error.constructor.name;
}

/** Once per kind and once when it clears, not per request or retry, and never a stack per occurrence. */
export function faultLog(logger: Logger, message: string, fields: Record<string, unknown> = {}) {
  let current: string | undefined;
  let since = 0;
  let count = 0;
  return {
    fail(error: unknown) {
      const kind = faultKind(error);
      count++;
      if (kind === current) return;
      if (current === undefined) since = Date.now();
      current = kind;
      logger.warn({ ...fields, kind, reason: error instanceof Error ? error.message : String(error) }, message);
    },
    ok() {
      if (current === undefined) return;
      logger.info({ ...fields, kind: current, failures: count, forMs: Date.now() - since }, `${message}: recovered`);
      current = undefined;
      count = 0;
    },
    get failing() {
      return current !== undefined;
    },
  };
}
