/**
 * Content parts in a real browser (Debian's Chromium through playwright-core):
 * a query with an attached PNG (over the checkpoint blob threshold), a PDF
 * and an SVG run from the page's Attach control; the transcript draws the
 * PNG, offers the PDF and the SVG as downloads of the same bytes; a reload
 * and another studio process on the same store show them again; a model
 * that takes text only fails the run with UNSUPPORTED_CONTENT; a context
 * policy's trim is a quiet row under its agent.
 */
import { readFile } from 'node:fs/promises';
import { serveStudio } from '@weft/studio';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';
import { HOSTILE_SVG, lookerAgent, randomPng, sha256Of, smallPdf, textOnlyAgent, trimmingAgent } from './support/media-agents.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

const png = randomPng(160, 120);
const pdf = smallPdf('the March invoice');

/** Attaches the files and runs the query from the page's form. */
async function runWithFiles(page: Page, query: string, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  await page.locator('#run-attach').setInputFiles(files);
  await expect.poll(() => page.locator('#run-attachments li').count()).toBe(files.length);
  await page.locator('#run-input').fill(query);
  await page.locator('#run-start').click();
}
const threadOf = (page: Page) => page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');

/** The user row's image, once loaded: its natural width and what it links to. */
async function loadedImage(page: Page): Promise<{ width: number; href: string }> {
  const img = page.locator('#transcript li[data-kind="user"] .part-image');
  await img.waitFor();
  await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth)).toBe(160);
  return {
    width: await img.evaluate((i) => (i as HTMLImageElement).naturalWidth),
    href: (await page.locator('#transcript li[data-kind="user"] a.part-open').getAttribute('href')) ?? '',
  };
}

describe('content parts in Chromium', { timeout: 120_000 }, () => {
  it('an attached PNG, PDF and SVG: the image drawn, the others downloads of the same bytes; after a reload and in another process, the same', async () => {
    const s = await startStudio({ target: lookerAgent() });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      await runWithFiles(page, 'What are these?', [
        { name: 'chart.png', mimeType: 'image/png', buffer: png },
        { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: HOSTILE_SVG },
      ]);
      await page.locator('#run-panel[data-status="done"]').waitFor();
      expect(await page.locator('#run-attachments li').count()).toBe(0);
      const threadId = await threadOf(page);
      const answer = `saw: text, image image/png ${png.byteLength.toLocaleString('en-US')} bytes, file application/pdf ${pdf.byteLength} bytes, image image/svg+xml ${HOSTILE_SVG.byteLength} bytes`;
      await expect.poll(() => page.locator('#transcript li[data-kind="final"]').textContent()).toContain(answer);
      expect((await loadedImage(page)).href).toMatch(/^blob:/);
      // The PNG was stored as a checkpoint blob, not inside the record.
      const head = (await s.store.get(threadId))!;
      expect(head.bytes.byteLength).toBeLessThan(png.byteLength);

      // The PDF: a download link with its name, type and size, whose download is the same bytes.
      const file = page.locator(`#transcript li[data-kind="user"] .part[data-sha256="${sha256Of(pdf)}"]`);
      expect(await file.locator('.part-label').textContent()).toBe(`invoice.pdf · application/pdf · ${pdf.byteLength} B`);
      const [download] = await Promise.all([page.waitForEvent('download'), file.locator('a.part-download').click()]);
      expect(download.suggestedFilename()).toBe('invoice.pdf');
      expect(sha256Of(await readFile((await download.path())!))).toBe(sha256Of(pdf));
      const served = await fetch(new URL(`/api/threads/${threadId}/content/${sha256Of(pdf)}`, s.studio.url));
      expect(served.headers.get('content-disposition')).toBe('attachment; filename="invoice.pdf"');
      expect(sha256Of(new Uint8Array(await served.arrayBuffer()))).toBe(sha256Of(pdf));

      // The SVG is never drawn or served as an image: a download of octet-stream bytes (check() asserts its script never ran).
      const svg = page.locator(`#transcript li[data-kind="user"] .part[data-sha256="${sha256Of(HOSTILE_SVG)}"]`);
      await svg.locator('a.part-download').waitFor();
      expect(await svg.locator('img').count()).toBe(0);
      const svgServed = await fetch(new URL(`/api/threads/${threadId}/content/${sha256Of(HOSTILE_SVG)}`, s.studio.url));
      expect([svgServed.headers.get('content-type'), svgServed.headers.get('x-content-type-options')]).toEqual([
        'application/octet-stream',
        'nosniff',
      ]);
      const unknown = await fetch(new URL(`/api/threads/${threadId}/content/${'0'.repeat(64)}`, s.studio.url));
      expect([unknown.status, ((await unknown.json()) as { error: { code: string } }).error.code]).toEqual([404, 'CONTENT_NOT_FOUND']);

      // Reloaded and reopened from the list: drawn again.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]');
      await page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
      expect((await loadedImage(page)).width).toBe(160);
      await check();

      // Another studio process on the same store (nothing kept in memory): the transcript brings the bytes back.
      await s.studio.close();
      const again = await serveStudio({ target: lookerAgent(), store: s.store, port: 0 });
      try {
        const other = await openPage(browser, again.url);
        await other.page.locator(`#threads li[data-thread-id="${threadId}"]`).click();
        expect((await loadedImage(other.page)).width).toBe(160);
        await other.page.locator(`#transcript .part[data-sha256="${sha256Of(pdf)}"] a.part-download`).waitFor();
        await other.check();
      } finally {
        await again.close();
      }
    } finally {
      await s.store.close();
    }
  });

  it('a model that takes text only: the run ends with UNSUPPORTED_CONTENT, shown in the transcript', async () => {
    const s = await startStudio({ target: textOnlyAgent() });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      await runWithFiles(page, 'What is this?', [{ name: 'chart.png', mimeType: 'image/png', buffer: png }]);
      await page.locator('#run-panel[data-status="error"]').waitFor();
      const error = page.locator('#transcript li[data-kind="error"]');
      await error.waitFor();
      expect(await error.locator('.line').textContent()).toBe(
        'MODEL_FAILED (UNSUPPORTED_CONTENT): agent "Reader": message 0, part 1 is an image part; model "scripted:text" takes text only: use a model that accepts image parts, or remove the part',
      );
      expect(await error.getAttribute('data-code')).toBe('UNSUPPORTED_CONTENT');
      expect(await page.locator('#transcript li[data-kind="error"]').count()).toBe(1);
      expect((await loadedImage(page)).width).toBe(160);
      await check();
    } finally {
      await s.close();
    }
  });

  it('a context policy that leaves messages out: a quiet row under the agent saying how many', async () => {
    const s = await startStudio({ target: trimmingAgent(40) });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      const long = 'Tell me about the rivers of Europe, their sources and their mouths, in as much detail as you have.';
      for (const query of [long, `${long} Again.`, 'And now?']) {
        await page.locator('#run-input').fill(query);
        await page.locator('#run-start').click();
        await page.locator('#run-panel[data-status="done"]').waitFor();
        await expect.poll(() => page.locator('#transcript li[data-kind="final"]').count()).toBeGreaterThan(0);
        await page.locator('#run-start:not([disabled])').waitFor();
      }
      const row = page.locator('#transcript li[data-kind="context"]').last();
      await row.waitFor();
      expect(await row.getAttribute('data-agent')).toBe('Keeper');
      expect(await row.locator('.line').textContent()).toMatch(
        /^context: left out \d+ earlier messages? \(the model is sent ≈ [\d,]+ tokens?\)$/,
      );
      await check();
    } finally {
      await s.close();
    }
  });
});
