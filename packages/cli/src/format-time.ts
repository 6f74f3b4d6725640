/** A checkpoint time for tables: UTC to the second, `2025-11-23 03:04:05Z`, so it reads the same on every machine. */
export function formatTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
}
