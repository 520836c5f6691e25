import { createContext, type ReactNode, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../lib/seo.ts";

// Public pages (and so every document the page cache stores) carry no inspector tags: the entry is provided only in
// preview.

/** The live preview SDK's attribute names (its InspectorModeDataAttributes; a unit test compares them). */
export const inspectorAttributes = {
  entryId: "data-contentful-entry-id",
  fieldId: "data-contentful-field-id",
} as const;

export type FieldTags = Partial<Record<(typeof inspectorAttributes)[keyof typeof inspectorAttributes], string>>;

export function usePreview(): boolean {
  return (useRouteLoaderData("root") as RootData | undefined)?.preview === true;
}

const InspectedEntryContext = createContext<string | undefined>(undefined);

export function InspectedEntry({ id, children }: { id: string | undefined; children: ReactNode }) {
  const preview = usePreview();
  return <InspectedEntryContext value={preview ? id : undefined}>{children}</InspectedEntryContext>;
}

export function useFieldTags(): (field: string | undefined) => FieldTags {
  const entryId = useContext(InspectedEntryContext);
  return (field) => fieldTags(entryId, field);
}

/** The tags for the fields of the entry a component shows and provides to its parts with InspectedEntry. */
export function useEntryTags(entryId: string | undefined): (field: string | undefined) => FieldTags {
  const id = usePreview() ? entryId : undefined;
  return (field) => fieldTags(id, field);
}

export function fieldTags(entryId: string | undefined, field: string | undefined): FieldTags {
  return entryId && field ? { [inspectorAttributes.entryId]: entryId, [inspectorAttributes.fieldId]: field } : {};
}
