import type { AnyCompiledGraph, GraphJSON, RunLogLine } from '@weft/graph';
import { VizError } from '../errors.ts';
import { vizModel } from '../model/build-viz-model.ts';
import { buildReplay, type Replay } from '../replay/build-replay.ts';
import { runLogFromLines, type RunLog } from '../run-log/read-run-log.ts';
import { embedJson } from './embed-json.ts';
import { layoutGraph } from './layout-graph.ts';
import { pageTemplate } from './page-template.ts';
import { readClientFile } from './read-client-file.ts';
import { renderSvg } from './render-svg.ts';
import { replayWithMedia } from './replay-with-media.ts';
import { CANVAS_FILES, CSS_FILES } from './viewer-assets.ts';

export interface RenderHtmlOptions {
  /** A recorded run to replay: `readRunLog(path)`'s result, or the log's lines. */
  run?: RunLog | readonly RunLogLine[];
  /** The page title (default: the graph's name). */
  title?: string;
}

/** The browser scripts, in the order they are inlined (later files use what earlier ones declare). */
const CLIENT_FILES = [...CANVAS_FILES, 'viewer-replay.js', 'viewer-client.js'];

/**
 * One self-contained HTML page: the graph laid out with ELK and drawn as SVG,
 * node details on click, and, given a run log, a step-by-step replay. No
 * network at all: scripts and styles are inline and the page's
 * Content-Security-Policy forbids any fetch (images load only from `data:`
 * URLs). A message's images are thumbnails embedded in the page (PNG, JPEG,
 * GIF, WebP; at most 512 KiB each and 8 MiB for the page; never SVG); files,
 * audio and images past the limits are labelled with type, name and size.
 * The same input gives the same string.
 *
 * @example
 * const log = await readRunLog('run.jsonl');
 * await writeFile('run.html', await renderHtml(log.graph, { run: log }));
 */
export async function renderHtml(graph: AnyCompiledGraph | GraphJSON, options: RenderHtmlOptions = {}): Promise<string> {
  if (options === null || typeof options !== 'object')
    throw new VizError('INVALID_ARGUMENT', 'renderHtml(graph, options?) takes an options object');
  if (options.title !== undefined && typeof options.title !== 'string') throw new VizError('INVALID_ARGUMENT', 'title must be a string');
  const model = vizModel(graph);
  const log = options.run === undefined ? undefined : readRunOption(options.run);
  const replay = log ? buildReplay(log) : undefined;
  const layout = await layoutGraph(model);
  return pageTemplate({
    title: options.title ?? model.name,
    subtitle: `${model.name} · ${model.hash}`,
    svg: renderSvg(model, layout),
    dataJson: embedJson(replay ? { model, replay: replayWithMedia(replay) } : { model }),
    css: CSS_FILES.map(readClientFile).join('\n'),
    // One function scope for the files: nothing leaks onto window.
    script: `(() => {\n'use strict';\n${CLIENT_FILES.map(readClientFile).join('\n')}\n})();\n`,
    replay: replay !== undefined && replay.steps.length > 0,
    notices: replay ? notices(replay, model.hash) : [],
  });
}

function readRunOption(run: RunLog | readonly RunLogLine[]): RunLog {
  if (Array.isArray(run)) return runLogFromLines(run);
  const log = run as RunLog;
  if (log === null || typeof log !== 'object' || !Array.isArray(log.runs))
    throw new VizError('INVALID_ARGUMENT', 'run must be a RunLog (readRunLog, parseRunLog) or an array of run log lines');
  return log;
}

/** What the reader should know before trusting the replay. */
function notices(replay: Replay, drawnHash: string): string[] {
  const out: string[] = [];
  const other = replay.runs.filter((r) => r.graphHash !== drawnHash);
  if (other.length > 0)
    out.push(
      `Run ${other.map((r) => r.run).join(', ')} of the log ran another build of the graph (IR hash ${[...new Set(other.map((r) => r.graphHash))].join(', ')}); ` +
        `the drawing is of ${drawnHash}: nodes may differ.`,
    );
  if (replay.truncatedAtLine !== undefined)
    out.push(
      `The log ends with a partial line (line ${replay.truncatedAtLine}): the recording process stopped mid-write; that line is left out.`,
    );
  if (replay.steps.length === 0) out.push('The log has no events to replay.');
  return out;
}
