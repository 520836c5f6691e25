const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `&#39;` rather than `&apos;`, which old HTML lacks. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
