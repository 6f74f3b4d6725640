/**
 * `weft dev`, in its own process, on a small agent module in a temp folder,
 * with the page open in Chromium: each save is served without a restart and
 * the page follows it without reloading.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The studio's own browser harness: Debian's Chromium through playwright-core, which the studio's tests install.
import { launchChromium } from '../../studio/test/support/browser-studio.ts';
import { tempDir, weftProcess } from '../test-support/spawn-weft.ts';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
type Page = Awaited<ReturnType<Browser['newPage']>>;

/** An agent whose instruction lives in a file of its own, and whose tool waits for a person's approval. */
const AGENT = `import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { INSTRUCTION } from './instruction.ts';

const forecast = tool<{ city: string }>({
  name: 'forecast',
  description: 'The forecast for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  needsApproval: true,
  execute: ({ city }) => \`\${city}: sunny\`,
});

const weather = chatModelAgent({
  name: 'Weather',
  description: 'Answers weather questions.',
  instruction: INSTRUCTION,
  model: scriptedModel([
    () => ({ toolCalls: [{ id: 'c1', name: 'forecast', arguments: { city: 'Oslo' } }] }),
    () => ({ text: 'Sunny in Oslo.' }),
  ]),
  tools: [forecast],
});

export const agent = weather;
`;

/** The same agent with a sub-agent: another structure, which threads paused at the forecast's approval still resume on. */
const WITH_TIDES = AGENT.replace(
  "import { chatModelAgent, tool } from '@weft/agents';",
  "import { chatModelAgent, tool, withSubAgents } from '@weft/agents';",
).replace(
  'export const agent = weather;',
  `const tides = chatModelAgent({
  name: 'Tides',
  description: 'Tide tables.',
  instruction: 'You read tide tables.',
  model: scriptedModel([() => ({ text: 'High tide at noon.' })]),
});

export const agent = withSubAgents(weather, [tides]);`,
);

const instruction = (text: string) => `export const INSTRUCTION = ${JSON.stringify(text)};\n`;

/** A project folder with the agent module; its packages are the CLI's own (a link to its node_modules). */
function project(): string {
  const dir = tempDir();
  symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'instruction.ts'), instruction('You answer questions about the weather.'));
  writeFileSync(join(dir, 'agent.ts'), AGENT);
  return dir;
}

async function api(base: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(new URL(path, base), init);
  return { status: res.status, body: await res.json() };
}

/** The details the page shows for a node of the drawing, once clicked. */
async function nodeDetails(page: Page, id: string): Promise<string> {
  await page.click(`#canvas g.node[data-id="${id}"]`);
  await page.waitForFunction((node) => document.querySelector('#canvas g.node.selected')?.getAttribute('data-id') === node, id);
  return (await page.textContent('#details-body')) ?? '';
}

/** Waits for the page's notice to say `text`, and returns its state. */
async function notice(page: Page, text: string): Promise<string | undefined> {
  await page.waitForFunction((t) => document.getElementById('dev-notice')?.textContent?.includes(t) === true, text, { timeout: 60_000 });
  return page.$eval('#dev-notice', (n) => (n as HTMLElement).dataset['state']);
}

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()), 60_000);
afterAll(async () => await browser?.close());

