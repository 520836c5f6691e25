import { defineDrafts } from "./drafts.ts";
import { defineHome } from "./home.ts";
import { definePosts } from "./posts.ts";
import { defineProjects } from "./projects.ts";
import { defineServices } from "./services.ts";
import { Store } from "./store.ts";

/** The whole sample site: every entry and every image it uses. Later parts reuse project images. */
export function buildSite(): Store {
  const store = new Store();
  defineProjects(store);
  defineServices(store);
  definePosts(store);
  defineHome(store);
  defineDrafts(store);
  return store;
}
