import { defineProjects } from "./projects.ts";
import { Store } from "./store.ts";

/** The whole sample site: every entry and every image it uses. */
export function buildSite(): Store {
  const store = new Store();
  defineProjects(store);
  return store;
}
