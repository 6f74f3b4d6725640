import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunLogLine } from '@weft/graph';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { NASTY_NAMES, nastyGraph } from '../../test-support/nasty-graph.ts';
import { recordSupportRun, recordXssRun, tempDir, XSS_DESCRIPTION, XSS_PAYLOAD } from '../../test-support/recorded-runs.ts';
import { branchLoopGraph, supportGraph } from '../../test-support/seed-graphs.ts';
import { vizModel } from '../model/build-viz-model.ts';
import { readRunLog, type RunLog } from '../run-log/read-run-log.ts';
import { DATA_ID } from './page-template.ts';
import { renderHtml } from './render-html.ts';

const dir = tempDir('weft-viz-html-');
let support: { log: RunLog; html: string };
let xss: { lines: RunLogLine[]; html: string };

beforeAll(async () => {
  const supportPath = join(dir, 'support.jsonl');
  await recordSupportRun(supportPath);
  const log = await readRunLog(supportPath);
  support = { log, html: await renderHtml(log.graph, { run: log }) };
  const xssPath = join(dir, 'xss.jsonl');
  await recordXssRun(xssPath);
  const lines = readFileSync(xssPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RunLogLine);
  xss = {
    lines,
    html: await renderHtml((lines[0] as Extract<RunLogLine, { type: 'run.log' }>).graph, { run: lines, title: 'Echo <b>run</b>' }),
  };
}, 30_000);

/** The page as a browser would parse it, scripts not run. */
const parse = (html: string) => new JSDOM(html).window.document;
const withoutData = (html: string) => html.replace(new RegExp(`<script type="application/json" id="${DATA_ID}">[^<]*</script>`), '');

