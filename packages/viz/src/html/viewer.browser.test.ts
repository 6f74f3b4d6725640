/**
 * The viewer in a real browser (Debian's Chromium through playwright-core):
 * a page built from a recorded run of the support example, and one whose run
 * carries XSS payloads. Chromium is required: CI installs it.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RunLogLine } from '@weft/graph';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSupportRun, recordXssRun, tempDir, XSS_DESCRIPTION, XSS_PAYLOAD } from '../../test-support/recorded-runs.ts';
import { vizModel } from '../model/build-viz-model.ts';
import type { VizModel } from '../model/viz-model.ts';
import { renderHtml } from './render-html.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SCREENSHOT = fileURLToPath(new URL('../../test-artifacts/viewer.png', import.meta.url));

const dir = tempDir('weft-viz-browser-');
let browser: Browser;
let support: { url: string; model: VizModel; lines: RunLogLine[] };
let xss: { url: string };

/** Records a run, renders its page into the temp folder; returns the page's file URL, the log's lines and the drawn model. */
async function buildPage(name: string, record: (path: string) => Promise<unknown>) {
  const logPath = join(dir, `${name}.jsonl`);
  await record(logPath);
  const lines = readFileSync(logPath, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RunLogLine);
  const graph = (lines[0] as Extract<RunLogLine, { type: 'run.log' }>).graph;
  const htmlPath = join(dir, `${name}.html`);
  writeFileSync(htmlPath, await renderHtml(graph, { run: lines }));
  return { url: pathToFileURL(htmlPath).href, lines, model: vizModel(graph) };
}

interface ExpectedStep {
  run: number;
  /** The step being run. */
  step: number;
  /** The steps completed at its end (its checkpoint's step). */
  completed: number;
  seq: number | undefined;
  active: Set<string>;
}

/**
 * What each slider position should show and light up, straight from the log:
 * per run, per top-level step, the nodes started, and its label: the
 * checkpoint it wrote named as weft history names it (`seq S, step N`, N the
 * steps completed: one less than the step run when that step stopped).
 */
function expectedSteps(lines: readonly RunLogLine[]): { label: string; run: number; step: number; active: string[] }[] {
  const steps: ExpectedStep[] = [];
  let run = 0;
  for (const line of lines) {
    if (line.type === 'run.log') {
      run += 1;
      steps.push({ run, step: NaN, completed: NaN, seq: undefined, active: new Set() });
      continue;
    }
    let current = steps.at(-1)!;
    if (Number.isNaN(current.step)) Object.assign(current, { step: line.step, completed: line.step });
    else if (line.path.length === 0 && line.step !== current.step)
      steps.push((current = { run, step: line.step, completed: line.step, seq: undefined, active: new Set() }));
    if (line.type === 'node.start') current.active.add([...line.path, line.node].join('/'));
    if (line.type === 'step.start' && line.path.length === 0) current.completed = line.step - 1;
    if (line.type === 'step.end' && line.path.length === 0) current.completed = line.step;
    if (line.type === 'checkpoint.write') current.seq = line.seq;
  }
  return steps.map((s) => ({
    label: `run ${s.run} · ${s.seq === undefined ? '' : `seq ${s.seq}, `}step ${s.completed}`,
    run: s.run,
    step: s.step,
    active: [...s.active].sort(),
  }));
}

/** Opens a page and records what must stay empty: console errors, page errors, and any request but the page itself. */
async function open(url: string): Promise<{ page: Page; check: () => Promise<void> }> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' || m.type() === 'warning' ? problems.push(`${m.type()}: ${m.text()}`) : undefined));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  return {
    page,
    check: async () => {
      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      await page.close();
    },
  };
}

