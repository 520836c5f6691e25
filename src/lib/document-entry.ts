/**
 * The history entry this document was loaded into, told apart from the entries client-side navigations add later.
 * What the browser says about the document's arrival (its `document.referrer`) is true of that entry only
 * (decision 0204). React Router's location key for it is the key React Router's scroll restoration script gave it
 * before the app ran (or "default" when it has none); later entries get keys of their own.
 */

const defaultKey = "default";
let documentEntryKey: string | undefined;
let documentArrival: string | undefined;

/** The key React Router reads from a history entry's state (`history.state.key`), or "default" without one. */
export function historyKey(state: unknown): string {
  const key = (state as { key?: unknown } | null | undefined)?.key;
  return typeof key === "string" && key !== "" ? key : defaultKey;
}

/**
 * Called once, by the client entry before the router starts, with the entry's state as the document found it and
 * how the document was loaded (the Navigation Timing entry's `type`: navigate, reload, back_forward, prerender).
 */
export function rememberDocumentEntry(state: unknown, arrival: string | undefined): void {
  documentEntryKey = historyKey(state);
  documentArrival = arrival;
}

/** Whether a location (by its key) is the entry the document was loaded into; false before the app has started. */
export function isDocumentEntry(locationKey: string): boolean {
  return documentEntryKey !== undefined && locationKey === documentEntryKey;
}

/**
 * Whether a location is the document's entry and the document came by following a link or typing an address. A
 * reload or a return through the history keeps the referrer of the entry's first visit, which may not be the
 * entry's (a client-side navigation's entry reloaded still names the document its session started from); what the
 * entry learnt on that first visit is in its state by then.
 */
export function isArrivalEntry(locationKey: string): boolean {
  return isDocumentEntry(locationKey) && documentArrival === "navigate";
}