describe('renderHtml', () => {
  it('draws every node, edge and cluster of the model once, with its id and kind', () => {
    const model = vizModel(support.log.graph);
    const doc = parse(support.html);
    const nodes = [...doc.querySelectorAll('svg g.node')];
    expect(nodes.map((g) => g.getAttribute('data-id'))).toEqual(model.nodes.map((n) => n.id));
    expect(nodes.map((g) => g.getAttribute('data-kind'))).toEqual(model.nodes.map((n) => n.kind));
    const edges = [...doc.querySelectorAll('svg g.edge')];
    expect(edges.map((g) => [g.getAttribute('data-id'), g.getAttribute('data-kind')])).toEqual(model.edges.map((e) => [e.id, e.kind]));
    expect(new Set(edges.map((g) => g.getAttribute('data-kind')))).toEqual(new Set(['edge', 'branch', 'transfer']));
    expect([...doc.querySelectorAll('svg g.cluster')].map((g) => g.querySelector('text')?.textContent)).toEqual(
      model.clusters.map((c) => c.label),
    );
    for (const g of edges) expect(g.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.,-]+(L[\d.,-]+)+$/);
  });

  it('is self-contained: no URL, no external reference, and a CSP that allows only its own inline script and style', () => {
    for (const html of [support.html, xss.html]) {
      expect(html).not.toMatch(/https?:\/\//);
      expect(html).not.toMatch(/@import|<link|<iframe|<object|<embed/i);
      expect(withoutData(html)).not.toMatch(/\s(src|href|xlink:href)\s*=/i);
      expect([...withoutData(html).matchAll(/url\(([^)]*)\)/g)].map((m) => m[1])).toSatisfy((refs: string[]) =>
        refs.every((r) => r.startsWith('#arrow-')),
      );
      const doc = parse(html);
      const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const script = doc.querySelector('script:not([type])')!.textContent!;
      const style = doc.querySelector('style')!.textContent!;
      expect(csp).toBe(`default-src 'none'; style-src ${sha(style)}; script-src ${sha(script)}; img-src data:`);
    }
  });

  it('is deterministic: the same input gives the same page, from the compiled graph or its JSON', async () => {
    expect(await renderHtml(support.log.graph, { run: support.log })).toBe(support.html);
    const g = branchLoopGraph();
    expect(await renderHtml(g)).toBe(await renderHtml(g.toJSON()));
    expect(await renderHtml(supportGraph())).toBe(await renderHtml(support.log.graph));
  });

  it('keeps payloads in runs and annotations as text: nothing in the raw page can close the data block or add markup', () => {
    const raw = xss.html;
    expect(raw).not.toContain('<img');
    expect(raw).not.toContain('<svg onload');
    expect(raw).not.toContain('window.__xss=2</script>');
    expect(raw.match(/<script/g)).toHaveLength(2);
    expect(raw.match(/<\/script>/g)).toHaveLength(2);
    const block = raw.match(new RegExp(`<script type="application/json" id="${DATA_ID}">([^<]*)</script>`))![1]!;
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    // The data reads back exactly: the payloads are there, as text.
    const data = JSON.parse(parse(raw).getElementById(DATA_ID)!.textContent!);
    const contents = data.replay.steps.flatMap((s: { messages: { content: string }[] }) => s.messages.map((m) => m.content));
    expect(contents).toContain(XSS_PAYLOAD);
    expect(JSON.stringify(data.model)).toContain(JSON.stringify(XSS_DESCRIPTION).slice(1, -1));
    const doc = parse(raw);
    expect(doc.title).toBe('Echo <b>run</b>');
    expect(doc.querySelector('h1')!.textContent).toBe('Echo <b>run</b>');
    expect(doc.querySelectorAll('img, b, iframe')).toHaveLength(0);
  });

  it('escapes every label of the SVG (a graph whose names are markup, quotes and entities)', async () => {
    const html = await renderHtml(nastyGraph());
    const doc = parse(html);
    const model = vizModel(nastyGraph());
    // Read back by an HTML parser, every label and id is exactly the text it was.
    expect([...doc.querySelectorAll('svg g.node .node-label')].map((t) => t.textContent)).toEqual(model.nodes.map((n) => n.label));
    expect([...doc.querySelectorAll('svg g.node')].map((g) => g.getAttribute('data-id'))).toEqual(model.nodes.map((n) => n.id));
    expect(model.nodes.map((n) => n.id)).toEqual(expect.arrayContaining([...NASTY_NAMES]));
    expect(withoutData(html)).not.toContain('<script>alert');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
  });

  it('has a timeline only with a run, and says when the log is cut short or ran another build of the graph', async () => {
    const plain = parse(await renderHtml(support.log.graph));
    expect(plain.getElementById('timeline')).toBeNull();
    expect(plain.getElementById('step-panel')).toBeNull();
    expect(JSON.parse(plain.getElementById(DATA_ID)!.textContent!)).not.toHaveProperty('replay');
    const page = parse(support.html);
    expect(page.getElementById('timeline')).not.toBeNull();
    expect(page.querySelectorAll('.notice')).toHaveLength(0);

    const other = parse(await renderHtml(branchLoopGraph(), { run: { ...support.log, truncated: { line: 9, text: '{' } } }));
    expect([...other.querySelectorAll('.notice')].map((n) => n.textContent)).toEqual([
      expect.stringMatching(/^Run 1, 2 of the log ran another build of the graph \(IR hash [0-9a-f]+\); the drawing is of [0-9a-f]+/),
      'The log ends with a partial line (line 9): the recording process stopped mid-write; that line is left out.',
    ]);
  });

  it('rejects bad options with typed errors', async () => {
    const g = support.log.graph;
    await expect(renderHtml(g, null as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(renderHtml(g, { title: 3 as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(renderHtml(g, { run: { runs: 'x' } as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(renderHtml(g, { run: [{ type: 'node.start', step: 1, path: [] } as never] })).rejects.toMatchObject({
      code: 'RUN_LOG_INVALID',
      message: 'line 1 is a "node.start" event before any run.log header',
    });
    await expect(renderHtml(g, { run: [] })).rejects.toMatchObject({ code: 'RUN_LOG_EMPTY' });
  });
});
