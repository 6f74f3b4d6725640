/**
 * What a thread spent, in Chromium: above the conversation, what it used
 * and each limit of its budget (used, limit, what remains; "spent" when
 * nothing does), following a run as its steps end; on the Timeline, each
 * run's line with the thread's count after its last step; a thread with a
 * budget that counted nothing yet shows zeros against it.
 */
import { END, START, graph, interrupt, type Budget, type NodeContext } from '@weft/graph';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';

/** One "model call" (charged before, its tokens and cost recorded after), and a tool call. */
function spend(ctx: { budget: NodeContext['budget'] }, inputTokens: number, outputTokens: number, costUsd: number): void {
  ctx.budget.charge({ modelCalls: 1 });
  ctx.budget.record({ tokens: inputTokens + outputTokens, inputTokens, outputTokens, costUsd });
  ctx.budget.charge({ toolCalls: 1 });
}

/** draft (1,200 tokens, $0.0042) → approve (asks a person) → check (300 tokens, $0.0011); "plain" spends nothing. */
function spending(budget: Budget) {
  return graph({ name: 'spending', input: z.string(), output: z.string() })
    .addNode('draft', (text: string, ctx) => (text === 'plain' || spend(ctx, 1_000, 200, 0.0042), `${text} drafted`))
    .addNode('approve', (text: string) => (interrupt({ text }, { resume: z.boolean() }) ? text : 'rejected'))
    .addNode('check', (text: string, ctx) => (text.startsWith('plain') || spend(ctx, 250, 50, 0.0011), `${text}, checked`))
    .addEdge(START, 'draft')
    .addEdge('draft', 'approve')
    .addEdge('approve', 'check')
    .addEdge('check', END)
    .compile({ budget });
}

let browser: Browser;
let studio: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  studio = await startStudio({ target: spending({ tokens: 10_000, costUsd: 0.05, modelCalls: 2 }) });
}, 30_000);

afterAll(async () => {
  await studio?.close();
  await browser?.close();
});

const post = (path: string, body: unknown) =>
  fetch(new URL(path, studio.studio.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a thread’s usage and budget in the page', { timeout: 90_000 }, () => {
  it('above the conversation: used, and each limit with what remains; the timeline’s runs with the count after them', async () => {
    expect((await post('/api/threads/report/runs', { input: { value: 'report' }, wait: true })).status).toBe(200);
    expect((await post('/api/threads/report/resume', { resume: { 'approve#0': true }, wait: true })).status).toBe(200);
    expect((await post('/api/threads/plain/runs', { input: { value: 'plain' }, wait: true })).status).toBe(200);
    const { page, check } = await openPage(browser, studio.studio.url);
    const strip = page.locator('#thread-usage');
    await page.locator('#threads li[data-thread-id="report"] button').click();
    await page.locator('#run-panel[data-status="done"]').waitFor();
    await expect.poll(() => strip.isVisible()).toBe(true);
    expect(await strip.locator('.usage-used').textContent()).toBe('1,500 tokens · $0.0053 · 2 model calls · 2 tool calls');
    const limits = await strip
      .locator('.usage-limit')
      .evaluateAll((items) =>
        items.map((i) => [(i as HTMLElement).dataset['limit'], i.textContent, (i as HTMLElement).dataset['spent'] ?? null]),
      );
    expect(limits).toEqual([
      ['tokens', 'tokens 1,500 of 10,000 · 8,500 left', null],
      ['costUsd', 'cost $0.0053 of $0.0500 · $0.0447 left', null],
      ['modelCalls', 'model calls 2 of 2 · spent', 'true'],
    ]);

    // The Timeline (of a thread opened after its runs: the server keeps its last run's events): the count after the run.
    await page.locator('[data-tab="timeline"]').click();
    const lines = page.locator('#timeline .tl-run .tl-usage');
    await expect
      .poll(() => lines.allTextContents())
      .toEqual([
        'thread: 1,500 tokens · $0.0053 · 2 model calls · 2 tool calls · tokens 8,500 left · cost $0.0447 left · model calls 0 left',
      ]);

    // A thread that spent nothing yet: zeros against the graph's budget.
    await page.locator('#threads li[data-thread-id="plain"] button').click();
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    await expect.poll(() => strip.locator('.usage-used').textContent()).toBe('0 tokens · $0.0000 · 0 model calls · 0 tool calls');
    await check();
  });

  it('follows a run: the strip grows as its steps end', async () => {
    const { page, check } = await openPage(browser, studio.studio.url);
    await page.locator('#run-input').fill('memo');
    await page.locator('#run-start').click();
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    const used = page.locator('#thread-usage .usage-used');
    await expect.poll(() => used.textContent()).toBe('1,200 tokens · $0.0042 · 1 model call · 1 tool call');
    const threadId = await page.locator('#events').getAttribute('data-thread-id');
    expect((await post(`/api/threads/${threadId}/resume`, { resume: { 'approve#0': true } })).status).toBe(202);
    await page.locator('#run-panel[data-status="done"]').waitFor();
    await expect.poll(() => used.textContent()).toBe('1,500 tokens · $0.0053 · 2 model calls · 2 tool calls');
    // Followed live, the timeline has both runs, each with the count after its last step.
    await page.locator('[data-tab="timeline"]').click();
    await expect
      .poll(() => page.locator('#timeline .tl-run .tl-usage').allTextContents())
      .toEqual([
        'thread: 1,200 tokens · $0.0042 · 1 model call · 1 tool call · tokens 8,800 left · cost $0.0458 left · model calls 1 left',
        'thread: 1,500 tokens · $0.0053 · 2 model calls · 2 tool calls · tokens 8,500 left · cost $0.0447 left · model calls 0 left',
      ]);
    await check();
  });

  it('a thread that counted nothing and has no budget: no strip, and no usage line on the timeline', async () => {
    const plain = await startStudio({
      target: graph({ name: 'plain', input: z.string(), output: z.string() })
        .addNode('echo', (text: string) => text)
        .addEdge(START, 'echo')
        .addEdge('echo', END)
        .compile(),
    });
    try {
      const { page, check } = await openPage(browser, plain.studio.url);
      await page.locator('#run-input').fill('hello');
      await page.locator('#run-start').click();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      await page.locator('[data-tab="timeline"]').click();
      await page.locator('#timeline .tl-run[data-status="done"]').waitFor();
      expect(await page.locator('#thread-usage').isHidden()).toBe(true);
      expect(await page.locator('#thread-usage').innerHTML()).toBe('');
      expect(await page.locator('#timeline .tl-usage').isHidden()).toBe(true);
      await check();
    } finally {
      await plain.close();
    }
  });
});
