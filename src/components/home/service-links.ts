/** The five service pages the home page points to (the service slugs the spec links from it). */
export const homeServices = [
  { slug: "design", name: "Design" },
  { slug: "web-design", name: "Web Design" },
  { slug: "branding", name: "Branding" },
  { slug: "marketing", name: "Marketing" },
  { slug: "web-development", name: "Web Development" },
] as const;

export type HomeServiceSlug = (typeof homeServices)[number]["slug"];

export const servicePath = (slug: HomeServiceSlug) => `/service/${slug}`;
