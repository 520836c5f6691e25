/**
 * Which section of an article the reader is in: the last heading that has passed the reading line (a little
 * below the top of the viewport), or none before the first. Pure, so it is tested without a browser.
 */
export function activeSection(headings: Array<{ id: string; top: number }>, readingLine: number): string | undefined {
  let active: string | undefined;
  for (const heading of headings) {
    if (heading.top <= readingLine) active = heading.id;
    else break;
  }
  return active;
}
