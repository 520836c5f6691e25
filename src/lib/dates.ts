const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Day, full month name, year, e.g. "14 October 2026", in UTC so server and browser agree. Not Intl: a
 * renderer's first DateTimeFormat loads ICU's locale data, a long task on a phone for twelve fixed names.
 */
export function formatDate(isoDate: string | undefined): string {
  if (!isoDate) return "";
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
