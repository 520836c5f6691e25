import { describe, expect, it } from "vitest";
import {
  chunkLoadTimeoutMs,
  claimReload,
  pageNavigationTarget,
  rememberPendingNavigation,
  resumeTarget,
  type StorageLike,
} from "../../src/lib/chunk-reload.ts";

function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const from = "https://site.test/";
const to = "https://site.test/about";

describe("reloading after a failed route chunk", () => {
  it("reloads a target once, then lets the error show rather than loop", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, to, 1_000)).toBe(true);
    expect(claimReload(storage, to, 2_000)).toBe(false);
    expect(claimReload(storage, "https://site.test/news", 3_000)).toBe(true);
  });

  it("allows another reload once the chunk load timeout has passed", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, to, 0)).toBe(true);
    expect(claimReload(storage, to, chunkLoadTimeoutMs + 1)).toBe(true);
  });

  it("resumes the navigation a page reload interrupted, once", () => {
    const storage = memoryStorage();
    rememberPendingNavigation(storage, from, to, 10_000);
    expect(resumeTarget(storage, from, 11_000)).toBe(to);
    rememberPendingNavigation(storage, from, to, 12_000);
    expect(resumeTarget(storage, from, 13_000)).toBeUndefined();
  });

  it("ignores a pending navigation that reached its page, or is stale", () => {
    const storage = memoryStorage();
    rememberPendingNavigation(storage, from, to, 0);
    expect(resumeTarget(storage, to, 1_000)).toBeUndefined();
    rememberPendingNavigation(storage, from, to, 0);
    expect(resumeTarget(storage, from, 60_000)).toBeUndefined();
    expect(resumeTarget(storage, from, 61_000)).toBeUndefined();
  });
});

describe("the page navigation a reload should resume", () => {
  const location = {
    pathname: "/post/rebrand-or-refresh",
    search: "?from=home",
    hash: "#contents",
    state: null,
    key: "k",
  };

  it("is the target of a page load under way, with its query and fragment", () => {
    expect(pageNavigationTarget({ state: "loading", location, formMethod: undefined })).toBe(
      "/post/rebrand-or-refresh?from=home#contents",
    );
  });

  it("is nothing when idle or submitting a form, which a reload must never repeat", () => {
    expect(pageNavigationTarget(undefined)).toBeUndefined();
    expect(pageNavigationTarget({ state: "idle", location: undefined, formMethod: undefined })).toBeUndefined();
    expect(pageNavigationTarget({ state: "loading", location, formMethod: "POST" })).toBeUndefined();
    expect(pageNavigationTarget({ state: "submitting", location, formMethod: "POST" })).toBeUndefined();
  });
});
