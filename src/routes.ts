import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The spec's route table, plus the footer's accessibility statement and the operator's status page. */
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
  route("accessibility", "routes/accessibility.tsx"),
  route("status", "routes/status.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
