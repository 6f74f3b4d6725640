import type { StudioLimits } from './load-studio.ts';
import { wholeNumberFlag, type WholeNumberSpec } from './whole-number-flag.ts';

/**
 * The limit flags of `weft serve`, each with the studio option it sets, what
 * it counts and the least it takes (the studio's defaults are in the examples).
 */
const LIMIT_FLAGS = {
  'max-runs': { option: 'maxRuns', unit: 'runs', least: 1, example: 32 },
  'max-queued-runs': { option: 'maxQueuedRuns', unit: 'waiting requests', least: 0, example: 64 },
  'max-body-bytes': { option: 'maxBodyBytes', unit: 'bytes', least: 1, example: 1_048_576 },
  'max-run-body-bytes': { option: 'maxRunBodyBytes', unit: 'bytes', least: 1, example: 20_971_520 },
  'max-content-bytes': { option: 'maxContentBytes', unit: 'bytes', least: 1, example: 67_108_864 },
  'max-body-depth': { option: 'maxBodyDepth', unit: 'levels', least: 1, example: 64 },
  'max-body-keys': { option: 'maxBodyKeys', unit: 'keys', least: 1, example: 10_000 },
  'max-follower-buffer': { option: 'maxFollowerBufferBytes', unit: 'bytes', least: 1, example: 4_194_304 },
} as const satisfies Record<string, WholeNumberSpec & { option: keyof StudioLimits }>;

export type StudioLimitFlag = keyof typeof LIMIT_FLAGS;

/**
 * The studio limits `--max-runs`, `--max-body-depth`, … give: only those on
 * the command line (the others keep the studio's defaults). A value that is
 * not a whole number in range is a usage error that says what to pass.
 */
export function studioLimits(values: Partial<Record<StudioLimitFlag, string | undefined>>, command = 'serve'): StudioLimits {
  const limits: StudioLimits = {};
  for (const [flag, spec] of Object.entries(LIMIT_FLAGS) as [StudioLimitFlag, (typeof LIMIT_FLAGS)[StudioLimitFlag]][]) {
    const n = wholeNumberFlag(command, flag, values[flag], spec);
    if (n !== undefined) limits[spec.option] = n;
  }
  return limits;
}
