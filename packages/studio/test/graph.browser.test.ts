/**
 * The Studio's graph in Chromium: the support example drawn one node per
 * agent, an agent expanded into its nodes and the Nodes level, the route of
 * the scripted run numbered over the drawing (also for a thread reopened on
 * a server started again), labels readable at fit in a 1280×720 window, the
 * graph pane at 900 px, and wheel zoom bounded per event about the pointer.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { serveStudio } from '../src/index.ts';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';

const AGENTS = ['Coordinator', 'Billing', 'Tech', 'Database', 'Network', 'Account'];
/** The support tree's transfers (agentView of the support example), each way in the tree. */
const TRANSFERS = [
  'Coordinator->Billing',
  'Coordinator->Tech',
  'Coordinator->Account',
  'Billing->Coordinator',
  'Tech->Database',
  'Tech->Network',
  'Tech->Coordinator',
  'Database->Tech',
  'Network->Tech',
  'Account->Coordinator',
];
/** The route of the scripted run up to the refund approval: START, then the transfers as `weft run` prints them. */
const ROUTE = [
  ['__start__', 'Coordinator', '1'],
  ['Coordinator', 'Tech', '2'],
  ['Tech', 'Database', '3'],
  ['Database', 'Tech', '4'],
  ['Tech', 'Coordinator', '5'],
  ['Coordinator', 'Billing', '6'],
];
/** After the approval: Billing hands back, and the Coordinator answers. */
const ROUTE_DONE = [...ROUTE, ['Billing', 'Coordinator', '7'], ['Coordinator', '__end__', '8']];

const supportTarget = () => ({ target: supportAgent(scriptedSupportModels()), sessionValues: { company: 'Acme' } });

let browser: Browser;
let studio: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  studio = await startStudio(supportTarget());
}, 30_000);

afterAll(async () => {
  await studio?.close();
  await browser?.close();
});

const drawnNodes = (page: Page) =>
  page.$$eval('svg#graph g.node', (gs) => gs.map((g) => [g.getAttribute('data-id'), g.getAttribute('data-kind')]));

/** The edges drawn as taken, in the order of their first step: from, to, step numbers. */
const takenEdges = (page: Page) =>
  page.$$eval('svg#graph g.edge.taken', (gs) =>
    gs
      .map((g) => [g.getAttribute('data-from') ?? '', g.getAttribute('data-to') ?? '', g.getAttribute('data-steps') ?? ''])
      .sort((a, b) => Number(a[2]!.split(' ')[0]) - Number(b[2]!.split(' ')[0])),
  );

/** Each node label's size on screen: its font size times the drawing's scale. */
const labelPixels = (page: Page) =>
  page.$$eval('svg#graph .node-label', (labels) => {
    const svg = document.getElementById('graph') as unknown as SVGSVGElement;
    const scale = svg.getScreenCTM()!.a;
    return labels.map((l) => ({ text: l.textContent, px: parseFloat(getComputedStyle(l).fontSize) * scale }));
  });

/** Starts the scripted support run from the page and waits for its refund approval. */
async function runToApproval(page: Page): Promise<string> {
  await page.locator('#run-input').fill(exampleQuery);
  await page.locator('#run-start').click();
  await page.locator('#run-panel[data-status="interrupted"]').waitFor();
  return page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');
}

async function openThread(page: Page, threadId: string): Promise<void> {
  await page.locator(`#threads li[data-thread-id="${threadId}"] button`).first().click();
}

