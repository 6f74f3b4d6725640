/**
 * What the page's actions say, where they happen (Chromium, the support
 * example on its scripted models): a fork from the refund approval's
 * checkpoint answered from the fork form, a refused fork said next to the form
 * and in the bar, the controls held until the graph and the threads came, and
 * a store shared with another graph, whose threads are listed only on demand
 * and say why they cannot be opened here.
 */
import { END, graph, START } from '@weft/graph';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';

let browser: Browser;
let studio: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  studio = await startStudio({ target: supportAgent(scriptedSupportModels()), sessionValues: { company: 'Acme' } });
}, 30_000);

afterAll(async () => {
  await studio?.close();
  await browser?.close();
});

interface Row {
  threadId: string;
  seq: number;
  step: number;
  checkpointId: string;
  source: string;
  parentId: string | null;
  status: string;
}

async function api(path: string, body?: unknown): Promise<any> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(new URL(path, studio.studio.url), init);
  return res.json();
}

/** A support thread run through the API to its refund approval. */
async function interruptedThread(threadId: string): Promise<void> {
  const end = await api(`api/threads/${threadId}/runs`, { input: { query: exampleQuery }, wait: true });
  expect(end.status).toBe('interrupted');
}

async function openThread(page: Page, threadId: string): Promise<void> {
  await page.locator('#threads-refresh').click();
  await page.locator(`#threads li[data-thread-id="${threadId}"] button`).click();
  await expect.poll(() => page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'])).toBe(threadId);
}

describe('the page’s actions', { timeout: 90_000 }, () => {
  it('forks from the refund approval’s checkpoint with the answer given in the fork form; a refused fork says why beside the form and in the bar', async () => {
    await interruptedThread('approve-fork');
    const stop = ((await api('api/threads/approve-fork/history?limit=1')).checkpoints as Row[])[0]!;
    expect(stop.status).toBe('interrupted');
    // The thread goes on past the approval; the page then forks from it again, a branch off the picked checkpoint.
    const [id] = (await api('api/threads/approve-fork/state')).interrupts.map((i: { id: string }) => i.id);
    expect((await api('api/threads/approve-fork/resume', { resume: { [id]: { approved: true } }, wait: true })).status).toBe('done');
    const before = (await api('api/threads/approve-fork/history?limit=200')).checkpoints as Row[];
    const { page, requests, check } = await openPage(browser, studio.studio.url, { refused: [409] });
    // The agent's own name, not its graph's (agents:Coordinator); the meta keeps the hash.
    const info = await api('api/graph');
    expect(await page.title()).toBe('Coordinator · Weft Studio');
    expect(await page.locator('#title').textContent()).toBe('Coordinator');
    expect(await page.locator('#graph-meta').textContent()).toBe(`agent Coordinator · ${info.hash}`);

    await openThread(page, 'approve-fork');
    await page.locator('#run-panel[data-status="done"]').waitFor();
    // One numbering: the list, the history row, the checkpoint and the State tab name the head as the CLI does.
    const numbers = `seq ${stop.seq}, step ${stop.step}`;
    const head = before[0]!;
    expect(await page.locator('#threads li[data-thread-id="approve-fork"]').textContent()).toContain(`seq ${head.seq}, step ${head.step}`);
    await page.locator('[data-tab="state"]').click();
    expect(await page.locator('#thread-state').textContent()).toContain(`seq ${head.seq}, step ${head.step} · ${head.checkpointId}`);
    await page.locator('[data-tab="history"]').click();
    const row = page.locator(`#history li[data-checkpoint-id="${stop.checkpointId}"]`);
    expect(await row.locator('.seq').textContent()).toBe(numbers);
    await row.locator('button').click();
    expect(await page.locator('#checkpoint-title').textContent()).toBe(`${numbers} · step · interrupted`);

    // The default form forks without an answer: the server refuses (nothing to resume), and the page says so where it was asked and in the bar.
    await page.locator('#fork-submit').click();
    const error = page.locator('#fork-error');
    await error.waitFor();
    expect(await error.getAttribute('data-code')).toBe('NOTHING_TO_RESUME');
    expect(await error.textContent()).toMatch(/^NOTHING_TO_RESUME: .*resume/);
    // Scrolled into view: within its scrolling panel and the window (to the pixel: layout rounds).
    const inView = (e: Element) => {
      const r = e.getBoundingClientRect();
      const panel = e.closest('.tab-panel')!.getBoundingClientRect();
      return r.height > 0 && r.top >= Math.max(panel.top, 0) - 1 && r.bottom <= Math.min(panel.bottom, window.innerHeight) + 1;
    };
    await expect.poll(() => error.evaluate(inView)).toBe(true);
    const status = page.locator('#page-status');
    expect(await status.getAttribute('data-state')).toBe('error');
    expect(await status.getAttribute('data-code')).toBe('NOTHING_TO_RESUME');
    expect(await status.textContent()).toBe(`the fork was refused: ${await error.textContent()}`);
    expect(await page.locator('#run-panel').getAttribute('data-status')).toBe('refused');
    expect((await api('api/threads/approve-fork/history?limit=200')).checkpoints).toEqual(before);

    // The answer form of the refund's approval, inside the fork form: Approve forks with it as the fork's resume.
    const answer = page.locator(`#fork-answers fieldset[data-interrupt-id]`);
    expect(await answer.count()).toBe(1);
    expect(await answer.textContent()).toContain('refund');
    await answer.locator('[data-action="approve"]').click();
    await page.locator('#events li[data-kind="run"][data-mode="fork"]').waitFor({ state: 'attached' });
    await page.locator('#run-panel[data-status="done"]').waitFor();
    const end = page.locator('#events li[data-kind="end"]').last();
    expect(await end.getAttribute('data-status')).toBe('done');
    expect(await status.getAttribute('data-state')).toBe('ready');
    expect(await error.isHidden()).toBe(true);

    // The thread's history holds the fork: a second line of checkpoints from the picked one, to a second end; the timeline shows the branch.
    const after = (await api('api/threads/approve-fork/history?limit=200')).checkpoints as Row[];
    const children = after.filter((c) => c.parentId === stop.checkpointId);
    expect(children).toHaveLength(2);
    const branch = children.find((c) => c.seq > head.seq)!;
    expect(after[0]).toMatchObject({ status: 'done' });
    expect(after.filter((c) => c.status === 'done')).toHaveLength(2);
    const forked = page.locator(`#history li[data-checkpoint-id="${branch.checkpointId}"]`);
    await forked.waitFor();
    expect(await forked.getAttribute('data-branch')).toBe('true');
    expect(await forked.textContent()).toContain(`⑂ from seq ${stop.seq}`);
    const forkPosts = requests.filter((r) => r.endsWith('/api/threads/approve-fork/fork'));
    expect(forkPosts).toHaveLength(2);
    await check();
  });

  it('a refused answer says its code beside the answer and in the bar', async () => {
    await interruptedThread('answer-twice');
    const { page, check } = await openPage(browser, studio.studio.url, { refused: [409] });
    // This page's stream of the thread stays empty: it does not see the other answer below, as when its connection is down.
    await page.route('**/api/threads/answer-twice/events', (route) =>
      route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: ': quiet\n\n' }),
    );
    await openThread(page, 'answer-twice');
    const form = page.locator('#interrupts form[data-interrupt-id]');
    await form.waitFor();
    // Someone else answers first (another tab, the CLI): this page's answer is then refused.
    const id = await form.getAttribute('data-interrupt-id');
    const other = await api('api/threads/answer-twice/resume', { resume: { [id!]: { approved: false } }, wait: true });
    expect(other.status).toBe('done');
    await form.locator('[data-action="approve"]').click();
    const error = form.locator('.form-error');
    await error.waitFor();
    const code = await error.getAttribute('data-code');
    expect(code).toMatch(/^(NOTHING_TO_RESUME|INTERRUPT_ALREADY_ANSWERED)$/);
    expect(await page.locator('#page-status').getAttribute('data-code')).toBe(code);
    expect(await page.locator('#page-status').textContent()).toBe(`the answer was refused: ${await error.textContent()}`);
    await check();
  });

  it('holds the controls until the graph and the threads came, saying so; a click on Run meanwhile starts nothing', async () => {
    const page = await browser.newPage();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/graph', async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' ? posts.push(r.url()) : undefined));
    await page.goto(studio.studio.url);
    const status = page.locator('#page-status');
    expect(await status.getAttribute('data-state')).toBe('loading');
    expect(await status.textContent()).toBe('loading the graph…');
    for (const id of ['run-start', 'threads-refresh', 'threads-all', 'fork-submit'])
      expect(await page.locator(`#${id}`).isDisabled(), id).toBe(true);
    await page.locator('#run-input').fill('Is anyone there?');
    await page.locator('#run-start').click({ force: true });
    expect(await page.locator('#run-start').evaluate((b) => getComputedStyle(b).cursor)).toBe('progress');
    release();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await status.getAttribute('data-state')).toBe('ready');
    for (const id of ['run-start', 'threads-refresh', 'threads-all', 'fork-submit'])
      expect(await page.locator(`#${id}`).isDisabled(), id).toBe(false);
    expect(posts).toEqual([]);
    await page.close();
  });

  it('lists other graphs’ threads of the store only on demand, marked with why, and opening one says so instead of an idle page', async () => {
    await interruptedThread('own');
    // Another module's graph writes to the same SQLite store.
    const digest = graph({ name: 'digest', input: z.string(), state: () => ({ n: 0 }) })
      .addNode('echo', (text: string) => text)
      .addEdge(START, 'echo')
      .addEdge('echo', END)
      .compile()
      .withStore(studio.store);
    await digest.run('x', { threadId: 'theirs' });
    const { page, requests, check } = await openPage(browser, studio.studio.url);
    const ids = () => page.$$eval('#threads > li', (ls) => ls.map((l) => (l as HTMLElement).dataset['threadId']));
    await expect.poll(ids).toContain('own');
    expect(await ids()).not.toContain('theirs');
    expect(await page.locator('#run-thread option[value="theirs"]').count()).toBe(0);

    await page.locator('#threads-all').check();
    await expect.poll(ids).toContain('theirs');
    const theirs = page.locator('#threads li[data-thread-id="theirs"]');
    expect(await theirs.getAttribute('data-other-graph')).toBe('true');
    const text = await theirs.textContent();
    expect(text).toContain('another graph');
    expect(text).toContain(`written by graph "digest" (${digest.hash}), not this page's "agents:Coordinator"`);
    expect(await page.locator('#threads li[data-thread-id="own"]').getAttribute('data-other-graph')).toBeNull();
    expect(await page.locator('#run-thread option[value="theirs"]').count()).toBe(0);

    await theirs.locator('button').click();
    const status = page.locator('#page-status');
    await expect.poll(() => status.getAttribute('data-state')).toBe('other-graph');
    expect(await status.textContent()).toContain(`thread theirs is another graph's: written by graph "digest"`);
    expect(await page.locator('#run-panel').getAttribute('data-status')).toBe('another graph');
    await page.locator('[data-tab="state"]').click();
    expect(await page.locator('#thread-state').textContent()).toBe(await status.textContent());
    // Its history reads without the graph; its state is not asked for (the server would refuse: CHECKPOINT_GRAPH_MISMATCH).
    await page.locator('[data-tab="history"]').click();
    await page.locator('#history li[data-source="input"]').waitFor();
    expect(requests.filter((r) => r.includes('/api/threads/theirs/state'))).toEqual([]);
    // Opening one of its own again: the bar no longer speaks of the other graph.
    await page.locator('#threads li[data-thread-id="own"] button').click();
    await expect.poll(() => status.getAttribute('data-state')).toBe('ready');
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    await check();

    // The page's address can ask for every graph's threads.
    const all = await openPage(browser, `${studio.studio.url}?graph=all`);
    expect(await all.page.locator('#threads-all').isChecked()).toBe(true);
    await all.page.locator('#threads li[data-thread-id="theirs"][data-other-graph="true"]').waitFor();
    await all.check();
  });
});
