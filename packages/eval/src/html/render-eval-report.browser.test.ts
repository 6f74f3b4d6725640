/**
 * The eval report's page in a real browser (Debian's Chromium through
 * playwright-core), built from real recorded runs of a small agent system:
 * the summary, the failed case marked, its details with the failed scorer,
 * coverage drawn on the graph, each case's run replayed by the viewer, and
 * markup from the report shown as text. Chromium is required: CI installs it.
 */
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../report/eval-report.ts';
import { renderEvalReport } from './render-eval-report.ts';
import {
  FAILED_ANSWER,
  FAILED_CASE,
  JUDGE_REASONING,
  recordEvalReport,
  withMarkupCaseId,
  XSS_CASE_ID,
  XSS_OUTPUT,
  XSS_TAG,
} from './test-support/eval-fixture.ts';

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
const SCREENSHOT = fileURLToPath(new URL('../../test-artifacts/eval-report.png', import.meta.url));

let browser: Browser;
let report: EvalReport;
let runLogs: Record<string, string>;
let url: string;

/** Opens the page at 1280×720 and records what must stay empty: console errors and warnings, page errors, any request but the page's. */
async function open(): Promise<{ page: Page; check: () => Promise<void> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
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
      for (const frame of page.frames()) expect(await frame.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      await page.close();
    },
  };
}

