import { describe, expect, it } from "vitest";
import { projectFrame } from "../../src/lib/project-frame.ts";
import type { ProjectFields } from "../../src/shared/content/model.ts";

describe("a project page's header", () => {
  const project = (fields: Partial<ProjectFields>) => ({ BackgroundColour: "#0b1f4d", ...fields }) as ProjectFields;

  it("takes the project's colour, the white logo on dark colours, and absolute from absoluteHeader", () => {
    expect(projectFrame(project({ absoluteHeader: "yes" }))).toEqual({
      headerColour: "#0b1f4d",
      logoWhite: true,
      absolute: true,
      split: false,
      size: "regular",
      pageColours: { background: "#0b1f4d", text: "#f6f1e8" },
    });
    expect(projectFrame(project({ BackgroundColour: "#ffd84d", absoluteHeader: "no" }))).toMatchObject({
      logoWhite: false,
      absolute: false,
    });
  });

  it("splits over the full layout's two-part hero and is small on the small layout", () => {
    const heroBackground = {
      sys: { id: "h" },
      fields: { file: { url: "/x.webp", fileName: "x", contentType: "image/webp" } },
    };
    expect(projectFrame(project({ heroBackground }))).toMatchObject({ split: true, size: "regular" });
    expect(projectFrame(project({ heroBackground, smallProject: "yes" }))).toMatchObject({
      split: false,
      size: "small",
    });
  });

  it("says nothing without a project (the 404 page dresses itself)", () => {
    expect(projectFrame(undefined)).toBeUndefined();
  });
});
