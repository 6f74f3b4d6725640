import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/models raises; check `err.code`. */
export type ModelErrorCode =
  /** A scripted model was called more times than its script has answers. */
  | 'SCRIPT_EXHAUSTED'
  /** A script item (or what a function item returned) is malformed. */
  | 'SCRIPT_INVALID'
  /** A model factory got options it cannot use. */
  | 'INVALID_ARGUMENT';

export class ModelError extends WeftError<ModelErrorCode> {
  override readonly name: string = 'ModelError';
}
