import type { Store } from "./store.ts";

/** The home page (and about page) carousel: the widest shots from six case studies. */
const carousel = [
  "dennis-group-wide-1",
  "warmies-wide-2",
  "prym-health-wide-1",
  "bowmer-kirkland-wide-1",
  "propfirmtrader-wide-1",
  "gritstone-wide-1",
  "vetcare-at-home-wide-2",
];

export function defineHome(store: Store): void {
  store.entry("homePage", "home", { carousel: carousel.map((id) => store.use(id)) });
}
