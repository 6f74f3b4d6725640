/**
 * The conversation column in a real browser (Debian's Chromium through
 * playwright-core): the support example's transcript run from the page, to
 * the refund approval and on to the final answer; the same rows when the
 * finished thread is reopened; streamed text growing; a structured answer
 * shown as its value; a run of thousands of events with every row in order.
 */
import type { ChatModel } from '@weft/agents';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { eventRows, launchChromium, openPage, readRunEvents, startStudio } from './support/browser-studio.ts';
import { manyCallsAgent, STREAMED, streamingAgent, structuredAgent } from './support/transcript-agents.ts';

interface Row {
  kind: string;
  agent: string;
  text: string;
  id?: string;
}

/** The transcript's rows: kind, agent, the text of each line joined with " | ", and the event id. */
function rowsOf(page: Page): Promise<Row[]> {
  return page.$$eval('#transcript > li', (lis) =>
    lis.map((li) => {
      const e = li as HTMLElement;
      const text = [...e.querySelectorAll('.line')].map((l) => l.textContent ?? '').join(' | ');
      return { kind: e.dataset['kind'] ?? '', agent: e.dataset['agent'] ?? '', text, id: e.dataset['eventId'] };
    }),
  );
}
const withoutIds = (rows: Row[]) => rows.map(({ kind, agent, text }) => ({ kind, agent, text }));

