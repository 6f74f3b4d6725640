/**
 * The page at the three window sizes the docs show (1440×900, 1280×720 and
 * 900×700), on the support example run from the page to its refund approval
 * and on to its end. Each size is checked for what a person must be able to
 * read there — nothing wider than the window, the conversation, the graph
 * and the details each with room — and photographed: the pictures are test
 * artifacts (test-results/) and, with WEFT_UPDATE_SCREENSHOTS=1, the docs'
 * images (docs/images/studio-*.png, shown in docs/studio.md). Last, a
 * conversation whose query came with an image and a PDF attached.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { launchChromium, openPage, slowModels, startStudio } from './support/browser-studio.ts';
import { chartPng, lookerAgent, smallPdf } from './support/media-agents.ts';

const ARTIFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const DOCS_IMAGES = fileURLToPath(new URL('../../../docs/images/', import.meta.url));
/** Each scripted answer this much later, so the timeline's bars have the widths of calls that take time. */
const MODEL_MS = 150;

let browser: Browser;
let served: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  served = await startStudio({
    target: supportAgent(slowModels(scriptedSupportModels(), MODEL_MS)),
    sessionValues: { company: 'Acme' },
    streaming: true,
  });
}, 30_000);

afterAll(async () => {
  await served?.close();
  await browser?.close();
});

async function photograph(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `studio-${name}.png`);
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(20_000);
  if (process.env['WEFT_UPDATE_SCREENSHOTS'] === '1') {
    mkdirSync(DOCS_IMAGES, { recursive: true });
    await page.screenshot({ path: join(DOCS_IMAGES, `studio-${name}.png`) });
  }
}

/** The box of each region on screen, and whether the page is wider than the window. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r && r.width > 0 && r.height > 0 ? { width: Math.round(r.width), height: Math.round(r.height) } : null;
    };
    return {
      overflows: document.documentElement.scrollWidth > window.innerWidth,
      conversation: box('#transcript'),
      graph: box('#canvas'),
      details: box('.studio-side'),
      threads: box('.threads'),
    };
  });
}

/** The conversation is scrolled to its newest row. */
const atNewest = (page: Page) => page.$eval('#transcript', (l) => l.scrollHeight - l.clientHeight - l.scrollTop <= 24);

describe('the page at 1440×900, 1280×720 and 900×700', { timeout: 90_000 }, () => {
  it('shows the conversation, the graph and the details side by side on a wide window, the refund approval in the conversation', async () => {
    const { page, check } = await openPage(browser, served.studio.url, { viewport: { width: 1440, height: 900 } });
    await page.fill('#run-input', exampleQuery);
    await page.click('#run-start');
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    await page.locator('#interrupts form[data-interrupt-id]').waitFor();
    // Streamed, a model call that only calls tools writes no words: no message row without text.
    const empty = (selector: string) =>
      page.$$eval(selector, (rows) => rows.filter((r) => !r.querySelector('.text, .body')?.textContent?.trim()).length);
    expect(await page.locator('#transcript li[data-kind="assistant"]').count()).toBeGreaterThan(0);
    expect([await empty('#transcript li[data-kind="assistant"]'), await empty('#events li[data-kind="message"]')]).toEqual([0, 0]);
    const wide = await layout(page);
    expect(wide.overflows).toBe(false);
    // Every region on screen at once, none squeezed.
    expect(wide.conversation!.width).toBeGreaterThan(400);
    expect(wide.graph!.width).toBeGreaterThan(500);
    expect(wide.details!.width).toBeGreaterThan(500);
    expect(wide.threads).not.toBeNull();
    await expect.poll(() => atNewest(page)).toBe(true);
    await photograph(page, '1440-approval');

    // A laptop's window: approved, to the end; the Timeline tab with a model call opened.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.locator('#interrupts form[data-interrupt-id] [data-action="approve"]').click();
    await page.locator('#run-panel[data-status="done"]').waitFor();
    await page.click('[data-tab="timeline"]');
    const laptop = await layout(page);
    expect(laptop.overflows).toBe(false);
    expect(laptop.conversation!.width).toBeGreaterThan(340);
    expect(laptop.graph!.width).toBeGreaterThan(420);
    await expect.poll(() => atNewest(page)).toBe(true);
    await photograph(page, '1280-timeline');
    await check();
  });

  it('gives one pane at a time the whole of a 900 px window: the conversation, then the graph with the route', async () => {
    const { page, check } = await openPage(browser, served.studio.url, { viewport: { width: 900, height: 700 } });
    await page.click('[data-pane="threads"]');
    await page.locator('#threads li[data-status="done"]').first().click();
    await page.click('[data-pane="conversation"]');
    await page.locator('#transcript li[data-kind="final"]').waitFor();
    const narrow = await layout(page);
    expect(narrow.overflows).toBe(false);
    // Only the conversation shows, across the whole window.
    expect(narrow.conversation!.width).toBeGreaterThan(850);
    expect([narrow.graph, narrow.details, narrow.threads]).toEqual([null, null, null]);
    await expect.poll(() => atNewest(page)).toBe(true);
    await photograph(page, '900-conversation');

    await page.click('[data-pane="graph"]');
    await page.locator('#canvas svg.has-route .route-step').first().waitFor();
    const graphPane = await layout(page);
    expect(graphPane.graph!.width).toBeGreaterThan(850);
    expect([graphPane.conversation, graphPane.details, graphPane.threads]).toEqual([null, null, null]);
    await photograph(page, '900-graph');
    await check();
  });

  it('shows a query with an attached image and PDF: the image drawn in the conversation, the PDF a download', async () => {
    const media = await startStudio({ target: lookerAgent() });
    try {
      const { page, check } = await openPage(browser, media.studio.url, { viewport: { width: 1280, height: 720 } });
      await page.locator('#run-attach').setInputFiles([
        { name: 'signups.png', mimeType: 'image/png', buffer: chartPng(480, 280) },
        { name: 'march-invoice.pdf', mimeType: 'application/pdf', buffer: smallPdf('the March invoice') },
      ]);
      await page.fill('#run-input', 'Which month had the most sign-ups, and does the invoice match it?');
      await page.click('#run-start');
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const img = page.locator('#transcript .part-image');
      await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(480);
      await page.locator('#transcript a.part-download').waitFor();
      expect((await layout(page)).overflows).toBe(false);
      await photograph(page, '1280-image');
      await check();
    } finally {
      await media.close();
    }
  });
});
