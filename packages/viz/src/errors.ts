import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/viz raises; check `err.code`, not `instanceof`. */
export type VizErrorCode =
  | 'INVALID_ARGUMENT'
  // Reading a run log (readRunLog, parseRunLog, renderHtml's run option)
  | 'RUN_LOG_NOT_FOUND'
  | 'RUN_LOG_EMPTY'
  | 'RUN_LOG_INVALID'
  | 'RUN_LOG_VERSION'
  // renderHtml: ELK could not lay the graph out
  | 'LAYOUT_FAILED'
  // renderHtml: the viewer's files (src/html/*.js, *.css) are not in the installed package
  | 'VIEWER_FILES_MISSING';

export class VizError extends WeftError<VizErrorCode> {
  override readonly name: string = 'VizError';
}
