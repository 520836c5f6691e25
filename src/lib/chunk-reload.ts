import { createPath, type Navigation } from "react-router";

// After a deploy a visitor still on the old build asks for route chunks that no longer exist: rather than leave them
// on a broken page, load the page they were going to afresh, once.

/** A route chunk may take up to 120 seconds to load before we give up on it. */
export const chunkLoadTimeoutMs = 120_000;
/** React Router reloads the page it is on when a route module fails; we pick that reload up this soon after. */
const resumeWindowMs = 10_000;
const pendingKey = "chunk-reload:pending";
const reloadedKey = "chunk-reload:reloaded";

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

interface PendingNavigation {
  from: string;
  to: string;
  at: number;
}

function read<T>(storage: StorageLike, key: string): T | undefined {
  try {
    const value = storage.getItem(key);
    return value ? (JSON.parse(value) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: StorageLike, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or switched off; then we simply do not reload.
  }
}

/** Once per target within the timeout, so a second failure shows the error screen instead of reloading forever. */
export function claimReload(storage: StorageLike, target: string, now: number): boolean {
  const last = read<{ to: string; at: number }>(storage, reloadedKey);
  if (last && last.to === target && now - last.at < chunkLoadTimeoutMs) return false;
  write(storage, reloadedKey, { to: target, at: now });
  return true;
}

export function rememberPendingNavigation(storage: StorageLike, from: string, to: string, now: number) {
  write(storage, pendingKey, { from, to, at: now } satisfies PendingNavigation);
}

/** After React Router reloaded the page because a route module failed to load, the page the visitor was going to. */
export function resumeTarget(storage: StorageLike, currentHref: string, now: number): string | undefined {
  const pending = read<PendingNavigation>(storage, pendingKey);
  try {
    storage.removeItem(pendingKey);
  } catch {}
  if (!pending || pending.from !== currentHref || pending.to === currentHref) return undefined;
  if (now - pending.at > resumeWindowMs) return undefined;
  return claimReload(storage, pending.to, now) ? pending.to : undefined;
}

/** Form submissions are left out: a reload never repeats them. */
export function pageNavigationTarget(
  navigation: Pick<Navigation, "state" | "location" | "formMethod"> | undefined,
): string | undefined {
  return navigation?.state === "loading" && !navigation.formMethod && navigation.location
    ? createPath(navigation.location)
    : undefined;
}

const noStorage: StorageLike = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

export function sessionStore(): StorageLike {
  try {
    return window.sessionStorage;
  } catch {
    return noStorage;
  }
}
