import { describe, expect, it } from "vitest";
import {
  projectListFromReferrer,
  projectListState,
  projectNeighbours,
  readProjectListState,
  withProjectListState,
} from "../../src/lib/project-navigation.ts";

const list = [
  { slug: "adidas", title: "Adidas" },
  { slug: "branding", title: "Branding" },
  { slug: "warmies", title: "Warmies" },
];

describe("previous and next project", () => {
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

describe("the list a project page was opened from before the app ran", () => {
  const origin = "https://www.example.co.uk";

  it("is the project list on this origin, with its category", () => {
    expect(projectListFromReferrer(`${origin}/projects`, origin)).toBe("/projects");
    expect(projectListFromReferrer(`${origin}/projects?category=Web+design`, origin)).toBe(
      "/projects?category=Web+design",
    );
    expect(projectListFromReferrer(`${origin}/projects?utm_source=x&category=%20Branding%20`, origin)).toBe(
      "/projects?category=Branding",
    );
    expect(projectListFromReferrer(`${origin}/projects?category=`, origin)).toBe("/projects");
  });

  it("is nothing for any other page, another site or no referrer", () => {
    expect(projectListFromReferrer("", origin)).toBeUndefined();
    expect(projectListFromReferrer(`${origin}/`, origin)).toBeUndefined();
    expect(projectListFromReferrer(`${origin}/project/adidas`, origin)).toBeUndefined();
    expect(projectListFromReferrer(`${origin}/projects/adidas`, origin)).toBeUndefined();
    expect(projectListFromReferrer(`${origin}/news?category=projects`, origin)).toBeUndefined();
    expect(projectListFromReferrer("https://www.google.com/projects", origin)).toBeUndefined();
    // strict-origin-when-cross-origin: another site's page would send only its origin anyway.
    expect(projectListFromReferrer("https://evil.example/", origin)).toBeUndefined();
  });

  it("writes the list into the history entry's state where React Router reads it, keeping its key and index", () => {
    const written = withProjectListState({ idx: 0 }, list);
    expect(written).toEqual({ idx: 0, usr: projectListState(list) });
    expect(readProjectListState(written.usr)).toEqual(list);
    expect(withProjectListState({ idx: 3, key: "abc", usr: null }, list)).toMatchObject({ idx: 3, key: "abc" });
    expect(withProjectListState(null, list)).toEqual({ usr: projectListState(list) });
  });
});
