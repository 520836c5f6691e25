import { createContext, type ReactNode, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "../lib/seo.ts";

/**
 * Inspector mode's tags (decision 0215): in preview, each element that shows a field of an entry carries the
 * entry's id and the field's id, which the live preview SDK reads to draw Contentful's "Edit" buttons. Public pages
 * (and so every document the page cache stores) carry none: the entry is only provided while previewing.
 */

/** The live preview SDK's attribute names (its InspectorModeDataAttributes; a unit test compares them). */
export const inspectorAttributes = {
  entryId: "data-contentful-entry-id",
  fieldId: "data-contentful-field-id",
} as const;

export type FieldTags = Partial<Record<(typeof inspectorAttributes)[keyof typeof inspectorAttributes], string>>;

/** Is this page shown to an editor in preview (the root loader's flag)? */
export function usePreview(): boolean {
  return (useRouteLoaderData("root") as RootData | undefined)?.preview === true;
}

const InspectedEntryContext = createContext<string | undefined>(undefined);

/** The entry whose fields the elements inside show: tagged with its id in preview, untouched otherwise. */
export function InspectedEntry({ id, children }: { id: string | undefined; children: ReactNode }) {
  const preview = usePreview();
  return <InspectedEntryContext value={preview ? id : undefined}>{children}</InspectedEntryContext>;
}

/** The tags for an element that shows this field of the inspected entry; none outside preview. */
export function useFieldTags(): (field: string | undefined) => FieldTags {
  const entryId = useContext(InspectedEntryContext);
  return (field) => fieldTags(entryId, field);
}

/** The tags for an element that shows this field of this entry (none without both). */
export function fieldTags(entryId: string | undefined, field: string | undefined): FieldTags {
  return entryId && field ? { [inspectorAttributes.entryId]: entryId, [inspectorAttributes.fieldId]: field } : {};
}
