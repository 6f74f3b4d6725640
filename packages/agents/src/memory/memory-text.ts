/** The text of a remembered value: its `text` field, or its JSON. */
export function memoryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string')
    return (value as { text: string }).text;
  return JSON.stringify(value);
}
