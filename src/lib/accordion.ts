/** Accordion state: each panel toggles open or closed on its own. */
export type OpenPanels = ReadonlySet<string>;

export function togglePanel(open: OpenPanels, id: string): OpenPanels {
  const next = new Set(open);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
