import { headlineServices, overviewServices } from "../lib/services-catalogue.ts";
import type { ProjectFields, ServiceFields } from "./model.ts";

/**
 * What a project or a service is called on its pages and cards. Contentful may send an entry without its title
 * (only the slug is required), so each name falls back to what the entry or the site still knows.
 */

/** A project's name: its title, else its client's name, else its slug. */
export function projectName(fields: Pick<ProjectFields, "projectTitle" | "clientName" | "slug">): string {
  return fields.projectTitle ?? fields.clientName ?? fields.slug;
}

/** A service's name: its title, else the catalogue's name for its slug, else its slug. */
export function serviceName(fields: Pick<ServiceFields, "title" | "slug">): string {
  return (
    fields.title ??
    [...overviewServices, ...headlineServices].find((service) => service.slug === fields.slug)?.name ??
    fields.slug
  );
}
