/**
 * Short axis label: 3 significant digits, with k / M for thousands and
 * millions so decade ticks like 1000000 stay readable on a narrow axis.
 */
export function formatTick(v: number): string {
  const short = (x: number): string => String(Number(x.toPrecision(3)));
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${short(v / 1e6)}M`;
  if (abs >= 1e3) return `${short(v / 1e3)}k`;
  return short(v);
}