describe('the Studio graph in Chromium', { timeout: 90_000 }, () => {
  it('draws an agent one node per agent, expands one agent into its nodes, and shows every node at the Nodes level', async () => {
    const { page, check } = await openPage(browser, studio.studio.url);
    expect(await drawnNodes(page)).toEqual([['__start__', 'start'], ...AGENTS.map((a) => [a, 'agent']), ['__end__', 'end']]);
    expect(await page.$$eval('svg#graph g.edge[data-kind="transfer"]', (gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(
      TRANSFERS,
    );
    expect(await page.locator('button[data-level="agents"]').getAttribute('aria-pressed')).toBe('true');
    // An agent's details say which nodes it stands for.
    await page.locator('g.node[data-id="Tech"] .node-box').click();
    await expect.poll(() => page.locator('#details-body dd').allTextContents()).toEqual(['Tech', 'agent', 'Tech, Tech:tools']);

    // Tech's toggle: its model and tools nodes in its box, whose toggle draws it as one node again.
    await page.locator('g.node[data-id="Tech"] [data-expand="Tech"]').click();
    await page.locator('g.node[data-id="Tech:tools"]').waitFor();
    expect(await drawnNodes(page)).toEqual([
      ['__start__', 'start'],
      ...AGENTS.flatMap((a) =>
        a === 'Tech'
          ? [
              ['Tech', 'chat-model'],
              ['Tech:tools', 'tools'],
            ]
          : [[a, 'agent']],
      ),
      ['__end__', 'end'],
    ]);
    expect(await page.locator('g.cluster[data-id="agent:Coordinator/agent:Tech"] [data-collapse="Tech"]').count()).toBe(1);
    // A double click expands another one; both stay expanded.
    await page.locator('g.node[data-id="Billing"] .node-box').dblclick();
    await page.locator('g.node[data-id="Billing:tools"]').waitFor();
    expect(await page.locator('#canvas').getAttribute('data-expanded')).toBe('Billing Tech');
    await page.locator('[data-collapse="Tech"]').click();
    await page.locator('g.node[data-id="Tech"][data-kind="agent"]').waitFor();
    expect(await page.locator('g.node[data-id="Tech:tools"]').count()).toBe(0);
    expect(await page.locator('g.node[data-id="Billing:tools"]').count()).toBe(1);
    // From the keyboard: + on a focused agent.
    await page.locator('g.node[data-id="Network"]').focus();
    await page.keyboard.press('+');
    await page.locator('g.node[data-id="Network:tools"]').waitFor();
    expect(await page.locator('#canvas').getAttribute('data-expanded')).toBe('Billing Network');

    // Nodes: every node of the compiled graph, agents as boxes; Agents again: one node each.
    await page.locator('button[data-level="nodes"]').click();
    await page.locator('g.node[data-id="run:start"]').waitFor();
    expect(await page.locator('svg#graph g.node').count()).toBe(15);
    expect(await page.locator('svg#graph .toggle').count()).toBe(0);
    await page.locator('button[data-level="agents"]').click();
    await page.locator('g.node[data-id="Tech"][data-kind="agent"]').waitFor();
    expect((await drawnNodes(page)).map(([id]) => id)).toEqual(['__start__', ...AGENTS, '__end__']);
    await check();
  });

  it('numbers the route of the run over the drawing, keeps the transfers not taken quiet, and shows it again on a reopened thread', async () => {
    const { page, check } = await openPage(browser, studio.studio.url);
    expect(await page.locator('svg#graph g.edge.taken').count()).toBe(0);
    const threadId = await runToApproval(page);
    expect(await takenEdges(page)).toEqual(ROUTE);
    expect(await page.$$eval('svg#graph g.route-steps .route-step text', (ts) => ts.map((t) => t.textContent).sort())).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    // The transfers not taken are drawn quieter than those taken, and than a transfer before any route.
    const look = (id: string) =>
      page.$eval(`svg#graph g.edge[data-id="${id}"] .edge-line`, (p) => {
        const s = getComputedStyle(p);
        return { width: parseFloat(s.strokeWidth), opacity: parseFloat(s.strokeOpacity) };
      });
    const taken = await look('Coordinator->Tech');
    const quiet = await look('Coordinator->Account');
    expect(quiet.width).toBeLessThan(taken.width);
    expect(quiet.opacity).toBeLessThan(1);
    expect(await page.$$eval('svg#graph g.edge[data-kind="transfer"]:not(.taken)', (gs) => gs.length)).toBe(TRANSFERS.length - 5);
    // Billing waits for the approval (its tools node's interrupt lands on it).
    expect(await page.$$eval('g.node.waiting', (gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(['Billing']);

    // Tech expanded: the same route through its model and tools nodes.
    await page.locator('[data-expand="Tech"]').click();
    await page.locator('g.node[data-id="Tech:tools"]').waitFor();
    expect(await takenEdges(page)).toEqual([
      ['__start__', 'Coordinator', '1'],
      ['Coordinator', 'Tech', '2'],
      ['Tech', 'Tech:tools', '3 6'],
      ['Tech:tools', 'Database', '4'],
      ['Database', 'Tech', '5'],
      ['Tech:tools', 'Coordinator', '7'],
      ['Coordinator', 'Billing', '8'],
    ]);
    await page.locator('[data-collapse="Tech"]').click();
    await page.locator('g.node[data-id="Tech"][data-kind="agent"]').waitFor();

    // Another page opens the thread: the route from its checkpoints and the replayed run.
    const other = await openPage(browser, studio.studio.url);
    await openThread(other.page, threadId);
    await expect.poll(() => takenEdges(other.page)).toEqual(ROUTE);

    // The approval: the route goes on to the end.
    await page.locator('#interrupts [data-action="approve"]').click();
    await page.locator('#run-panel[data-status="done"]').waitFor();
    await expect.poll(() => takenEdges(page)).toEqual(ROUTE_DONE);
    await expect.poll(() => takenEdges(other.page)).toEqual(ROUTE_DONE);
    await other.check();
    await check();

    // A server started again on the same store has no events of the thread: its checkpoints give the route.
    const again = await serveStudio({ ...supportTarget(), store: studio.store, port: 0 });
    try {
      const reopened = await openPage(browser, again.url);
      await openThread(reopened.page, threadId);
      await reopened.page.locator('#run-panel[data-status="done"]').waitFor();
      await expect.poll(() => takenEdges(reopened.page)).toEqual(ROUTE_DONE);
      expect(await reopened.page.locator('#events > li').count()).toBe(0);
      await reopened.check();
    } finally {
      await again.close();
    }
  });

  it('reads at fit in a 1280×720 window (labels of 11 px or more), and gives the graph the whole width at 900 px', async () => {
    for (const width of [1280, 900]) {
      const { page, check } = await openPage(browser, studio.studio.url, { viewport: { width, height: 720 } });
      if (width < 1000) await page.locator('[data-pane="graph"]').click();
      await page.locator('#fit').click();
      const labels = await labelPixels(page);
      expect(labels.map((l) => l.text)).toEqual(['START', ...AGENTS, 'END']);
      for (const l of labels) expect(l.px, `${l.text} at ${width} px`).toBeGreaterThanOrEqual(11);
      // The whole drawing is in the pane.
      const inside = await page.evaluate(() => {
        const pane = document.getElementById('canvas')!.getBoundingClientRect();
        return [...document.querySelectorAll('svg#graph g.node')].every((g) => {
          const r = g.getBoundingClientRect();
          return r.left >= pane.left && r.right <= pane.right && r.top >= pane.top && r.bottom <= pane.bottom;
        });
      });
      expect(inside).toBe(true);
      if (width < 1000) expect(await page.$eval('#canvas', (c) => c.getBoundingClientRect().width)).toBeGreaterThan(880);
      await check();
    }
  });

  it('zooms with the wheel in steps proportional to it, at most 1.25× an event, about the pointer', async () => {
    const { page, check } = await openPage(browser, studio.studio.url, { viewport: { width: 1280, height: 720 } });
    const box = (await page.locator('g.node[data-id="Tech"] .node-box').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(at.x, at.y);
    /** The scale, and the drawing point under the pointer. */
    const probe = () =>
      page.evaluate(({ x, y }) => {
        const svg = document.getElementById('graph') as unknown as SVGSVGElement;
        const ctm = svg.getScreenCTM()!;
        const p = new DOMPoint(x, y).matrixTransform(ctm.inverse());
        return { scale: ctm.a, x: p.x, y: p.y, viewBox: svg.getAttribute('viewBox') };
      }, at);
    const wheel = async (deltaY: number) => {
      const before = await probe();
      await page.mouse.wheel(0, deltaY);
      await expect.poll(async () => (await probe()).viewBox).not.toBe(before.viewBox);
      const after = await probe();
      expect(Math.abs(after.x - before.x)).toBeLessThan(0.5);
      expect(Math.abs(after.y - before.y)).toBeLessThan(0.5);
      return after.scale / before.scale;
    };
    // A trackpad's small step glides; a mouse notch steps; a big jump is held to 1.25×.
    expect(await wheel(-4)).toBeCloseTo(Math.exp(4 * 0.002), 4);
    expect(await wheel(-100)).toBeCloseTo(Math.exp(100 * 0.002), 4);
    expect(await wheel(-600)).toBeCloseTo(1.25, 4);
    expect(await wheel(600)).toBeCloseTo(1 / 1.25, 4);
    await check();
  });
});