/** The top-level node ids each run log started, in order of first start. */
function startedNodes(log: string): string[] {
  const lines = log
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string; path?: string[]; node?: string });
  return [...new Set(lines.filter((l) => l.type === 'node.start').map((l) => [...(l.path ?? []), l.node].join('/')))];
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `the eval report's browser test needs Chromium at ${CHROMIUM} (Debian: apt-get install chromium); it is not skipped when missing`,
    );
  const recorded = await recordEvalReport();
  // The third case's id holds markup, as a hand-edited report file may.
  ({ report, runLogs } = withMarkupCaseId(recorded.report, recorded.runLogs));
  const file = join(mkdtempSync(join(tmpdir(), 'weft-eval-report-')), 'report.html');
  writeFileSync(file, await renderEvalReport(report, { runLogs }));
  url = pathToFileURL(file).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the eval report in Chromium', { timeout: 60_000 }, () => {
  it('shows the summary: counts by status, pass rate, mean scores, thresholds met or not, coverage', async () => {
    const { page, check } = await open();
    const stats = await page.$$eval('.stat', (els) => els.map((e) => [e.getAttribute('data-stat'), e.querySelector('b')!.textContent]));
    expect(stats).toEqual([
      ['cases', '3'],
      ['passed', '2'],
      ['failed', '1'],
      ['errored', '0'],
      ['interrupted', '0'],
      ['pass-rate', '66.7%'],
      ['score', '0.83'],
    ]);
    expect(await text(page, 'dd[data-scorer="judge"]')).toBe('0.67');
    expect(await text(page, 'dd[data-scorer="tool-called"]')).toBe('1.00');
    expect(await page.locator('li.threshold.missed[data-metric="passRate"]').textContent()).toBe('passRate 0.67 ≥ 0.90 not met');
    expect(await page.locator('li.threshold.met[data-metric="tool-called"]').textContent()).toBe('tool-called 1.00 ≥ 1.00 met');
    expect(await text(page, '#verdict')).toBe('thresholds not met');
    const { nodes, edges } = report.summary.coverage;
    expect(await text(page, 'dd[data-coverage="nodes"]')).toBe(
      `${nodes.covered} / ${nodes.total} (${Math.round(nodes.ratio * 1000) / 10}%)`,
    );
    expect(await text(page, 'dd[data-coverage="edges"]')).toBe(
      `${edges.covered} / ${edges.total} (${Math.round(edges.ratio * 1000) / 10}%)`,
    );
    await check();
  });

  it('draws every node and edge no case reached as missed (dashed, grey), the others as covered, with a legend and the missed list', async () => {
    const { page, check } = await open();
    const { nodes, edges } = report.summary.coverage;
    expect(nodes.missed).toEqual(['Tech', 'Tech:tools']);
    const drawn = await page.$$eval('#graph g.node', (gs) => gs.map((g) => [g.getAttribute('data-id'), g.getAttribute('class')]));
    expect(drawn.filter(([, cls]) => cls === 'node missed').map(([id]) => id)).toEqual(nodes.missed);
    expect(drawn.every(([id, cls]) => cls === (nodes.missed.includes(id!) ? 'node missed' : 'node covered'))).toBe(true);
    const drawnEdges = await page.$$eval('#graph g.edge', (gs) =>
      gs.map((g) => [`${g.getAttribute('data-from')} -> ${g.getAttribute('data-to')}`, g.classList.contains('missed')] as const),
    );
    expect(drawnEdges.every(([key, missed]) => missed === edges.missed.includes(key))).toBe(true);
    expect(new Set(drawnEdges.filter(([, missed]) => missed).map(([key]) => key))).toEqual(new Set(edges.missed));
    const look = (id: string) =>
      page.$eval(`g.node[data-id="${id}"] .node-box`, (box) => ({
        dash: getComputedStyle(box).strokeDasharray,
        fill: getComputedStyle(box).fill,
      }));
    expect(await look('Tech')).toEqual({ dash: '5px, 3px', fill: 'rgb(236, 239, 242)' });
    expect((await look('Billing')).dash).toBe('none');
    expect(await page.locator('.coverage-bar').textContent()).toMatch(/node reached.*node missed.*edge taken.*edge missed/s);
    expect(await page.$$eval('#missed ul.missed-nodes li', (lis) => lis.map((li) => li.textContent))).toEqual(nodes.missed);
    await check();
  });

  it('marks the failed row; opening it shows the failed scorer highlighted with its reason and the judge reasoning', async () => {
    const { page, check } = await open();
    const failed = page.locator('tr.case-row.failed');
    expect(await failed.count()).toBe(1);
    expect(await failed.getAttribute('data-case')).toBe(FAILED_CASE);
    const shade = (selector: string) => page.$eval(selector, (e) => getComputedStyle(e).boxShadow);
    expect(await shade('tr.case-row.failed')).toContain('rgb(217, 45, 32)');
    expect(await shade('tr.case-row.passed')).toBe('none');
    expect(await page.locator('#tab-case').isDisabled()).toBe(true);
    expect(await page.locator('section.case-detail:visible').count()).toBe(0);

    await failed.click();
    const detail = page.locator(`section.case-detail[data-case="${FAILED_CASE}"]`);
    expect(await detail.isVisible()).toBe(true);
    expect(await page.locator('section.case-detail:visible').count()).toBe(1);
    expect(await page.locator('#tab-case').textContent()).toBe(`Case ${FAILED_CASE}`);
    expect(await failed.getAttribute('class')).toBe('case-row failed selected');
    const scorers = await detail.locator('.scorer').evaluateAll((els) => els.map((e) => [e.getAttribute('data-scorer'), e.className]));
    expect(scorers).toEqual([
      ['tool-called', 'scorer passed'],
      ['judge', 'scorer failed'],
    ]);
    const judge = detail.locator('.scorer.failed');
    expect(await judge.locator('.verdict').textContent()).toBe('failed');
    expect(await judge.locator('.reason').textContent()).toBe(JUDGE_REASONING);
    expect(await judge.locator('pre.scorer-details').textContent()).toContain(JUDGE_REASONING);
    expect(await judge.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(255, 245, 244)');
    expect(await detail.locator('.trajectory li').allTextContents()).toEqual([
      expect.stringMatching(/^transfer Coordinator → Billing/),
      expect.stringMatching(/^tool Billing → lookup_invoice\{\s*"invoice_id": "INV-1"\s*\}INV-1: \$49\.00, charged twice$/),
      expect.stringMatching(/^transfer Billing → Coordinator/),
    ]);
    expect(await detail.locator('pre.output').textContent()).toBe(FAILED_ANSWER);
    // Readable at 1280×720: nothing wider than the window, the page itself does not scroll, the scorer is on screen.
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([1280, 720]);
    const box = (await judge.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    await check();
  });

  it("replays the case's run on the graph with the viewer: its nodes, a step control that advances and marks the active nodes", async () => {
    const { page, check } = await open();
    await page.keyboard.press('Tab');
    await page.locator(`tr.case-row[data-case="${FAILED_CASE}"]`).focus();
    await page.keyboard.press('Enter');
    const frame = page.frameLocator(`section.case-detail[data-case="${FAILED_CASE}"] .replay iframe`);
    await frame.locator('#step').waitFor({ state: 'attached' });
    expect(await frame.locator('#graph g.node').count()).toBe(await page.locator('#graph g.node').count());
    const steps = Number(await frame.locator('#step').getAttribute('max')) + 1;
    expect(steps).toBeGreaterThan(3);
    const seen = new Set<string>();
    for (let i = 0; i < steps; i++) {
      await frame.locator('#step').fill(String(i));
      expect(await frame.locator('#step-label').textContent()).toContain(`(${i + 1}/${steps})`);
      const active = await frame.locator('g.node.active').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-id')!));
      active.forEach((id) => seen.add(id));
      if (active.includes('Billing:tools')) expect(await frame.locator('#step-body').textContent()).toMatch(/Billing|INV-1/);
    }
    expect([...seen].sort()).toEqual(startedNodes(runLogs[FAILED_CASE]!).sort());
    await frame.locator('#step').fill('0');
    const before = await frame.locator('#step-label').textContent();
    await frame.locator('#play').click();
    await expect.poll(async () => frame.locator('#step-label').textContent(), { timeout: 10_000 }).not.toBe(before);
    await frame.locator('#play').click();
    expect(await frame.locator('#step-body').textContent()).toMatch(/Run 1/);
    await check();
  });

  it('shows markup from case ids, tags, outputs and reasons as text, and runs none of it, in the page or the replay', async () => {
    const { page, check } = await open();
    const row = page.locator('tr.case-row').nth(2);
    expect(await row.getAttribute('data-case')).toBe(XSS_CASE_ID);
    expect(await row.locator('.case-id').textContent()).toBe(XSS_CASE_ID);
    expect(await row.locator('.tag').textContent()).toBe(XSS_TAG);
    await row.click();
    const detail = page.locator('section.case-detail').nth(2);
    expect(await detail.locator('.case-title').textContent()).toBe(XSS_CASE_ID);
    expect(await detail.locator('pre.output').textContent()).toBe(XSS_OUTPUT);
    expect(await detail.locator('.scorer[data-scorer="tool-called"] .reason').textContent()).toBe(
      `lookup_invoice was called; the answer: ${XSS_OUTPUT}`,
    );
    const frame = page.frameLocator('section.case-detail:visible .replay iframe');
    await frame.locator('#step').waitFor({ state: 'attached' });
    const steps = Number(await frame.locator('#step').getAttribute('max')) + 1;
    await frame.locator('#step').fill(String(steps - 1));
    expect(await frame.locator('#step-body').textContent()).toContain(XSS_OUTPUT);
    expect(await page.locator('img, b[onclick], .tag i').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(2);
    await check();
  });
});
