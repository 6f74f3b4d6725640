/**
 * The transcript's guardrail rows in a real browser (Debian's Chromium
 * through playwright-core): an agent whose tool guardrail rewrites a lookup's
 * result and whose output guardrail trips on its answer shows a row for each,
 * in place (the rewrite with what was there and what went on instead), then
 * the run's error; the rows pass axe-core with no serious or critical
 * violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chatModelAgent, outputGuardrail, tool, toolGuardrail } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { launchChromium, openPage, startStudio } from './support/browser-studio.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Support: looks a customer up (the card number in the result is masked), then answers with the card number (and trips). */
function guardedAgent() {
  const lookup = tool({
    name: 'lookup',
    description: 'Looks a customer up.',
    parameters: z.object({ id: z.string() }),
    execute: () => `Customer c-1 pays with card 4111 1111 1111 1111 and has been with us since 2019; ${'notes '.repeat(30)}`,
  });
  const mask = toolGuardrail({
    name: 'mask-cards',
    after: (result) => ({
      action: 'rewrite',
      value: String(result).replace(/\d{4} \d{4} \d{4} (\d{4})/, '•••• $1'),
      reason: 'card masked',
    }),
  });
  const noCard = outputGuardrail({
    name: 'no-card',
    check: (text) => (/\d{4} \d{4}/.test(String(text)) ? { action: 'trip', reason: 'contains a card number' } : { action: 'pass' }),
  });
  const model = scriptedModel(
    [{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: 'c-1' } }] }, { text: 'Your card is 4111 1111 1111 1111.' }],
    { name: 'scripted:Support' },
  );
  return chatModelAgent({
    name: 'Support',
    description: 'Answers.',
    model,
    tools: [lookup],
    guardrails: { tool: [mask], output: [noCard] },
  });
}

interface GuardrailRow {
  agent: string;
  guardrail: string;
  stage: string;
  action: string;
  lines: string[];
}

function guardrailRows(page: Page): Promise<GuardrailRow[]> {
  return page.$$eval('#transcript > li[data-kind="guardrail"]', (lis) =>
    lis.map((li) => {
      const e = li as HTMLElement;
      return {
        agent: e.dataset['agent'] ?? '',
        guardrail: e.dataset['guardrail'] ?? '',
        stage: e.dataset['stage'] ?? '',
        action: e.dataset['action'] ?? '',
        lines: [...e.querySelectorAll('.line')].map((l) => l.textContent ?? ''),
      };
    }),
  );
}

async function seriousViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});

describe('guardrail rows in the transcript, in Chromium', { timeout: 90_000 }, () => {
  it('shows the rewrite of a tool result and the trip of the answer in place, then the error', async () => {
    const s = await startStudio({ target: guardedAgent() });
    try {
      const { page, check } = await openPage(browser, s.studio.url);
      await page.locator('#run-input').fill('What card do I pay with?');
      await page.locator('#run-start').click();
      await page.locator('#run-panel[data-status="error"]').waitFor();
      await page.locator('#transcript li[data-kind="guardrail"][data-action="trip"]').waitFor();
      const original = `Customer c-1 pays with card 4111 1111 1111 1111 and has been with us since 2019; ${'notes '.repeat(30)}`;
      const replacement = original.replace('4111 1111 1111 1111', '•••• 1111');
      const short = (text: string) => `${text.replace(/\s+/g, ' ').slice(0, 120)}…`;
      expect(await guardrailRows(page)).toEqual([
        {
          agent: 'Support',
          guardrail: 'mask-cards',
          stage: 'tool-after',
          action: 'rewrite',
          lines: ['guardrail mask-cards · tool-after · rewrote', 'card masked', `was: ${short(original)}`, `now: ${short(replacement)}`],
        },
        {
          agent: 'Support',
          guardrail: 'no-card',
          stage: 'output',
          action: 'trip',
          lines: ['guardrail no-card · output · tripped', 'contains a card number'],
        },
      ]);
      // The rewrite sits after the tool call it changed, the trip before the run's error.
      const kinds = await page.$$eval('#transcript > li', (lis) => lis.map((l) => (l as HTMLElement).dataset['kind']));
      expect(kinds).toEqual(['user', 'tool', 'guardrail', 'guardrail', 'error']);
      expect(await seriousViolations(page)).toEqual([]);
      await check();
    } finally {
      await s.close();
    }
  });
});
