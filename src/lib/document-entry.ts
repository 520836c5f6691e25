// What the browser says of the document's arrival (its referrer) is true only of the history entry it was loaded into,
// which React Router keys by the key its scroll restoration script gave it before the app ran.

const defaultKey = "default";
let documentEntryKey: string | undefined;
let documentArrival: string | undefined;

export function historyKey(state: unknown): string {
  const key = (state as { key?: unknown } | null | undefined)?.key;
  return typeof key === "string" && key !== "" ? key : defaultKey;
}

/** Called once by the client entry before the router starts; arrival is the Navigation Timing entry's `type`. */
export function rememberDocumentEntry(state: unknown, arrival: string | undefined): void {
  documentEntryKey = historyKey(state);
  documentArrival = arrival;
}

export function isDocumentEntry(locationKey: string): boolean {
  return documentEntryKey !== undefined && locationKey === documentEntryKey;
}

/** A reload or a return through history keeps the referrer of the entry's first visit, which may not be the entry's. */
export function isArrivalEntry(locationKey: string): boolean {
  return isDocumentEntry(locationKey) && documentArrival === "navigate";
}
