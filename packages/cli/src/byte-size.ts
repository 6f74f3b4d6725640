/**
 * A byte count as people read it: `812 bytes`, `41 KiB`, `1.2 MiB` (binary
 * units, one decimal below 10). For labels of attachments, not for limits.
 */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}
