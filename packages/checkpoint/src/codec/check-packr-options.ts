import type { Packr } from 'msgpackr/pack';

/** Packr options that change how msgpackr writes the values MsgpackWriter writes itself. */
const UNSUPPORTED_OPTIONS = [
  'bundleStrings',
  'structuredClone',
  'randomAccessStructure',
  'useFloat32',
  'variableMapSize',
  'coercibleKeyAsNumber',
  'skipValues',
  'encodeUndefinedAsNil',
] as const;

/**
 * Refuses a Packr that would write other bytes than MsgpackWriter's fast
 * paths: the writer emits what a Packr with `useRecords: false` and none of
 * these options emits, and hands it every other value.
 */
export function checkPackrOptions(packr: Packr): void {
  const options = packr as unknown as Record<string, unknown>;
  const unsupported = UNSUPPORTED_OPTIONS.filter((option) => options[option]);
  if (options['useRecords'] !== false || unsupported.length > 0) {
    throw new Error(`MsgpackWriter needs a Packr with useRecords: false and without ${UNSUPPORTED_OPTIONS.join(', ')}`);
  }
}
