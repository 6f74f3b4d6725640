/**
 * The Timeline tab in Chromium: a bar per model and tool call, matching the
 * stream's `call` events one for one (agent, name, tokens, cost, finish
 * reason, a failed tool), growing while its call runs; each run's totals, the
 * approval's wait as a mark between the runs; a clicked bar's input and
 * output; and a replay of hundreds of calls drawn in a few batches.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatModelAgent, textOf, tool, type ChatModel, type Message } from '@weft/agents';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { launchChromium, openPage, readRunEvents, startStudio, type SseItem } from './support/browser-studio.ts';
import { CALLS, PRICES, pricedAgents } from './support/priced-agents.ts';

const ARTIFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const QUERY = 'Refund order A1, please.';

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()), 30_000);
afterAll(async () => void (await browser?.close()));

/** A row of the timeline as the test reads it. */
interface Row {
  callId: string;
  kind: string;
  agent: string;
  name: string;
  status: string;
  inputTokens?: string;
  outputTokens?: string;
  cost?: string;
  finishReason?: string;
}

/** The rows of each run section, in order. */
function timelineRows(page: Page): Promise<{ runId: string; rows: Row[] }[]> {
  return page.$$eval('#timeline .tl-run', (sections) =>
    sections.map((s) => ({
      runId: (s as HTMLElement).dataset['runId'] ?? '',
      rows: [...s.querySelectorAll('.tl-call')].map((r) => {
        const d = { ...(r as HTMLElement).dataset };
        delete d['lane'];
        return d as unknown as Row;
      }),
    })),
  );
}

/** The rows a run's `call` events make: one per start, with what its end says. */
function rowsOf(events: SseItem[]): Row[] {
  const calls = events.filter((e) => e.event === 'call').map((e) => e.data as Record<string, any>);
  return calls
    .filter((c) => c['phase'] === 'start')
    .map((start) => {
      const end = calls.find((c) => c['phase'] === 'end' && c['callId'] === start['callId'])!;
      const row: Row = {
        callId: start['callId'],
        kind: start['kind'],
        agent: start['agentName'],
        name: start['kind'] === 'model' ? start['model'] : start['toolName'],
        status: end['status'],
      };
      if (end['usage'])
        Object.assign(row, { inputTokens: String(end['usage'].inputTokens), outputTokens: String(end['usage'].outputTokens) });
      if (end['cost'] !== undefined) row.cost = String(end['cost']);
      if (end['finishReason']) row.finishReason = end['finishReason'];
      return row;
    });
}

const cost = (p: { inputPerMillion: number; outputPerMillion: number }, u: { inputTokens: number; outputTokens: number }) =>
  (u.inputTokens * p.inputPerMillion + u.outputTokens * p.outputPerMillion) / 1_000_000;

