import { readClientFile } from './read-client-file.ts';

/** The page's styles: the page and panels (with the colours), then the drawing. */
export const CSS_FILES = ['viewer.css', 'viewer-graph.css'];
/** The browser scripts that draw-and-explore needs, in order: shared helpers, then the canvas (pan, zoom, node details). */
export const CANVAS_FILES = ['viewer-dom.js', 'viewer-canvas.js'];

/** The viewer's browser code and styles, for a page of one's own that shows a `drawGraph` drawing. */
export interface ViewerAssets {
  /** The viewer's styles: its page layout, panels and colours, then the drawing's. */
  css: string;
  /**
   * Plain browser JavaScript declaring `el`, `pretty`, `chips`, `byId` and
   * `mountViewer(model, svg, canvas, details)` (returns `{ fit }`). It runs
   * nothing itself: inline it, then your own code, in one function scope.
   */
  script: string;
}

/**
 * The viewer's pan, zoom, fit and node-details code and its CSS, read from the
 * package's src/html/ (Weft Studio's page mounts the drawing it fetches with it).
 *
 * @example
 * const { css, script } = viewerAssets();
 * const page = `<style>${css}</style>…<script>(() => {${script}\nmountViewer(model, svg, canvas, details);})()</script>`;
 */
export function viewerAssets(): ViewerAssets {
  return { css: CSS_FILES.map(readClientFile).join('\n'), script: CANVAS_FILES.map(readClientFile).join('\n') };
}
