/**
 * The queue's schedules in the page, in Chromium, on @weft/bullmq workers
 * over a real Redis (WEFT_REDIS_URL, from scripts/start-redis.sh): a row per
 * schedule under the threads, read again every 10 s (on the page's clock);
 * a studio in its own process has no queue, and the page shows no panel.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WeftQueue, WeftWorker } from '@weft/bullmq';
import { MemoryStore } from '@weft/graph';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStudio } from '../src/index.ts';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';
import { gate, reviewGraph, type Effects } from './support/review-graph.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page, by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

const REDIS = process.env['WEFT_REDIS_URL'];
// In CI the queue is there (.ci/run starts it): its absence fails instead of skipping.
const maybe = REDIS || process.env['CI'] ? describe : describe.skip;

let browser: Browser;
const close: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);

afterAll(async () => {
  for (const c of close.reverse()) await c();
  await browser?.close();
}, 60_000);

/** A studio on queue workers (one worker in this process), its queue and a JSON poster. */
async function queuedStudio() {
  const url = new URL(REDIS ?? 'redis://127.0.0.1:56379');
  const connection = { host: url.hostname, port: Number(url.port) };
  const name = `studio-schedules-${randomUUID().slice(0, 8)}`;
  const store = new MemoryStore();
  const effects: Effects = { written: [], published: [] };
  const g = gate();
  const review = reviewGraph(effects, g);
  const worker = new WeftWorker({ queue: name, connection, store, targets: { review }, concurrency: 2 });
  const queue = new WeftQueue({ queue: name, connection, store });
  const served = await serveStudio({ target: review, store, port: 0, queue: { queue, target: 'review' } });
  close.push(
    () => worker.close(),
    () => queue.close(),
    () => served.close(),
  );
  return { served, queue, gate: g };
}

/** The panel's rows as the reader sees them, part by part. */
function renderedRows(page: Page) {
  return page.$$eval('#schedules > li', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
}

/** A time as the page shows it to a reader in Tokyo with British English. */
const tokyo = (at: number) => new Date(at).toLocaleString('en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });

maybe('the queue’s schedules in the page', { timeout: 90_000 }, () => {
  it('a row per schedule: id, cron and time zone or period, thread, next tick, latest run, skipped ticks; read again every 10 s', async () => {
    const s = await queuedStudio();
    await s.queue.schedule('weekly', { target: 'review', cron: '0 9 * * 1', timezone: 'Europe/Paris', input: 'news' });
    // A period's first tick is due when it is added: a worker runs it on the fixed thread "inbox", which stops at its approval.
    await s.queue.schedule('inbox', { target: 'review', everyMs: 3_600_000, threadId: 'inbox', input: 'mail' });
    await expect
      .poll(async () => (await s.queue.schedules()).map((x) => [x.id, x.runs.length, x.skipped.length]))
      .toEqual([
        ['inbox', 1, 0],
        ['weekly', 0, 0],
      ]);
    const [inbox, weekly] = await s.queue.schedules();
    const { page, check, requests } = await openPage(browser, s.served.url, { timezoneId: 'Asia/Tokyo', locale: 'en-GB' });
    await page.locator('#schedules-panel[data-state="listed"]').waitFor();
    expect(await page.locator('#schedules-title').textContent()).toBe('Schedules');
    expect(await renderedRows(page)).toEqual([
      ['inbox', 'every 1 h 0 min', 'thread inbox', `next ${tokyo(inbox!.next!)}`, `latest run ${tokyo(inbox!.runs[0]!.at)}`, '0 skipped'],
      ['weekly', 'cron 0 9 * * 1 · Europe/Paris', 'new thread per tick', `next ${tokyo(weekly!.next!)}`, 'latest run none', '0 skipped'],
    ]);
    expect(await page.$$eval('#schedules time', (ts) => ts.map((t) => t.getAttribute('datetime')))).toEqual([
      new Date(inbox!.next!).toISOString(),
      new Date(inbox!.runs[0]!.at).toISOString(),
      new Date(weekly!.next!).toISOString(),
    ]);

    expect(await seriousViolations(page)).toEqual([]);

    // The thread held by a run (its publish waits), the schedule added again: its tick finds the thread busy and is skipped.
    const state = async () => (await (await fetch(new URL('/api/threads/inbox/state', s.served.url))).json()) as Record<string, unknown>;
    await expect.poll(async () => ((x) => [x['status'], x['running']])(await state())).toEqual(['interrupted', false]);
    s.gate.close();
    close.push(async () => s.gate.open());
    const resumed = await fetch(new URL('/api/threads/inbox/resume', s.served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resume: { 'approve#0': true } }),
    });
    expect(resumed.status).toBe(202);
    await expect.poll(async () => (await state())['running']).toBe(true);
    expect(await s.queue.unschedule('inbox')).toBe(true);
    await s.queue.schedule('inbox', { target: 'review', everyMs: 3_600_000, threadId: 'inbox', input: 'mail' });
    await expect
      .poll(async () => (await s.queue.schedules()).map((x) => [x.id, x.runs.length, x.skipped.length]))
      .toEqual([
        ['inbox', 0, 1],
        ['weekly', 0, 0],
      ]);
    const [again] = await s.queue.schedules();
    // The page reads the list again within 10 s: the row says so.
    await expect
      .poll(() => renderedRows(page), { timeout: 30_000 })
      .toEqual([
        ['inbox', 'every 1 h 0 min', 'thread inbox', `next ${tokyo(again!.next!)}`, 'latest run none', '1 skipped'],
        ['weekly', 'cron 0 9 * * 1 · Europe/Paris', 'new thread per tick', `next ${tokyo(weekly!.next!)}`, 'latest run none', '0 skipped'],
      ]);
    // Read when the page opened, and again (a busy machine may take more than one 10 s round to show the new row).
    expect(requests.filter((r) => new URL(r).pathname === '/api/schedules').length).toBeGreaterThanOrEqual(2);
    s.gate.open();
    await check();
  });
});

describe('a studio in its own process', () => {
  it('never asks for schedules (the graph says there are none), shows none, and logs no failed request', async () => {
    const own = await startStudio({ target: reviewGraph({ written: [], published: [] }, gate()) });
    close.push(() => own.close());
    const { page, check, requests } = await openPage(browser, own.studio.url);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    expect(await page.locator('#schedules-panel').isHidden()).toBe(true);
    expect(await page.locator('#schedules > li').count()).toBe(0);
    expect(await page.locator('#schedules-panel').getAttribute('data-state')).toBeNull();
    expect(requests.filter((r) => new URL(r).pathname === '/api/schedules')).toEqual([]);
    // check() fails on any console error: the 400 a studio without a queue answers would be one.
    await check();
  });
});
