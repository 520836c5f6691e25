import { ContentfulLivePreview, InspectorModeEventMethods, LIVE_PREVIEW_EDITOR_SOURCE } from "@contentful/live-preview";
import { editedFields } from "../shared/content/links.ts";
import { inspectorAttributes } from "./inspector.tsx";
import { connectLiveUpdates } from "./live-updates.ts";

// `origins` (LIVE_PREVIEW_ORIGINS) is the SDK's targetOrigin, and the only windows whose messages reach it.

/** The space's default locale, which the export script and docs/content-model.md use. */
const contentLocale = "en-US";

function isEditorMessage(data: unknown): data is { method?: unknown; isInspectorActive?: unknown } {
  return (
    typeof data === "object" && data !== null && (data as { source?: unknown }).source === LIVE_PREVIEW_EDITOR_SOURCE
  );
}

let started = false;

export function startLivePreview(origins: readonly string[]): void {
  if (started) return;
  started = true;
  let inspecting = false;
  // Registered before the SDK's own listener, so it runs first: the SDK reads any window's message that says it
  // comes from the editor; only the listed origins' do here.
  window.addEventListener("message", (event) => {
    if (!isEditorMessage(event.data)) return;
    if (!origins.includes(event.origin)) {
      event.stopImmediatePropagation();
      return;
    }
    if (event.data.method === InspectorModeEventMethods.INSPECTOR_MODE_CHANGED) {
      inspecting = event.data.isInspectorActive === true;
    }
  });
  ContentfulLivePreview.init({
    locale: contentLocale,
    targetOrigin: [...origins],
    enableInspectorMode: true,
    enableLiveUpdates: true,
  });
  // Opened in a tab of its own rather than in Contentful's pane: the SDK stays off, and so does everything here.
  if (!ContentfulLivePreview.initialized) return;
  connectLiveUpdates(({ entry, shown, onEdit }) =>
    ContentfulLivePreview.subscribe({
      data: entry,
      locale: contentLocale,
      callback: (data) => {
        if (Array.isArray(data) || data.sys?.id !== entry.sys.id) return;
        onEdit(editedFields(data.fields, shown()));
      },
    }),
  );
  // While the editor has inspector mode on, a click on a tagged field opens that field in the entry editor (the
  // SDK's TAGGED_FIELD_CLICKED) instead of doing what it would on the page (following a link, opening a panel).
  const tagged = `[${inspectorAttributes.entryId}][${inspectorAttributes.fieldId}]`;
  document.addEventListener(
    "click",
    (event) => {
      if (!inspecting || !(event.target instanceof Element)) return;
      const element = event.target.closest(tagged);
      const entryId = element?.getAttribute(inspectorAttributes.entryId);
      const fieldId = element?.getAttribute(inspectorAttributes.fieldId);
      if (!entryId || !fieldId) return;
      event.preventDefault();
      event.stopPropagation();
      ContentfulLivePreview.openEntryInEditor({ entryId, fieldId, locale: contentLocale });
    },
    true,
  );
}
