/**
 * The scaling curves, in run and report order; ids double as CLI names for
 * `--curves` and as chart file suffixes (`results/<date>-<id>.svg`). Kept apart
 * from the specs so the CLI can validate names without loading scenarios.
 */
export const CURVE_IDS = ['graph-size', 'fan-out-width', 'history-length', 'checkpoint-bytes'] as const;
export type CurveId = (typeof CURVE_IDS)[number];
