const displayDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** R9.7: day, full month name, year, e.g. "14 October 2026". */
export function formatDate(isoDate: string | undefined): string {
  if (!isoDate) return "";
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? "" : displayDate.format(date);
}
