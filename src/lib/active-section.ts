/** The last heading past the reading line (a little below the viewport's top); none before the first. */
export function activeSection(headings: Array<{ id: string; top: number }>, readingLine: number): string | undefined {
  let active: string | undefined;
  for (const heading of headings) {
    if (heading.top <= readingLine) active = heading.id;
    else break;
  }
  return active;
}
