const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe to put in HTML or XML, in an element or a quoted attribute: the five characters markup gives a
 * meaning to, as entities every HTML and XML reader knows (`&#39;` rather than `&apos;`, which old HTML lacks).
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
