/**
 * A message's images and files in a real browser (Debian's Chromium through
 * playwright-core): the PNG shows as a decoded thumbnail from its `data:`
 * URL under the page's CSP (`img-src data:`), an SVG and a file are labels,
 * and the page requests nothing but itself.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { RUN_LOG_VERSION, type GraphEvent, type RunLogLine } from '@weft/graph';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/recorded-runs.ts';
import { supportGraph } from '../../test-support/seed-graphs.ts';
import { renderHtml } from './render-html.ts';

const CHROMIUM = '/usr/bin/chromium';
let browser: Browser;

/** A real 3×2 RGB PNG: signature, IHDR, one IDAT, IEND. */
function png(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(3, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 20, 20, 20, 90, 90, 90, 200, 200, 200]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=2</script></svg>';

function lines(): RunLogLine[] {
  const graph = supportGraph().toJSON();
  const at = { runId: 'r1', threadId: 't1', ts: 2, path: [] };
  const content = [
    { type: 'text', text: 'What are these?' },
    { type: 'image', mediaType: 'image/png', data: png() },
    { type: 'image', mediaType: 'image/svg+xml', data: new TextEncoder().encode(SVG) },
    { type: 'file', mediaType: 'application/pdf', name: 'invoice.pdf', data: new Uint8Array(2048) },
  ];
  const events = [
    { type: 'run.start', graph: graph.name, input: undefined, step: 0, ...at },
    { type: 'node.start', node: 'Triage', key: 'k', input: undefined, attempt: 1, step: 1, ...at },
    {
      type: 'node.custom',
      node: 'Triage',
      channel: 'weft.agent',
      data: { agentName: 'Triage', runPath: ['Triage'], output: { message: { role: 'user', content } } },
      step: 1,
      ...at,
    },
    { type: 'run.end', status: 'done', output: 'ok', step: 1, ...at },
  ] as GraphEvent[];
  return [{ type: 'run.log', version: RUN_LOG_VERSION, graph, ts: 1 }, ...events];
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `the viewer's browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install chromium); it is not skipped when missing`,
    );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("the viewer's images and files in Chromium", { timeout: 60_000 }, () => {
  it('shows the PNG as a decoded thumbnail, the SVG and the file as labels, and requests nothing', async () => {
    const run = lines();
    const path = join(tempDir('weft-viz-media-browser-'), 'media.html');
    writeFileSync(path, await renderHtml((run[0] as Extract<RunLogLine, { type: 'run.log' }>).graph, { run }));
    const url = pathToFileURL(path).href;
    const page = await browser.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' || m.type() === 'warning' ? problems.push(m.text()) : undefined));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(url);
    await page.locator('#ticks .tick').nth(1).click();
    const thumb = page.locator('#step-body img.thumb');
    await expect.poll(() => thumb.count()).toBe(1);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(3);
    expect(await thumb.evaluate((img: HTMLImageElement) => [img.naturalHeight, img.src.slice(0, 22), img.alt])).toEqual([
      2,
      'data:image/png;base64,',
      `image · image/png · ${png().byteLength} bytes`,
    ]);
    expect(await page.locator('#step-body figure.media figcaption').allTextContents()).toEqual([
      `image · image/png · ${png().byteLength} bytes`,
      `image · image/svg+xml · ${SVG.length} bytes`,
      `image not embedded (${SVG.length} bytes): SVG images are not embedded`,
      'file · invoice.pdf · application/pdf · 2 KiB',
    ]);
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await page.close();
  });
});
