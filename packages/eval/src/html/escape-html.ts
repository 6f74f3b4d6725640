const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text or an attribute value safe inside the report's markup. Every string of
 * a report is data (case ids, model output, scorer reasons, a judge's
 * reasoning), never markup: it goes through here before it meets the page.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
