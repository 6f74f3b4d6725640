/**
 * A run whose messages carry images and files, rendered: the page embeds each
 * image once as a base64 `data:` URL (the page grows by 4/3 of the image, not
 * by the ~10× of JSON spelling out a byte array), labels files, and reads a
 * run log whose bytes are written as `{"$bytes": "<base64>"}` to the same page.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_LOG_VERSION, type GraphEvent, type RunLogLine } from '@weft/graph';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/recorded-runs.ts';
import { supportGraph } from '../../test-support/seed-graphs.ts';
import { readRunLog } from '../run-log/read-run-log.ts';
import { BYTES_KEY } from '../run-log/revive-bytes.ts';
import { DATA_ID } from './page-template.ts';
import { renderHtml } from './render-html.ts';

const graph = supportGraph().toJSON();
const IMAGE_BYTES = 100 * 1024;
/** A 100 KiB "PNG": its signature, then bytes that do not compress. */
function image(): Uint8Array {
  const out = new Uint8Array(IMAGE_BYTES);
  for (let i = 0; i < out.length; i++) out[i] = (i * 2654435761) >>> 24;
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return out;
}

/** A run whose user message is `content`: the agent event that shows it, and the state patch that stores it. */
function lines(content: unknown): RunLogLine[] {
  const at = { runId: 'r1', threadId: 't1', ts: 2 };
  const message = { role: 'user', content };
  const events: GraphEvent[] = [
    { type: 'run.start', graph: graph.name, input: undefined, step: 0, path: [], ...at },
    { type: 'step.start', nodes: ['Triage'], step: 1, path: [], ...at },
    { type: 'node.start', node: 'Triage', key: 'k', input: undefined, attempt: 1, step: 1, path: [], ...at },
    {
      type: 'node.custom',
      node: 'Triage',
      channel: 'weft.agent',
      data: { agentName: 'Triage', runPath: ['Triage'], output: { message } },
      step: 1,
      path: [],
      ...at,
    },
    { type: 'state.patch', patches: [{ op: 'add', path: ['history', 0], value: message }], step: 1, path: [], ...at },
    { type: 'run.end', status: 'done', output: 'ok', step: 1, path: [], ...at },
  ] as GraphEvent[];
  return [{ type: 'run.log', version: RUN_LOG_VERSION, graph, ts: 1 }, ...events];
}

const pdf = { type: 'file', mediaType: 'application/pdf', name: 'invoice.pdf', data: new Uint8Array(2048).fill(7) };
const dataOf = (html: string) =>
  JSON.parse(new JSDOM(html).window.document.getElementById(DATA_ID)!.textContent!) as {
    replay: { media: string[]; steps: { messages: { content: string; parts?: unknown[] }[]; patches: { patches: unknown[] }[] }[] };
  };

describe('renderHtml with images and files', () => {
  it('embeds a 100 KiB image once: the page grows by 4/3 of it, the message shows it as a thumbnail and the file by its label', async () => {
    const png = image();
    const withImage = await renderHtml(graph, {
      run: lines([{ type: 'text', text: 'Is this paid?' }, { type: 'image', mediaType: 'image/png', data: png }, pdf]),
    });
    const without = await renderHtml(graph, { run: lines([{ type: 'text', text: 'Is this paid?' }, pdf]) });
    const grown = Buffer.byteLength(withImage) - Buffer.byteLength(without);
    const base64 = Math.ceil(IMAGE_BYTES / 3) * 4;
    // The base64 text once, plus the two views that point at it (well under 200 bytes).
    expect(grown).toBeGreaterThanOrEqual(base64);
    expect(grown).toBeLessThan(base64 + 200);
    const { replay } = dataOf(withImage);
    expect(replay.media).toEqual([`data:image/png;base64,${Buffer.from(png).toString('base64')}`]);
    const view = { type: 'image', mediaType: 'image/png', bytes: IMAGE_BYTES, src: 0 };
    const file = { type: 'file', mediaType: 'application/pdf', name: 'invoice.pdf', bytes: 2048 };
    const step = replay.steps.find((s) => s.messages.length > 0)!;
    expect(step.messages.map((m) => ({ content: m.content, parts: m.parts }))).toEqual([{ content: 'Is this paid?', parts: [view, file] }]);
    expect(step.patches[0]!.patches).toEqual([
      { op: 'add', path: ['history', 0], value: { role: 'user', content: [{ type: 'text', text: 'Is this paid?' }, view, file] } },
    ]);
  });

  it('reads a run log whose bytes are {"$bytes": "<base64>"} into the same page as the run itself', async () => {
    const run = lines([{ type: 'text', text: 'Is this paid?' }, { type: 'image', mediaType: 'image/png', data: image() }, pdf]);
    const path = join(tempDir('weft-viz-media-'), 'run.jsonl');
    const asBase64 = (_key: string, v: unknown) => (v instanceof Uint8Array ? { [BYTES_KEY]: Buffer.from(v).toString('base64') } : v);
    writeFileSync(path, run.map((line) => `${JSON.stringify(line, asBase64)}\n`).join(''));
    const log = await readRunLog(path);
    expect(await renderHtml(log.graph, { run: log })).toBe(await renderHtml(graph, { run }));
  });

  it('labels the image of a log that kept only its size, and never writes a byte array out as JSON', async () => {
    const old = await renderHtml(graph, { run: lines([{ type: 'image', mediaType: 'image/png', data: '[Uint8Array 102400 bytes]' }]) });
    const note = { type: 'image', mediaType: 'image/png', bytes: 102400, note: 'the run log kept only its size' };
    expect(dataOf(old).replay.steps.find((s) => s.messages.length > 0)!.messages[0]!.parts).toEqual([note]);
    // Bytes anywhere else in the run (a node's input) are written as their size.
    const run = lines('hi');
    (run[3] as Extract<GraphEvent, { type: 'node.start' }>).input = new Uint8Array(50_000);
    (run[5] as Extract<GraphEvent, { type: 'state.patch' }>).patches.push({ op: 'add', path: ['blob'], value: new Uint8Array(50_000) });
    const html = await renderHtml(graph, { run });
    expect(Buffer.byteLength(html)).toBeLessThan(Buffer.byteLength(await renderHtml(graph, { run: lines('hi') })) + 200);
    expect(dataOf(html).replay.steps.flatMap((s) => s.patches.flatMap((p) => p.patches))).toContainEqual({
      op: 'add',
      path: ['blob'],
      value: '[50000 bytes]',
    });
  });
});