const REFUND_ARGS = '{"invoice_id":"INV-1042","amount":49,"reason":"charged twice in March"}';
/** The support example's rows up to its refund approval, as a person reads them. */
const BEFORE_APPROVAL: Row[] = [
  { kind: 'user', agent: '', text: exampleQuery },
  { kind: 'transfer', agent: 'Coordinator', text: 'Coordinator → Tech | The dashboard times out: a technical problem.' },
  { kind: 'transfer', agent: 'Tech', text: 'Tech → Database | Timeouts started after a migration: likely a query plan.' },
  {
    kind: 'tool',
    agent: 'Database',
    text: 'slow_queries({"since_hours":24}) | [{"query":"SELECT * FROM events WHERE account_id = $1","p95Ms":8200,"note":"sequential scan: index events_account_id_idx missing since the migration"}]',
  },
  {
    kind: 'assistant',
    agent: 'Database',
    text: 'The dashboard query scans the events table: the migration dropped events_account_id_idx. Recreate it with CREATE INDEX CONCURRENTLY.',
  },
  { kind: 'transfer', agent: 'Database', text: 'Database → Tech | Diagnosis done.' },
  { kind: 'transfer', agent: 'Tech', text: 'Tech → Coordinator | The technical part is diagnosed.' },
  { kind: 'transfer', agent: 'Coordinator', text: 'Coordinator → Billing | The customer was charged twice.' },
  {
    kind: 'tool',
    agent: 'Billing',
    text: 'lookup_invoice({"invoice_id":"INV-1042"}) | {"invoice_id":"INV-1042","amount":49,"charges":2,"month":"March"}',
  },
  { kind: 'tool', agent: 'Billing', text: `refund(${REFUND_ARGS})` },
  { kind: 'interrupt', agent: 'Billing', text: `approve refund(${REFUND_ARGS})` },
];
/** The rows once approved: the refund's result, the answer recorded on the interrupt, the rest to the final answer. */
const AFTER_APPROVAL: Row[] = [
  ...BEFORE_APPROVAL.slice(0, 9),
  { kind: 'tool', agent: 'Billing', text: `refund(${REFUND_ARGS}) | refunded $49.00 on INV-1042` },
  { kind: 'interrupt', agent: 'Billing', text: `approve refund(${REFUND_ARGS}) | approved` },
  { kind: 'assistant', agent: 'Billing', text: 'INV-1042 was charged twice; $49.00 is refunded.' },
  { kind: 'transfer', agent: 'Billing', text: 'Billing → Coordinator | The refund is done.' },
  {
    kind: 'final',
    agent: 'Coordinator',
    text: 'Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).',
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

async function runFromPage(page: Page, query: string): Promise<void> {
  await page.locator('#run-input').fill(query);
  await page.locator('#run-start').click();
}
const threadOf = (page: Page) => page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');

describe('the transcript in Chromium', { timeout: 90_000 }, () => {
  it('reads the support example as a conversation, to the refund approval, then approved to the final answer; reopened, the same', async () => {
    const s = await startStudio({ target: supportAgent(scriptedSupportModels()), sessionValues: { company: 'Acme' } });
    try {
      // A laptop's window: the conversation is longer than its column.
      const { page, check } = await openPage(browser, s.studio.url, { viewport: { width: 1280, height: 720 } });
      await runFromPage(page, exampleQuery);
      await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      const threadId = await threadOf(page);
      const run1 = await readRunEvents(s.studio.url, threadId);
      const before = await rowsOf(page);
      expect(withoutIds(before)).toEqual(BEFORE_APPROVAL);
      // Each row names the event it came from: the query the run's start, a transfer its transfer event, the interrupt the graph's.
      const idOf = (pick: (e: (typeof run1)[number]) => boolean) => run1.filter(pick).map((e) => e.id);
      expect(before[0]!.id).toBe(idOf((e) => e.data['type'] === 'run.start')[0]);
      expect(before.filter((r) => r.kind === 'transfer').map((r) => r.id)).toEqual(idOf((e) => e.data['type'] === 'transfer'));
      expect(before.at(-1)!.id).toBe(idOf((e) => e.event === 'graph' && e.data['type'] === 'interrupt')[0]);
      expect(await page.locator('#transcript li[data-kind="tool"][data-tool="refund"]').getAttribute('data-status')).toBe('pending');

      await page.locator('#interrupts form[data-interrupt-id] [data-action="approve"]').click();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const after = await rowsOf(page);
      expect(withoutIds(after)).toEqual(AFTER_APPROVAL);
      // The conversation keeps to its newest row, also when the answer form gives its room back.
      await expect
        .poll(() => page.$eval('#transcript', (l) => l.scrollHeight - l.clientHeight - l.scrollTop <= 24), { timeout: 10_000 })
        .toBe(true);
      // The event log has the state changes, folded away until asked for.
      const stateRows = page.locator('#events li[data-kind="state"]');
      expect(await stateRows.count()).toBeGreaterThan(0);
      expect(await stateRows.first().isVisible()).toBe(false);
      await page.click('[data-tab="events"]');
      await page.check('#show-state');
      expect(await stateRows.first().isVisible()).toBe(true);
      const run2 = await readRunEvents(s.studio.url, threadId);
      expect(after.at(-1)!.id).toBe(run2.find((e) => e.data['type'] === 'message' && !(e.data['output'] as any).message.toolCalls)!.id);
      expect(await page.locator('#transcript li[data-kind="interrupt"]').getAttribute('data-answered')).toBe('true');
      await check();

      // Reopened in a new page: the whole thread, both runs, from its checkpoints (the stream replays the last run only).
      const again = await openPage(browser, s.studio.url);
      await again.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await again.page.locator('#transcript li[data-kind="final"]').waitFor();
      await again.page.locator('#run-panel[data-status="done"]').waitFor();
      expect(withoutIds(await rowsOf(again.page))).toEqual(AFTER_APPROVAL);
      // Reloaded: the same again (the live events of the last run add nothing the history has).
      await again.page.reload();
      await again.page.waitForSelector('body[data-ready="true"]');
      await again.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await again.page.locator('#transcript li[data-kind="final"]').waitFor();
      await again.page.locator('#events li[data-kind="end"]').waitFor();
      expect(withoutIds(await rowsOf(again.page))).toEqual(AFTER_APPROVAL);
      await again.check();
    } finally {
      await s.close();
    }
  });

  it('opened from the list while its run is under way: the history so far, then the live events, each row once', async () => {
    // Billing's model waits for the test: the run is under way, its first part written, while another page opens it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const models = scriptedSupportModels();
    const gated = (name: Parameters<typeof models>[0]): ChatModel => {
      const model = models(name);
      if (name !== 'Billing') return model;
      return {
        name: model.name,
        generate: async (messages, options) => (await gate, model.generate(messages, options)),
        stream: async function* (messages, options) {
          await gate;
          yield* model.stream(messages, options);
        },
      };
    };
    const s = await startStudio({ target: supportAgent(gated), sessionValues: { company: 'Acme' } });
    try {
      const first = await openPage(browser, s.studio.url);
      await runFromPage(first.page, exampleQuery);
      await first.page.locator('#transcript li[data-kind="transfer"][data-to="Billing"]').waitFor();
      const threadId = await threadOf(first.page);
      const second = await openPage(browser, s.studio.url);
      await second.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await second.page.locator('#transcript li[data-kind="transfer"][data-to="Billing"]').waitFor();
      expect(await second.page.locator('#run-panel').getAttribute('data-status')).toBe('running');
      expect(withoutIds(await rowsOf(second.page))).toEqual(BEFORE_APPROVAL.slice(0, 8));
      open();
      for (const { page } of [first, second]) await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      expect(withoutIds(await rowsOf(second.page))).toEqual(BEFORE_APPROVAL);
      expect(withoutIds(await rowsOf(first.page))).toEqual(BEFORE_APPROVAL);
      await second.check();
      await first.check();
    } finally {
      open();
      await s.close();
    }
  });

  it('shows streamed text growing in its row, chunk by chunk', async () => {
    const waiting: (() => void)[] = [];
    const next = () => new Promise<void>((resolve) => waiting.push(resolve));
    const s = await startStudio({ target: streamingAgent(next), streaming: true });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      // Every text the Narrator's row has had, in order (recorded at each change of the transcript).
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as { __texts?: string[] }).__texts = seen;
        const list = document.getElementById('transcript')!;
        new MutationObserver(() => {
          const text = list.querySelector('li[data-agent="Narrator"] .line')?.textContent;
          if (text !== undefined && text !== null && seen.at(-1) !== text) seen.push(text);
        }).observe(list, { subtree: true, childList: true, characterData: true });
      });
      await runFromPage(page, 'Tell me.');
      const rowText = () => page.locator('#transcript li[data-agent="Narrator"] .line').textContent();
      await expect.poll(rowText, { timeout: 30_000 }).toBe(STREAMED[0]);
      expect(await page.locator('#transcript li[data-agent="Narrator"]').getAttribute('data-streaming')).toBe('true');
      waiting.shift()!();
      await expect.poll(rowText, { timeout: 30_000 }).toBe(STREAMED.slice(0, 2).join(''));
      waiting.shift()!();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const texts = await page.evaluate(() => (window as { __texts?: string[] }).__texts);
      expect(texts).toEqual([STREAMED[0], STREAMED.slice(0, 2).join(''), STREAMED.join('')]);
      expect(withoutIds(await rowsOf(page))).toEqual([
        { kind: 'user', agent: '', text: 'Tell me.' },
        { kind: 'final', agent: 'Narrator', text: STREAMED.join('') },
      ]);
      expect(await page.locator('#transcript li[data-agent="Narrator"]').getAttribute('data-streaming')).toBeNull();
      await check();
    } finally {
      await s.close();
    }
  });

  it('shows a structured answer as its validated value, in the transcript and the event log’s end, live and reopened', async () => {
    const s = await startStudio({ target: structuredAgent() });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      await runFromPage(page, 'Paris?');
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const value = async (p: Page, at: string) =>
        p.$$eval(`${at} dl.value > *`, (items) => items.map((i) => `${i.tagName.toLowerCase()}:${i.textContent}`));
      const expected = ['dt:city', 'dd:Paris', 'dt:celsius', 'dd:21', 'dt:sky', 'dd:[\n  "sun",\n  "clouds"\n]'];
      expect(await value(page, '#transcript li[data-kind="final"][data-agent="Forecaster"]')).toEqual(expected);
      expect(await value(page, '#events li[data-kind="end"]')).toEqual(expected);
      expect(await page.locator('#transcript').textContent()).not.toContain('{"city"');
      const threadId = await threadOf(page);
      await check();

      const again = await openPage(browser, s.studio.url);
      await again.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await again.page.locator('#transcript li[data-kind="final"]').waitFor();
      expect(await value(again.page, '#transcript li[data-kind="final"][data-agent="Forecaster"]')).toEqual(expected);
      await again.check();
    } finally {
      await s.close();
    }
  });

  it('renders a message whose content is parts: text as text, an image only from a data: URL', async () => {
    const s = await startStudio({ target: structuredAgent() });
    try {
      const { page, requests, check } = await openPage(browser, s.studio.url);
      await runFromPage(page, 'Paris?');
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const threadId = await threadOf(page);
      const run = await readRunEvents(s.studio.url, threadId);
      const pixel =
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      // The history answers with a message of parts (the recorded shape a model with images will give).
      await page.route('**/api/threads/*/transcript', (route) =>
        route.fulfill({
          json: {
            threadId,
            checkpointId: (run.at(-1)!.data as { checkpointId: string }).checkpointId,
            status: 'done',
            after: run.at(-1)!.id,
            items: [
              {
                type: 'message',
                agentName: '',
                message: {
                  role: 'user',
                  content: [
                    { type: 'text', text: 'What is in <b>these</b>?' },
                    { type: 'image', url: pixel, alt: 'a pixel' },
                    { type: 'image', url: 'https://example.com/x.png' },
                  ],
                },
              },
            ],
          },
        }),
      );
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await page.locator('#transcript li[data-kind="user"] img').waitFor();
      const user = page.locator('#transcript li[data-kind="user"]');
      expect(
        await user
          .locator('.parts > *')
          .evaluateAll((els) => els.map((e) => [e.tagName.toLowerCase(), e.textContent, e.getAttribute('src')])),
      ).toEqual([
        ['p', 'What is in <b>these</b>?', null],
        ['img', '', pixel],
        ['p', '[image not shown: only data: URLs are]', null],
      ]);
      expect(await user.locator('b').count()).toBe(0);
      expect(requests.filter((r) => r.includes('example.com'))).toEqual([]);
      await check();
    } finally {
      await s.close();
    }
  });

  it('renders a run of thousands of events: every row there, in the order of the stream, in the transcript and the event log', async () => {
    const CALLS = 1_000;
    const s = await startStudio({ target: manyCallsAgent(CALLS) });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      await runFromPage(page, 'Count.');
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const events = await readRunEvents(s.studio.url, await threadOf(page));
      expect(events.length).toBeGreaterThan(3 * CALLS);

      const rows = await rowsOf(page);
      expect(rows).toHaveLength(CALLS + 2);
      expect(withoutIds([rows[0]!, rows.at(-1)!])).toEqual([
        { kind: 'user', agent: '', text: 'Count.' },
        { kind: 'final', agent: 'Counter', text: `${CALLS} calls came back.` },
      ]);
      expect(withoutIds(rows.slice(1, -1))).toEqual(
        Array.from({ length: CALLS }, (_, n) => ({ kind: 'tool', agent: 'Counter', text: `count({"n":${n}}) | counted ${n}` })),
      );

      // The event log: a row per message, tool call, result, state change (hidden, still there), run and end — in stream order.
      const log = await eventRows(page);
      const results = events.filter((e) => e.event === 'agent' && e.data['type'] === 'tool-result');
      expect(results).toHaveLength(CALLS);
      expect(log.filter((r) => r.kind === 'tool-result').map((r) => r.id)).toEqual(results.map((e) => e.id));
      expect(log.filter((r) => r.kind === 'tool-call').map((r) => r.text)).toEqual(
        Array.from({ length: CALLS }, (_, n) => expect.stringContaining(`count({"n":${n}})`)),
      );
      const ids = log.map((r) => r.id);
      const order = new Map(events.map((e, i) => [e.id, i]));
      expect(ids.every((id, i) => i === 0 || order.get(id)! >= order.get(ids[i - 1]!)!)).toBe(true);
      expect(log.filter((r) => r.kind === 'state').length).toBe(events.filter((e) => e.data['type'] === 'state.patch').length);
      await check();
    } finally {
      await s.close();
    }
  });
});
