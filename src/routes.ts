import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table (R2.6), and nothing else but the footer's accessibility statement and status page. */
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("service/:slug", "routes/service.tsx"),
  route("news", "routes/news.tsx"),
  route("post/:slug", "routes/post.tsx"),
  route("projects", "routes/projects.tsx"),
  route("project/:slug", "routes/project.tsx"),
  route("contact", "routes/contact.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  // Not in R2.6's table either: the accessibility statement, linked in the footer beside the legal pages.
  route("accessibility", "routes/accessibility.tsx"),
  // Not in R2.6's table: the operator page behind the footer's server-status link (decision 0041).
  route("status", "routes/status.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
