/**
 * The Memory tab and the transcript's memory rows in a real browser
 * (Debian's Chromium through playwright-core): an agent with memory tools
 * over an InMemoryBank remembers two facts and recalls them, then forgets
 * one; the tab lists each recall, write and forget in order, a key opens the
 * bank's current value (or says it is gone), a reopened thread shows its
 * latest run's activity under a note that says so, and a studio without a
 * bank shows keys as text.
 */
import { InMemoryBank } from '@weft/memory';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';
import { LANG_TEXT, memoryAgent, PLAN_TEXT } from './support/memory-agents.ts';

interface MemoryRow {
  kind: string;
  agent: string;
  lines: string[];
  items: string[];
  buttons: number;
}

/** The Memory tab's rows: kind, agent, each line's text, each found item's key and score, how many keys are buttons. */
function memoryRows(page: Page): Promise<MemoryRow[]> {
  return page.$$eval('#memory > li', (lis) =>
    lis.map((li) => {
      const e = li as HTMLElement;
      return {
        kind: e.dataset['kind'] ?? '',
        agent: e.dataset['agent'] ?? '',
        lines: [...e.querySelectorAll(':scope > .body > .line')].map((l) => l.textContent ?? ''),
        items: [...e.querySelectorAll('.memory-item')].map(
          (l) => `${l.querySelector('.memory-key')?.textContent ?? ''} ${l.querySelector('.score')?.textContent ?? ''}`,
        ),
        buttons: e.querySelectorAll('button.memory-key').length,
      };
    }),
  );
}

/** The transcript's memory rows: agent and text. */
function transcriptMemoryRows(page: Page): Promise<{ agent: string; memory: string; text: string }[]> {
  return page.$$eval('#transcript > li[data-kind="memory"]', (lis) =>
    lis.map((li) => {
      const e = li as HTMLElement;
      return { agent: e.dataset['agent'] ?? '', memory: e.dataset['memory'] ?? '', text: e.querySelector('.line')?.textContent ?? '' };
    }),
  );
}