describe('the Timeline tab', { timeout: 90_000 }, () => {
  it('draws each model and tool call as its events say, live, with tokens, costs, totals and the approval’s wait', async () => {
    // The first model call is held open until its bar has grown; the others answer at once.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const served = await startStudio({ target: pricedAgents(() => held), prices: PRICES });
    try {
      const { page, check } = await openPage(browser, served.studio.url);
      await page.locator('#run-input').fill(QUERY);
      await page.locator('#run-start').click();
      await page.locator('[data-tab="timeline"]').click();

      // The first model call runs: its bar is there before its end, and grows.
      const running = page.locator('#timeline .tl-call[data-status="running"][data-kind="model"]');
      await running.waitFor();
      const length = () => running.locator('.tl-bar').evaluate((b) => Number((b as HTMLElement).style.getPropertyValue('--dur')));
      const first = await length();
      await expect.poll(length).toBeGreaterThan(first);
      expect(await running.locator('.tl-info').textContent()).toMatch(/ …$/);
      release();

      await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      const threadId = await page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');
      const run1 = await readRunEvents(served.studio.url, threadId);
      await expect.poll(() => timelineRows(page)).toEqual([{ runId: run1[0]!.data['runId'], rows: rowsOf(run1) }]);
      const rows1 = rowsOf(run1);
      expect(rows1.map((r) => `${r.agent} ${r.name} ${r.status}`)).toEqual([
        'Triage scripted:triage done',
        'Triage lookup_order done',
        'Triage check_stock failed',
        'Triage scripted:triage done',
        'Triage transfer_to_agent done',
        'Billing billing-model done',
        'Billing refund interrupted',
      ]);
      // Tokens as the models reported them, costs by the price table (Triage's by the model that answered).
      expect(rows1.filter((r) => r.kind === 'model').map((r) => [r.inputTokens, r.outputTokens, Number(r.cost), r.finishReason])).toEqual(
        (
          [
            [CALLS.triageTools.usage, PRICES['triage-2026-01']],
            [CALLS.triageTransfer.usage, PRICES['triage-2026-01']],
            [CALLS.billingRefund.usage, PRICES['billing-model']],
          ] as const
        ).map(([u, p]) => [String(u.inputTokens), String(u.outputTokens), cost(p, u), 'tool-calls']),
      );
      const firstRow = page.locator('#timeline .tl-call').first();
      expect(await firstRow.locator('.tl-info').textContent()).toMatch(/^1,280 tok \(1,200 in · 80 out\) · \$0\.0038 · tool-calls · /);

      // A failed tool: marked, and its arguments and result (the error the model was given) on a click.
      const stock = page.locator('#timeline .tl-call[data-name="check_stock"]');
      expect(await stock.locator('.tl-info').textContent()).toMatch(/^failed: /);
      await stock.locator('button').click();
      const detail = page.locator('#timeline .tl-detail');
      expect(await detail.locator('h3').textContent()).toBe('Triage · check_stock');
      expect(await detail.locator('.tl-input pre').textContent()).toBe('{\n  "sku": "X-9"\n}');
      expect(await detail.locator('.tl-output pre.error-text').textContent()).toContain('the stock service is down');
      expect(await stock.locator('button').getAttribute('aria-pressed')).toBe('true');

      // A model call: its answer (text and tool calls) and the messages it was sent.
      await firstRow.locator('button').click();
      expect(await detail.locator('h3').textContent()).toBe('Triage · model call');
      expect(await detail.locator('.tl-output p.text').textContent()).toBe('Looking it up.');
      expect(
        await detail.locator('.tl-output .tl-tool-call').evaluateAll((ps) => ps.map((p) => (p as HTMLElement).dataset['tool'])),
      ).toEqual(['lookup_order', 'check_stock']);
      expect(await detail.locator('.tl-input h4').textContent()).toBe('Input · 2 messages');
      expect(await detail.locator('.tl-message').evaluateAll((ms) => ms.map((m) => (m as HTMLElement).dataset['role']))).toEqual([
        'system',
        'user',
      ]);
      expect(await detail.locator('.tl-message[data-role="system"] pre').textContent()).toContain('You triage orders.');
      expect(await detail.locator('.tl-message[data-role="user"] pre').textContent()).toBe(QUERY);
      expect(await detail.locator('dl.kv').textContent()).toContain('answered astriage-2026-01');
      await screenshotTimeline(page, 'priced');
      expect(await seriousViolations(page, '#timeline-panel')).toEqual([]);

      // The approval, from the interrupts panel: the resume is a second run after a wait mark.
      await page.locator('#interrupts form [data-action="approve"]').click();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const run2 = await readRunEvents(served.studio.url, threadId);
      await expect
        .poll(() => timelineRows(page))
        .toEqual([
          { runId: run1[0]!.data['runId'], rows: rows1 },
          { runId: run2[0]!.data['runId'], rows: rowsOf(run2) },
        ]);
      expect(rowsOf(run2).map((r) => `${r.agent} ${r.name} ${r.status}`)).toEqual([
        'Billing refund done',
        'Billing billing-model done',
        'Billing transfer_to_agent done',
        'Triage scripted:triage done',
      ]);
      await screenshotTimeline(page, 'resumed');
      const wait = page.locator('#timeline .tl-wait');
      expect(await wait.count()).toBe(1);
      expect(await wait.textContent()).toMatch(/^waited .+ for an answer$/);
      const waitMs = Number(await wait.getAttribute('data-wait-ms'));
      expect(waitMs).toBeGreaterThanOrEqual(0);

      // Totals: every model call's tokens and cost, over both runs.
      const usages = Object.values(CALLS).map((c) => c.usage);
      const costs = [
        cost(PRICES['triage-2026-01'], CALLS.triageTools.usage),
        cost(PRICES['triage-2026-01'], CALLS.triageTransfer.usage),
        cost(PRICES['billing-model'], CALLS.billingRefund.usage),
        cost(PRICES['billing-model'], CALLS.billingBack.usage),
        cost(PRICES['triage-2026-01'], CALLS.triageAnswer.usage),
      ];
      const summary = await page.locator('#timeline .tl-summary').evaluate((s) => ({ ...(s as HTMLElement).dataset }));
      expect(summary).toMatchObject({
        models: '5',
        tools: '6',
        failed: '1',
        inputTokens: String(usages.reduce((n, u) => n + u.inputTokens, 0)),
        outputTokens: String(usages.reduce((n, u) => n + u.outputTokens, 0)),
      });
      expect(Number(summary['cost'])).toBeCloseTo(
        costs.reduce((a, b) => a + b, 0),
        12,
      );
      const runTotals = await page
        .locator('#timeline .tl-run .tl-totals')
        .evaluateAll((ts) => ts.map((t) => ({ ...(t as HTMLElement).dataset })));
      expect(runTotals.map((t) => [t['models'], t['tools'], t['failed']])).toEqual([
        ['3', '4', '1'],
        ['2', '2', '0'],
      ]);
      // A run's wall time is from its start to its end, as the server timed them.
      const runEnd = (events: SseItem[]) => events.find((e) => e.event === 'graph' && e.data['type'] === 'run.end')!.data['ts'] as number;
      expect(runTotals.map((t) => Number(t['wallMs']))).toEqual(
        [run1, run2].map((r) => Math.round(runEnd(r) - (r[0]!.data['startedAt'] as number))),
      );
      await check();
    } finally {
      await served.close();
    }
  });

  it('the support example: a bar per call in the order of its events, no tokens where the models report none', async () => {
    const served = await startStudio({ target: supportAgent(scriptedSupportModels()), sessionValues: { company: 'Acme' } });
    try {
      const res = await fetch(new URL('api/threads/new/runs', served.studio.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { query: exampleQuery }, wait: true }),
      });
      const { threadId } = (await res.json()) as { threadId: string };
      const { page, check } = await openPage(browser, served.studio.url);
      await page.locator('#threads-refresh').click();
      await page.locator(`#threads li[data-thread-id="${threadId}"] button`).click();
      await page.locator('[data-tab="timeline"]').click();
      const run = await readRunEvents(served.studio.url, threadId);
      await expect.poll(() => timelineRows(page)).toEqual([{ runId: run[0]!.data['runId'], rows: rowsOf(run) }]);
      const rows = rowsOf(run);
      expect(rows.filter((r) => r.kind === 'model').map((r) => r.agent)).toEqual([
        'Coordinator',
        'Tech',
        'Database',
        'Database',
        'Tech',
        'Coordinator',
        'Billing',
        'Billing',
      ]);
      expect(rows.filter((r) => r.kind === 'tool').map((r) => r.name)).toEqual([
        'transfer_to_agent',
        'transfer_to_agent',
        'slow_queries',
        'transfer_to_agent',
        'transfer_to_agent',
        'transfer_to_agent',
        'lookup_invoice',
        'refund',
      ]);
      expect(rows.every((r) => r.inputTokens === undefined && r.cost === undefined)).toBe(true);
      expect(rows.at(-1)).toMatchObject({ name: 'refund', status: 'interrupted' });
      await screenshotTimeline(page, 'support');
      await check();
    } finally {
      await served.close();
    }
  });

  it('a replay of 300 tool calls (over 1,000 events) is drawn in batches, not row by row', async () => {
    const served = await startStudio({ target: manyToolsAgent(300) });
    try {
      const res = await fetch(new URL('api/threads/new/runs', served.studio.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ input: { query: 'go' }, wait: true }),
      });
      const { threadId } = (await res.json()) as { threadId: string };
      const run = await readRunEvents(served.studio.url, threadId);
      expect(run.length).toBeGreaterThan(1000);
      const { page, check } = await openPage(browser, served.studio.url);
      // Counts the insertions into the timeline's lists (a batch of rows is one).
      await page.evaluate(() => {
        const w = window as { __inserts?: number };
        w.__inserts = 0;
        new MutationObserver((records) => {
          for (const r of records) if ((r.target as Element).classList?.contains('tl-calls') && r.addedNodes.length) w.__inserts!++;
        }).observe(document.getElementById('timeline')!, { childList: true, subtree: true });
      });
      await page.locator('#threads-refresh').click();
      await page.locator(`#threads li[data-thread-id="${threadId}"] button`).click();
      await expect.poll(() => page.locator('#timeline .tl-call').count()).toBe(302);
      expect(await timelineRows(page)).toEqual([{ runId: run[0]!.data['runId'], rows: rowsOf(run) }]);
      const inserts = await page.evaluate(() => (window as { __inserts?: number }).__inserts ?? 0);
      expect(inserts).toBeGreaterThan(0);
      expect(inserts).toBeLessThanOrEqual(302 / 4);
      // A result from the run is text, in the row's detail as anywhere else.
      await page.locator('[data-tab="timeline"]').click();
      await page.locator('#timeline .tl-call[data-name="echo"]').nth(7).locator('button').click();
      expect(await page.locator('#timeline .tl-detail .tl-output pre').textContent()).toBe(`${HOSTILE}7`);
      expect(await page.locator('#timeline img').count()).toBe(0);
      await check();
    } finally {
      await served.close();
    }
  });
});

