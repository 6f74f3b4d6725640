/**
 * Weft Studio's page under axe-core (the accessibility engine browsers'
 * devtools use), in Chromium: the page as it opens, with a run under way, at
 * the refund approval, and on a narrow window — no serious or critical
 * violation in any of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { launchChromium, startStudio } from './support/browser-studio.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

let browser: Browser;
let served: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  served = await startStudio({ target: supportAgent(scriptedSupportModels()), sessionValues: { company: 'Acme' } });
}, 30_000);

afterAll(async () => {
  await served?.close();
  await browser?.close();
});

/**
 * The page's serious and critical violations. axe's script is evaluated through
 * the DevTools protocol, which the page's CSP does not govern: the page itself
 * still runs only its own hashed script.
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(served.studio.url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

describe('accessibility (axe-core)', () => {
  it('has no serious or critical violation as it opens, at an approval, and after the run', async () => {
    const page = await open(1280, 720);
    expect(await seriousViolations(page)).toEqual([]);

    await page.fill('#run-input', exampleQuery);
    await page.click('#run-start');
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    await page.locator('.interrupt-form').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('.interrupt-form [data-action="approve"]').first().click();
    await page.locator('#run-panel[data-status="done"]').waitFor();
    for (const tab of ['timeline', 'history', 'state', 'events']) {
      await page.click(`[data-tab="${tab}"]`);
      expect({ tab, violations: await seriousViolations(page) }).toEqual({ tab, violations: [] });
    }
    await page.close();
  });

  it('has none on a 900 px window, on each pane', async () => {
    const page = await open(900, 700);
    for (const pane of ['conversation', 'graph', 'details', 'threads']) {
      await page.click(`[data-pane="${pane}"]`);
      expect({ pane, violations: await seriousViolations(page) }).toEqual({ pane, violations: [] });
    }
    await page.close();
  });
});
