import { describe, expect, it } from "vitest";
import { untilAborted } from "../../server/lib/abort.ts";

describe("untilAborted", () => {
  it("gives the work's own answer or error when it settles first", async () => {
    await expect(untilAborted(Promise.resolve(42), AbortSignal.timeout(1_000))).resolves.toBe(42);
    await expect(untilAborted(Promise.reject(new Error("refused")), AbortSignal.timeout(1_000))).rejects.toThrow(
      "refused",
    );
  });

  it("gives the signal's reason when it aborts first: a TimeoutError for AbortSignal.timeout", async () => {
    await expect(untilAborted(new Promise(() => {}), AbortSignal.timeout(10))).rejects.toMatchObject({
      name: "TimeoutError",
    });
    const controller = new AbortController();
    controller.abort(new Error("shutting down"));
    const late = Promise.reject(new Error("never seen"));
    await expect(untilAborted(late, controller.signal)).rejects.toThrow("shutting down");
  });
});
