/**
 * How the studio's page renders a run of thousands of events: serves an
 * agent whose one answer calls a tool CALLS times (about four events per
 * call), runs it from the page in Chromium and prints the longest main-thread
 * task while the rows came in (PerformanceObserver 'longtask': tasks over
 * 50 ms) and the time from the click to the last row; then the same for the
 * finished thread reopened (its transcript from the history, the event log
 * from the stream's replay).
 *
 *   cd packages/studio && node --conditions=@weft/source --import tsx test/support/measure-render.ts [calls]
 */
import type { Page } from 'playwright-core';
import { launchChromium, openPage, readRunEvents, startStudio } from './browser-studio.ts';
import { manyCallsAgent } from './transcript-agents.ts';

const calls = Number(process.argv[2] ?? 1_000);

/** Starts recording long tasks from now; the returned function stops and reads them (and the time since). */
async function watchTasks(page: Page): Promise<() => Promise<{ longest: number; count: number; total: number; ms: number }>> {
  await page.evaluate(() => {
    const w = window as { __tasks?: number[]; __since?: number };
    w.__tasks = [];
    w.__since = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks!.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  return () =>
    page.evaluate(() => {
      const w = window as { __tasks?: number[]; __since?: number };
      const tasks = w.__tasks ?? [];
      return {
        longest: Math.max(0, ...tasks),
        count: tasks.length,
        total: tasks.reduce((a, b) => a + b, 0),
        ms: performance.now() - (w.__since ?? 0),
      };
    });
}

/** Waits until the transcript and the event log hold every row of the run. */
async function allRows(page: Page, transcriptRows: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('#transcript > li').length === n, transcriptRows, { timeout: 120_000 });
  await page.locator('#events li[data-kind="end"]').waitFor({ timeout: 120_000 });
}

const browser = await launchChromium();
const s = await startStudio({ target: manyCallsAgent(calls) });
try {
  const { page } = await openPage(browser, s.studio.url);
  await page.locator('#run-input').fill('Count.');
  const live = await watchTasks(page);
  await page.locator('#run-start').click();
  await allRows(page, calls + 2);
  const run = await live();
  const threadId = await page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');
  const events = (await readRunEvents(s.studio.url, threadId)).length;
  const logRows = await page.locator('#events > li').count();

  const again = await openPage(browser, s.studio.url);
  const reopen = await watchTasks(again.page);
  await again.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
  await allRows(again.page, calls + 2);
  const reopened = await reopen();

  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`${calls} tool calls: ${events} events; ${calls + 2} transcript rows, ${logRows} event log rows`);
  for (const [what, m] of [
    ['live run (click → last row)', run],
    ['reopened (click → last row)', reopened],
  ] as const)
    console.log(`${what}: ${ms(m.ms)}; longest task ${ms(m.longest)}; ${m.count} tasks over 50 ms (${ms(m.total)} in all)`);
} finally {
  await s.close();
  await browser.close();
}