describe('weft dev', () => {
  it('serves each save without a restart; the page redraws in place, resumes a thread of the previous structure that nothing changed under, shows a failed build and recovers', async () => {
    const dir = project();
    const server = weftProcess(['dev', 'agent.ts', '--port', '0', '--store', `sqlite:${join(dir, 'dev.db')}`], dir);
    expect(await server.waitFor((l) => l.startsWith('studio ready · '))).toMatch(
      /^studio ready · agent Weather · store sqlite \S+dev\.db · watching 2 files · pid \d+$/,
    );
    const base = /^open (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const first = (await api(base, '/api/graph')).body.hash as string;
    // A thread started before any edit, waiting for the tool's approval.
    const paused = await api(base, '/api/threads/t1/runs', { input: { query: 'Weather in Oslo?' }, wait: true });
    expect(paused.body).toMatchObject({ status: 'interrupted' });

    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.evaluate(() => void ((window as { __marker?: number }).__marker = 1));
    await page.click('li[data-thread-id="t1"] .thread-row');

    // 1. The instruction, in a file the module imports: same structure, the page shows the new one.
    writeFileSync(join(dir, 'instruction.ts'), instruction('You answer questions about the weather, in one sentence.'));
    expect(await server.waitFor((l) => l.startsWith('reloaded '))).toMatch(
      new RegExp(`^reloaded agent\\.ts \\(instruction\\.ts changed\\) in \\d+ ms · graph ${first.slice(0, 8)}$`),
    );
    expect(await server.waitFor((l) => l.startsWith('  '))).toBe('  changed Weather (instruction)');
    expect(await notice(page, `reloaded agent.ts · graph ${first.slice(0, 8)}`)).toBe('reloaded');
    expect(await nodeDetails(page, 'Weather')).toContain('You answer questions about the weather, in one sentence.');
    const model = (await api(base, '/api/graph')).body.model as { nodes: { id: string; annotations?: { instruction?: string } }[] };
    expect(model.nodes.find((n) => n.id === 'Weather')?.annotations?.instruction).toBe(
      'You answer questions about the weather, in one sentence.',
    );
    expect(await page.$eval('li[data-thread-id="t1"]', (li) => (li as HTMLElement).dataset['stale'])).toBeUndefined();

    // 2. A sub-agent: another structure, but nothing t1 waits on changed (its tools node and the approval's
    // address are the same): t1 is not flagged, and it resumes on the new build.
    writeFileSync(join(dir, 'agent.ts'), WITH_TIDES);
    const reloaded = await server.waitFor((l) => l.startsWith('reloaded '));
    const second = /^reloaded agent\.ts in \d+ ms · graph ([0-9a-f]{8})$/.exec(reloaded)?.[1];
    expect(second, reloaded).toBeDefined();
    expect(second).not.toBe(first.slice(0, 8));
    expect(await notice(page, `reloaded agent.ts · graph ${second}`)).toBe('reloaded');
    await page.waitForSelector('#canvas g.node[data-id="Tides"]');
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBe(1);
    await page.click('#threads-refresh');
    expect(await page.$eval('li[data-thread-id="t1"]', (li) => (li as HTMLElement).dataset['stale'])).toBeUndefined();
    const resumed = await api(base, '/api/threads/t1/resume', {
      resume: { [paused.body.interrupts[0].id]: { approved: true } },
      wait: true,
    });
    // The approval was taken and the forecast ran; the new build's scripted model starts its list again, so it asks
    // for the forecast once more: a new approval, further on in the thread.
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'interrupted' });
    expect(resumed.body.checkpointId).not.toBe(paused.body.checkpointId);
    const history = (await api(base, '/api/threads/t1/history')).body as { checkpoints: { source: string }[] };
    expect(history.checkpoints.map((c) => c.source)).toContain('resume');
    // 3. A syntax error: said in the terminal and the page; the previous build is still served.
    writeFileSync(join(dir, 'instruction.ts'), "export const INSTRUCTION = 'You answer;\n");
    expect(await server.waitFor((l) => l.startsWith('reload failed · '))).toBe(
      `reload failed · cannot load ${join(dir, 'agent.ts')}: ${join(dir, 'instruction.ts')}:1:40: Unterminated string literal · still serving graph ${second}`,
    );
    expect(await notice(page, 'reload failed: ')).toBe('failed');
    expect(await page.textContent('#dev-notice')).toContain(
      `${join(dir, 'instruction.ts')}:1:40: Unterminated string literal · still serving graph ${second}`,
    );
    expect((await api(base, '/api/graph')).body.hash.slice(0, 8)).toBe(second);

    // 4. The fix recovers.
    writeFileSync(join(dir, 'instruction.ts'), instruction('You answer questions about tides and weather.'));
    expect(await server.waitFor((l) => l.startsWith('reloaded '))).toMatch(
      new RegExp(`^reloaded agent\\.ts \\(instruction\\.ts changed\\) in \\d+ ms · graph ${second}$`),
    );
    expect(await notice(page, `reloaded agent.ts · graph ${second}`)).toBe('reloaded');
    expect(await nodeDetails(page, 'Weather')).toContain('You answer questions about tides and weather.');
    expect(await page.evaluate(() => (window as { __marker?: number }).__marker)).toBe(1);
    expect(readFileSync(join(dir, 'agent.ts'), 'utf8')).toBe(WITH_TIDES);
    expect(errors).toEqual([]);
    await page.close();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.lines.at(-1)).toBe('SIGTERM: closed');
  }, 180_000);
});