const RUN1: MemoryRow[] = [
  { kind: 'write', agent: 'Keeper', lines: ['customers/acme · plan · written'], items: [], buttons: 1 },
  { kind: 'write', agent: 'Keeper', lines: ['customers/acme · lang · written'], items: [], buttons: 1 },
  {
    kind: 'recall',
    agent: 'Keeper',
    lines: ['recall “Pro plan English” in customers/acme', 'keyword · keywords: no embedder'],
    items: ['plan 0.55', 'lang 0.44'],
    buttons: 2,
  },
];
const RUN2: MemoryRow[] = [
  { kind: 'forget', agent: 'Keeper', lines: ['customers/acme · plan · deleted'], items: [], buttons: 0 },
  { kind: 'forget', agent: 'Keeper', lines: ['customers/acme · plan · nothing to forget'], items: [], buttons: 0 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

async function runFromPage(page: Page, query: string, runs: number): Promise<void> {
  await page.locator('#run-input').fill(query);
  await page.locator('#run-start').click();
  // The run's end: its final answer row (the runs' answers differ), and the panel says done.
  await page
    .locator('#transcript li[data-kind="final"]')
    .nth(runs - 1)
    .waitFor();
  await page.locator('#run-panel[data-status="done"]').waitFor();
}

describe('the Memory tab in Chromium', { timeout: 90_000 }, () => {
  it('lists what the run remembered, recalled and forgot, in order; a key opens its current value; the transcript says it quietly', async () => {
    const bank = new InMemoryBank();
    const s = await startStudio({ target: memoryAgent(bank), memory: bank });
    try {
      const { page, check } = await openPage(browser, s.studio.url, { refused: [404] });
      await runFromPage(page, 'I am on the Pro plan, and English please.', 1);
      await page.click('[data-tab="memory"]');
      expect(await page.locator('#memory-note').textContent()).toContain('Memory activity of runs this server saw');
      expect(await memoryRows(page)).toEqual(RUN1);
      expect(await transcriptMemoryRows(page)).toEqual([
        { agent: 'Keeper', memory: 'write', text: 'remembered plan' },
        { agent: 'Keeper', memory: 'write', text: 'remembered lang' },
        { agent: 'Keeper', memory: 'recall', text: 'recalled 2 memories: plan, lang' },
      ]);
      // The memory rows sit under the tool calls that made them, before the answer.
      const kinds = await page.$$eval('#transcript > li', (lis) => lis.map((l) => (l as HTMLElement).dataset['kind']));
      expect(kinds).toEqual(['user', 'tool', 'tool', 'memory', 'memory', 'tool', 'memory', 'final']);

      // A recalled key and a written key open what the bank holds now.
      await page.locator('#memory li[data-kind="recall"] .memory-item button.memory-key', { hasText: 'plan' }).click();
      const planValue = page.locator('#memory li[data-kind="recall"] .memory-value[data-key="plan"] pre');
      await planValue.waitFor();
      expect(await planValue.textContent()).toBe(PLAN_TEXT);
      await page.locator('#memory li[data-kind="write"] button.memory-key', { hasText: 'lang' }).click();
      const langValue = page.locator('#memory li[data-kind="write"] .memory-value[data-key="lang"] pre');
      await langValue.waitFor();
      expect(await langValue.textContent()).toBe(LANG_TEXT);

      // A second run on the thread forgets plan (twice: the second finds nothing); the tab goes on in order.
      await runFromPage(page, 'Forget my plan.', 2);
      expect(await memoryRows(page)).toEqual([...RUN1, ...RUN2]);
      expect((await transcriptMemoryRows(page)).slice(3)).toEqual([
        { agent: 'Keeper', memory: 'forget', text: 'forgot plan' },
        { agent: 'Keeper', memory: 'forget', text: 'found nothing to forget as plan' },
      ]);
      // The key clicked again reads the bank again: the item is gone (starting a run showed the Events tab).
      await page.click('[data-tab="memory"]');
      await page.locator('#memory li[data-kind="write"] button.memory-key', { hasText: 'plan' }).click();
      const gone = page.locator('#memory li[data-kind="write"] .memory-value[data-key="plan"] .form-error');
      await gone.waitFor();
      expect(await gone.getAttribute('data-code')).toBe('MEMORY_NOT_FOUND');
      expect(await gone.textContent()).toBe('MEMORY_NOT_FOUND: the memory bank holds no item "plan" in ["customers","acme"]');
      expect((await bank.list(['customers'])).items.map((i) => i.key)).toEqual(['lang']);
      const threadId = await page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');
      await check();

      // Reopened: checkpoints do not keep memory events, so the tab has the latest run's (the stream replays it), as its note says.
      const again = await openPage(browser, s.studio.url);
      await again.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      await again.page.locator('#run-panel[data-status="done"]').waitFor();
      await again.page.click('[data-tab="memory"]');
      await expect.poll(() => memoryRows(again.page), { timeout: 20_000 }).toEqual(RUN2);
      await again.check();
    } finally {
      await s.close();
    }
  });

  it('without a memory bank the keys are text, and nothing asks for a value', async () => {
    const s = await startStudio({ target: memoryAgent(new InMemoryBank()) });
    try {
      const { page, requests, check } = await openPage(browser, s.studio.url);
      await runFromPage(page, 'I am on the Pro plan, and English please.', 1);
      await page.click('[data-tab="memory"]');
      expect(await memoryRows(page)).toEqual(RUN1.map((r) => ({ ...r, buttons: 0 })));
      expect(await page.locator('#memory .memory-key').count()).toBe(4);
      expect(requests.filter((r) => r.includes('/api/memory'))).toEqual([]);
      await check();
    } finally {
      await s.close();
    }
  });
});