/**
 * The serious and critical axe-core violations in the part of the page
 * `selector` names (axe's script is evaluated through the DevTools protocol,
 * which the page's CSP does not govern).
 */
async function seriousViolations(page: Page, selector: string): Promise<{ id: string; nodes: string[] }[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: string) => Promise<Result> } }).axe;
    return (await axe.run(context)).violations;
  }, selector);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Saves the timeline pane as a test artifact (test-results/timeline-<name>.png). */
async function screenshotTimeline(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('.studio-side').screenshot({ path: join(ARTIFACTS, `timeline-${name}.png`) });
}

/** A tool result that would run a script if it went in as markup. */
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** An agent whose model calls `count` tools at once (each result holds HOSTILE), then answers. */
function manyToolsAgent(count: number) {
  const answer = (messages: readonly Message[]): Message =>
    messages.some((m) => m.role === 'tool')
      ? { role: 'assistant', content: 'done' }
      : {
          role: 'assistant',
          content: '',
          toolCalls: Array.from({ length: count }, (_, i) => ({ id: `e${i}`, name: 'echo', arguments: JSON.stringify({ n: i }) })),
        };
  const model: ChatModel = {
    name: 'many',
    generate: async (messages) => answer(messages),
    stream: async function* (messages) {
      const { content, toolCalls } = answer(messages);
      yield { content: textOf(content), toolCalls: toolCalls?.map((c, index) => ({ index, ...c })) };
    },
  };
  const echo = tool<{ n: number }>({
    name: 'echo',
    description: 'Echoes a number.',
    parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    execute: ({ n }) => `${HOSTILE}${n}`,
  });
  return chatModelAgent({ name: 'Echoer', description: '', model, tools: [echo] });
}
