import { describe, expect, it } from "vitest";
import { projectListState, projectNeighbours, readProjectListState } from "../../src/lib/project-navigation.ts";

const list = [
  { slug: "adidas", title: "Adidas" },
  { slug: "branding", title: "Branding" },
  { slug: "warmies", title: "Warmies" },
];

describe("previous and next project (R4)", () => {
  it("exists only when the visitor came from the list", () => {
    expect(projectNeighbours(readProjectListState(null), "adidas")).toBeUndefined();
    expect(projectNeighbours(readProjectListState({ somethingElse: true }), "adidas")).toBeUndefined();
    expect(readProjectListState(projectListState(list))).toEqual(list);
  });

  it("hides previous on the first project and next on the last", () => {
    expect(projectNeighbours(list, "adidas")).toEqual({ previous: undefined, next: list[1] });
    expect(projectNeighbours(list, "branding")).toEqual({ previous: list[0], next: list[2] });
    expect(projectNeighbours(list, "warmies")).toEqual({ previous: list[1], next: undefined });
  });

  it("offers nothing for a project that was not in the list the visitor saw", () => {
    expect(projectNeighbours(list, "sc-johnson")).toBeUndefined();
  });

  it("ignores navigation state that is not a list of projects", () => {
    expect(readProjectListState({ fromProjectList: { projects: "adidas" } })).toBeUndefined();
    expect(readProjectListState({ fromProjectList: { projects: [{ slug: 1 }] } })).toBeUndefined();
  });

  it("carries only slugs and titles in the state", () => {
    const tiles = list.map((p) => ({ ...p, image: { big: "object" } }));
    expect(projectListState(tiles).fromProjectList.projects).toEqual(list);
  });
});
