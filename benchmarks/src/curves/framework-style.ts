import type { MarkerShape } from '../charts/chart-marker.ts';
import type { FrameworkId } from '../harness/types.ts';

/**
 * A fixed colour and marker per framework, the same on every chart, so a
 * reader who learnt "red triangles are LangGraph" on one chart can read the
 * next without the legend. Weft's two columns share a hue family (green) and
 * differ by line style; the peers get well-separated hues.
 */
export const FRAMEWORK_STYLE: Record<FrameworkId, { color: string; marker: MarkerShape; dashed?: boolean }> = {
  baseline: { color: '#7f7f7f', marker: 'cross' },
  langgraph: { color: '#d62728', marker: 'triangle' },
  adk: { color: '#1f77b4', marker: 'square' },
  'adk-agents': { color: '#9467bd', marker: 'diamond' },
  'openai-agents': { color: '#e6a100', marker: 'triangle-down' },
  weft: { color: '#2ca02c', marker: 'circle' },
  'weft-ckpt': { color: '#0b5d1e', marker: 'circle', dashed: true },
  'weft-exit': { color: '#74c476', marker: 'square', dashed: true },
};
