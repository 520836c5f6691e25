import type { ProjectFields, ServiceFields } from "../shared/content/model.ts";
import { headlineServices, overviewServices } from "../shared/services-catalogue.ts";

// Contentful may send an entry without its title (only the slug is required), so each name falls back.

export function projectName(fields: Pick<ProjectFields, "projectTitle" | "clientName" | "slug">): string {
  return fields.projectTitle ?? fields.clientName ?? fields.slug;
}

export function serviceName(fields: Pick<ServiceFields, "title" | "slug">): string {
  return (
    fields.title ??
    [...overviewServices, ...headlineServices].find((service) => service.slug === fields.slug)?.name ??
    fields.slug
  );
}
