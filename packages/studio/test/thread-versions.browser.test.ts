/**
 * The version badge in Chromium: a studio serving v2 of the refund flow over
 * a store v1 wrote threads to lists each with its verdict — "blocked" for
 * the thread v1 left waiting at a node v2 renamed, a quiet "older version"
 * for the one it finished, nothing for v2's own — and the opened blocked
 * thread says why above its conversation.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';
import { BLOCKED_REASONS, refunds, refundThreads } from './support/refund-versions.ts';

let browser: Browser;
let studio: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  studio = await startStudio({ target: refunds('v2') });
  await refundThreads(studio.store);
}, 30_000);

afterAll(async () => {
  await studio?.close();
  await browser?.close();
});

describe('threads another version of the graph wrote, in the page', () => {
  it('carry a badge in the list, and the opened blocked thread lists the reasons', async () => {
    const { page, check } = await openPage(browser, studio.studio.url);
    const row = (id: string) => page.locator(`#threads li[data-thread-id="${id}"]`);
    await row('paused').waitFor();
    const badges = await page.$$eval('#threads > li', (ls) =>
      ls.map((l) => [
        (l as HTMLElement).dataset['threadId'],
        (l as HTMLElement).dataset['version'],
        l.querySelector('.tag.version')?.textContent ?? null,
      ]),
    );
    expect(badges.sort()).toEqual([
      ['fresh', 'current', null],
      ['paid', 'compatible', 'older version'],
      ['paused', 'blocked', 'blocked'],
    ]);
    expect(await row('paused').locator('button').getAttribute('title')).toBe(BLOCKED_REASONS.join('\n'));

    const notice = page.locator('#thread-version');
    expect(await notice.isHidden()).toBe(true);
    await row('paused').locator('button').click();
    await expect.poll(() => notice.getAttribute('data-version')).toBe('blocked');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.locator('.tag.version').textContent()).toBe('blocked');
    expect(await notice.textContent()).toContain('This version cannot continue it, and no migration starts at version v1 (');
    expect(await notice.locator('.version-reasons li').allTextContents()).toEqual(BLOCKED_REASONS);

    // A thread this version continues says nothing there.
    await row('paid').locator('button').click();
    await expect.poll(() => notice.isHidden()).toBe(true);
    await row('fresh').locator('button').click();
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    expect(await notice.isHidden()).toBe(true);
    await check();
  });
});