const activeIds = (page: Page) => page.$$eval('g.node.active', (gs) => gs.map((g) => g.getAttribute('data-id') ?? '').sort());
const viewBox = (page: Page) => page.$eval('#graph', (svg) => svg.getAttribute('viewBox')!.split(' ').map(Number));

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `the viewer's browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install chromium); it is not skipped when missing`,
    );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  support = await buildPage('support', recordSupportRun);
  xss = await buildPage('xss', recordXssRun);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the HTML viewer in Chromium', { timeout: 60_000 }, () => {
  it('draws one g.node per model node and one g.edge per model edge; a click on a node shows its details', async () => {
    const { page, check } = await open(support.url);
    expect(await page.locator('svg g.node').count()).toBe(support.model.nodes.length);
    expect(await page.locator('svg g.edge').count()).toBe(support.model.edges.length);
    expect(await page.locator('svg g.cluster').count()).toBe(support.model.clusters.length);

    await page.locator('g.node[data-id="Billing:tools"]').click();
    const details = page.locator('#details-body');
    await expect.poll(() => details.textContent()).toContain('refund');
    const text = (await details.textContent())!;
    expect(text).toContain('A person must approve every refund.');
    expect(text).toContain('"exclusiveMinimum": 0');
    expect(text).toContain('lookup_invoice');
    expect(await page.locator('g.node.selected').getAttribute('data-id')).toBe('Billing:tools');
    await page.locator('g.node[data-id="Billing"]').click();
    expect(await details.textContent()).toContain('You handle billing. Check invoices before refunding; refunds need approval.');
    await check();
  });

  it('moving the step slider highlights exactly the nodes that started in that step, run after run (the resume included)', async () => {
    const { page, check } = await open(support.url);
    const expected = expectedSteps(support.lines);
    expect(expected.filter((s) => s.label.startsWith('run 2'))).not.toHaveLength(0);
    const slider = page.locator('#step');
    expect(Number(await slider.getAttribute('max'))).toBe(expected.length - 1);
    for (const [i, step] of expected.entries()) {
      await slider.fill(String(i));
      expect(await page.locator('#step-label').textContent()).toContain(step.label);
      expect(await activeIds(page)).toEqual(step.active);
    }
    await check();
  });

  it('the step panel shows messages, interrupts, checkpoints and patches; the ticks mark checkpoints and the interrupt', async () => {
    const { page, check } = await open(support.url);
    const expected = expectedSteps(support.lines);
    const stop = expected.findIndex((s) => s.run === 1 && s.step === 17);
    expect(await page.locator('.tick').count()).toBe(expected.length);
    expect(await page.locator('.tick.interrupt').count()).toBe(1);
    expect(await page.locator('.tick').nth(stop).getAttribute('class')).toContain('interrupt');
    expect(await page.locator('.tick.checkpoint').count()).toBe(expected.length);
    expect(await page.locator('.tick.run-start').count()).toBe(2);

    await page.locator('.tick').nth(stop).click();
    const body = page.locator('#step-body');
    expect(await body.textContent()).toMatch(/Interrupts.*interrupt.*refund.*INV-1042/s);
    expect(await body.textContent()).toContain('ended: interrupted');
    expect(expected[stop]!.label).toMatch(/^run 1 · seq \d+, step 16$/);
    await page.locator('.tick').nth(stop).click();
    expect(await page.locator('#step-label').textContent()).toContain(expected[stop]!.label);
    expect(await page.locator('#step-body').textContent()).toContain('step 17 ran and stopped before it completed: 16 steps completed');
    await page.locator('#step').fill(String(expected.findIndex((s) => s.run === 1 && s.step === 3)));
    expect(await body.textContent()).toContain('Messages (1)Coordinatortool: transfer_to_agent→ Tech');
    expect(await body.textContent()).toMatch(/Checkpoints writtenseq \d+ · \d+ bytes/);
    expect(await body.textContent()).toMatch(/State patches \(\d+\)/);
    await page.locator('#step').fill(String(expected.findIndex((s) => s.run === 2 && s.step === 17)));
    expect(await body.textContent()).toContain('resumed from checkpoint');
    expect(await body.textContent()).toContain('refunded $49.00 on INV-1042');
    await check();
  });

  it('a long interrupt id wraps inside the step panel: nothing is clipped and the panel does not scroll sideways', async () => {
    const { page, check } = await open(support.url);
    const stop = expectedSteps(support.lines).findIndex((s) => s.run === 1 && s.step === 17);
    await page.locator('.tick').nth(stop).click();
    // The support run's approval: its id, a path through the agents to the refund call, is longer than the panel is wide.
    const id = page.locator('#step-body .card .head > span.muted').filter({ hasText: /^agent:.*\/tool:refund:.*#0$/ });
    expect(await id.count()).toBe(1);
    const sizes = await id.evaluate((span) => {
      const card = span.closest('.card')!.getBoundingClientRect();
      const box = span.getBoundingClientRect();
      const panel = document.querySelector('#step-panel')!;
      const tag = span.previousElementSibling!.getBoundingClientRect();
      return {
        inside: box.left >= card.left && box.right <= card.right,
        // Taller than the one-line "interrupt" tag beside it: the id wrapped.
        wrapped: box.height > tag.height * 1.5,
        panelOverflow: panel.scrollWidth - panel.clientWidth,
      };
    });
    expect(sizes).toEqual({ inside: true, wrapped: true, panelOverflow: 0 });
    await check();
  });

  it('plays and pauses; pans, zooms and fits', async () => {
    const { page, check } = await open(support.url);
    const play = page.locator('#play');
    await play.click();
    expect(await play.textContent()).toBe('Pause');
    await expect.poll(async () => Number(await page.locator('#step').inputValue()), { timeout: 5_000 }).toBeGreaterThan(1);
    await play.click();
    expect(await play.textContent()).toBe('Play');
    const paused = await page.locator('#step').inputValue();
    await page.waitForTimeout(1_200);
    expect(await page.locator('#step').inputValue()).toBe(paused);

    const fitted = await viewBox(page);
    const canvas = (await page.locator('#canvas').boundingBox())!;
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await viewBox(page))[2]!).toBeLessThan(fitted[2]!);
    const zoomed = await viewBox(page);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width / 2 + 120, canvas.y + canvas.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    const panned = await viewBox(page);
    expect(panned[0]).toBeLessThan(zoomed[0]!);
    expect(panned[2]).toBe(zoomed[2]);
    expect(await page.locator('g.node.selected').count()).toBe(0);
    await page.locator('#fit').click();
    expect(await viewBox(page)).toEqual(fitted);
    await check();
  });

  it('shows markup from tool results, messages, descriptions and instructions as text, and runs none of it', async () => {
    const { page, check } = await open(xss.url);
    const steps = Number(await page.locator('#step').getAttribute('max')) + 1;
    const bodies: string[] = [];
    for (let i = 0; i < steps; i++) {
      await page.locator('#step').fill(String(i));
      bodies.push((await page.locator('#step-body').textContent())!);
    }
    expect(bodies.filter((b) => b.includes(XSS_PAYLOAD))).toHaveLength(2);
    await page.locator('#step').fill(String(bodies.findIndex((b) => b.includes(XSS_PAYLOAD))));
    await expect.poll(() => page.getByText(XSS_PAYLOAD, { exact: true }).isVisible()).toBe(true);

    await page.locator('g.node[data-id="Echo:tools"]').click();
    expect(await page.locator('#details-body').textContent()).toContain(XSS_DESCRIPTION);
    await page.locator('g.node[data-id="Echo"]').click();
    expect(await page.locator('#details-body').textContent()).toContain('<svg onload="window.__xss=4"></svg> Use echo.');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(2);
    await check();
  });

  it('saves a screenshot of a replayed step with a node selected', async () => {
    const { page, check } = await open(support.url);
    const expected = expectedSteps(support.lines);
    await page.locator('#step').fill(String(expected.findIndex((s) => s.run === 1 && s.step === 23)));
    await page.locator('g.node[data-id="Billing:tools"]').click();
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    await check();
  });
});
