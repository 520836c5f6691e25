import { describe, expect, it } from "vitest";
import { projectName, serviceName } from "../../src/content/names.ts";

describe("what a project or a service is called (src/content/names.ts)", () => {
  it("a project: its title, else its client's name, else its slug", () => {
    expect(projectName({ slug: "warmies", projectTitle: "Warmies rebrand", clientName: "Warmies" })).toBe(
      "Warmies rebrand",
    );
    expect(projectName({ slug: "warmies", clientName: "Warmies" })).toBe("Warmies");
    expect(projectName({ slug: "warmies" })).toBe("warmies");
  });

  it("a service: its title, else the catalogue's name for its slug, else its slug", () => {
    expect(serviceName({ slug: "branding", title: "Brand identity" })).toBe("Brand identity");
    expect(serviceName({ slug: "graphic-design" })).toBe("Graphic design");
    expect(serviceName({ slug: "not-in-the-catalogue" })).toBe("not-in-the-catalogue");
  });
});
