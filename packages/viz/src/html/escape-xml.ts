const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\r': '&#13;',
  '\n': '&#10;',
};

/**
 * Text or attribute value safe inside HTML and SVG markup: labels come from
 * graphs and logs, which are data, not markup. Line breaks are written as
 * references because an HTML parser turns a raw CR LF into LF, and a node id
 * must read back exactly (the viewer looks nodes up by it).
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r\n]/g, (c) => ENTITIES[c]!);
}
