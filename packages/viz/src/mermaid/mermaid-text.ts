/**
 * Text for a quoted Mermaid label (`["…"]`, `|"…"|`, a subgraph title). Inside
 * quotes Mermaid takes brackets literally but decodes `#name;` entities and,
 * with HTML labels, markup: so every character that could end the quote, start
 * an entity, open a tag, split an edge label (`|`) or turn the label into a
 * Markdown string (a backtick) is written as an entity, and newlines as `<br/>`.
 */
export function mermaidText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[#"<>&|`%\\]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\p{Cc}/gu, ' '))
    .join('<br/>');
}
