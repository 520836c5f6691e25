import { describe, expect, it } from "vitest";
import { togglePanel } from "../../src/lib/accordion.ts";

describe("togglePanel", () => {
  it("opens and closes each panel on its own", () => {
    const one = togglePanel(new Set(), "a");
    expect([...one]).toEqual(["a"]);
    const two = togglePanel(one, "b");
    expect([...two].sort()).toEqual(["a", "b"]);
    const three = togglePanel(two, "a");
    expect([...three]).toEqual(["b"]);
    expect([...one]).toEqual(["a"]);
  });
});
