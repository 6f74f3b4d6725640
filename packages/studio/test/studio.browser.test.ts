/**
 * Weft Studio's page in a real browser (Debian's Chromium through
 * playwright-core; required, never skipped): the support example run from the
 * page to its refund approval and on to its end, a fork from the history, two
 * tabs on one thread, hostile strings, the CSP and origin, and the token.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { hostileGraph, PWN_IMG, PWN_LINK, PWN_NODE, PWN_SCRIPT, PWN_THREAD } from './support/browser-hostile-graph.ts';
import { eventRows, launchChromium, openPage, readRunEvents, slowModels, startStudio, type SseItem } from './support/browser-studio.ts';

const ARTIFACTS = fileURLToPath(new URL('../test-results/', import.meta.url));
/**
 * Each scripted model answer this much later: a model node stays lit long
 * enough to be seen and screenshotted, also on a loaded 2-core CI machine
 * running other suites (the first run makes 8 calls: about 6 s).
 */
const SLOW_MODEL_MS = 700;
/** The transfers of the scripted support run, in order (as `weft run docs/examples/support/support.ts` prints them). */
const TRANSFERS = [
  ['Coordinator', 'Tech'],
  ['Tech', 'Database'],
  ['Database', 'Tech'],
  ['Tech', 'Coordinator'],
  ['Coordinator', 'Billing'],
];
const FINAL = 'Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).';

// The support tree on its scripted models (support.ts would pick a real model when OPENAI_* is set): the same run every time.
const supportTarget = (slowMs = 0) => ({
  target: supportAgent(slowMs > 0 ? slowModels(scriptedSupportModels(), slowMs) : scriptedSupportModels()),
  sessionValues: { company: 'Acme' },
});

let browser: Browser;
let fast: Awaited<ReturnType<typeof startStudio>>;

beforeAll(async () => {
  browser = await launchChromium();
  fast = await startStudio(supportTarget());
}, 30_000);

afterAll(async () => {
  await fast?.close();
  await browser?.close();
});

/** Saves a screenshot as a test artifact (the docs' pictures are screenshots.browser.test.ts's). */
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `studio-${name}.png`);
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(20_000);
}

/** Records, in order, each time a drawn node gains the class `active` (from the class mutations' old values). */
async function watchActivations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const log: { id: string; old: string }[] = [];
    (window as { __classLog?: unknown }).__classLog = log;
    new MutationObserver((records) => {
      for (const r of records) log.push({ id: (r.target as Element).getAttribute('data-id') ?? '', old: r.oldValue ?? '' });
    }).observe(document.getElementById('graph')!, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  });
  return () =>
    page.evaluate(() => {
      const log = (window as { __classLog?: { id: string; old: string }[] }).__classLog ?? [];
      const has = (cls: string, c: string) => c.split(/\s+/).includes(cls);
      // The value after a change is the next change's old value, or the class now.
      return log.flatMap((r, i) => {
        const next = log.slice(i + 1).find((n) => n.id === r.id);
        const now = next ? next.old : (document.querySelector(`g.node[data-id="${CSS.escape(r.id)}"]`)?.getAttribute('class') ?? '');
        return !has('active', r.old) && has('active', now) ? [r.id] : [];
      });
    });
}

const started = (events: SseItem[]) =>
  events.filter((e) => e.event === 'graph' && e.data['type'] === 'node.start').map((e) => String(e.data['node']));
const idsOf = (events: SseItem[], pick: (e: SseItem) => boolean) => events.filter(pick).map((e) => e.id);
const threadOf = (page: Page) => page.$eval('#events', (e) => (e as HTMLElement).dataset['threadId'] ?? '');

describe('Weft Studio in Chromium', { timeout: 60_000 }, () => {
  it('runs the support example: transfers in order, nodes lit as events come, the refund approval (checked edit), then the end', async () => {
    const slow = await startStudio(supportTarget(SLOW_MODEL_MS));
    try {
      const { page, requests, check } = await openPage(browser, slow.studio.url);
      expect(await page.locator('#session-rows .session-row .key').inputValue()).toBe('company');
      expect(await page.locator('#session-rows .session-row .value').inputValue()).toBe('Acme');
      const activations = await watchActivations(page);
      await page.locator('#run-input').fill(exampleQuery);
      await page.locator('#run-start').click();

      // Mid-run: the Tech → Database transfer is on the page, the Database agent's model runs (lit), the run goes on.
      await page.locator('#events li[data-kind="transfer"][data-to="Database"]').waitFor();
      await page.locator('g.node.active[data-id="Database"]').waitFor();
      expect(await page.$$eval('g.node.active', (gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(['Database']);
      expect(await page.locator('#run-panel').getAttribute('data-status')).toBe('running');
      await screenshot(page, 'run');
      expect(await page.locator('#run-panel').getAttribute('data-status')).toBe('running');
      expect(await page.locator('#events li[data-kind="end"]').count()).toBe(0);

      await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      const threadId = await threadOf(page);
      const run1 = await readRunEvents(slow.studio.url, threadId);
      const rows = await eventRows(page);
      expect(rows.filter((r) => r.kind === 'transfer').map((r) => [r.from, r.to])).toEqual(TRANSFERS);
      expect(rows.filter((r) => r.kind === 'transfer').map((r) => r.id)).toEqual(
        idsOf(run1, (e) => e.event === 'agent' && e.data['type'] === 'transfer'),
      );
      expect(rows[0]).toMatchObject({ kind: 'run', id: run1[0]!.id });
      expect(rows.at(-1)).toMatchObject({ kind: 'end', id: run1.at(-1)!.id });
      expect(rows.filter((r) => r.kind === 'interrupt').map((r) => r.text)).toEqual([expect.stringContaining('"tool": "refund"')]);
      expect(rows.filter((r) => r.kind === 'tool-call').map((r) => r.tool)).toEqual([
        'transfer_to_agent',
        'transfer_to_agent',
        'slow_queries',
        'transfer_to_agent',
        'transfer_to_agent',
        'transfer_to_agent',
        'lookup_invoice',
        'refund',
      ]);
      // Every node the run started lit up its agent (the page draws one node per agent), in the order the events came;
      // none is still running; the refund's node waits, on Billing.
      const drawn = await agentOf();
      expect(await activations()).toEqual(started(run1).map(drawn));
      const visited = await page.$$eval('g.node.visited', (gs) => gs.map((g) => g.getAttribute('data-id')).sort());
      expect(visited).toEqual([...new Set(started(run1).map(drawn))].sort());
      expect(await page.locator('g.node.active').count()).toBe(0);
      expect(await page.$$eval('g.node.waiting', (gs) => gs.map((g) => g.getAttribute('data-id')))).toEqual(['Billing']);

      // The approval: its arguments edited into a refund of -5, which the tool's schema refuses here, before any request.
      const form = page.locator('#interrupts form[data-interrupt-id]');
      expect(await form.getAttribute('data-interrupt-id')).toBe((run1.at(-1)!.data['interrupts'] as { id: string }[])[0]!.id);
      await screenshot(page, 'approval');
      await form.locator('[data-action="edit"]').click();
      const editor = form.locator('textarea.arguments');
      expect(JSON.parse(await editor.inputValue())).toEqual({ invoice_id: 'INV-1042', amount: 49, reason: 'charged twice in March' });
      await editor.fill('{ "invoice_id": "INV-1042", "amount": -5, "reason": "x" }');
      await form.locator('[data-action="approve-edited"]').click();
      expect(await form.locator('.problems li').allTextContents()).toEqual(['amount: must be more than 0']);
      await editor.fill('{ "amount": 49 }');
      expect(await form.locator('.problems li').allTextContents()).toEqual(['invoice_id: is required', 'reason: is required']);
      expect(requests.filter((r) => r.endsWith('/resume'))).toEqual([]);

      await form.locator('[data-action="approve"]').click();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      expect(requests.filter((r) => r.endsWith('/resume'))).toHaveLength(1);
      const end = page.locator('#events li[data-kind="end"][data-status="done"]');
      expect(await end.locator('.final').textContent()).toBe(FINAL);
      const after = await eventRows(page);
      expect(after.filter((r) => r.kind === 'run').map((r) => r.text)).toEqual([
        expect.stringContaining('run started'),
        expect.stringContaining('resume started'),
      ]);
      expect(after.filter((r) => r.kind === 'transfer').map((r) => [r.from, r.to])).toEqual([...TRANSFERS, ['Billing', 'Coordinator']]);
      expect(await page.locator('#interrupts-panel').isHidden()).toBe(true);
      expect(await page.locator('g.node.waiting').count()).toBe(0);
      const thread = (await slow.store.threads()).find((t) => t.threadId === threadId);
      expect(thread?.status).toBe('done');
      await expect.poll(() => page.locator(`#threads li[data-thread-id="${threadId}"]`).getAttribute('data-status')).toBe('done');
      await check();
    } finally {
      await slow.close();
    }
  });

  it('forks from an earlier checkpoint of the history: the form checks its fields, the fork run streams, the timeline shows the branch', async () => {
    const threadId = await finishedSupportThread();
    const history = (await api(`api/threads/${threadId}/history?limit=200`)) as {
      checkpoints: { checkpointId: string; seq: number; next: string[] }[];
    };
    const from = history.checkpoints.filter((c) => c.next.join() === 'Tech').at(-1)!;
    const { page, requests, check } = await openPage(browser, fast.studio.url);
    await openThread(page, threadId);
    await page.locator('#run-panel[data-status="done"]').waitFor();
    await page.locator('[data-tab="history"]').click();
    await expect.poll(() => page.locator('#history > li').count()).toBe(20);
    await page.locator('#history-more').click();
    await expect.poll(() => page.locator('#history > li').count()).toBe(history.checkpoints.length);
    expect(await page.$$eval('#history > li', (ls) => ls.map((l) => Number((l as HTMLElement).dataset['seq'])))).toEqual(
      history.checkpoints.map((c) => c.seq),
    );
    await page.locator(`#history li[data-checkpoint-id="${from.checkpointId}"] button`).click();
    await expect.poll(() => page.locator('#checkpoint-state').textContent()).toContain('"company": "Acme"');

    await page.locator('#fork-update').fill('[1, 2]');
    await page.locator('#fork-submit').click();
    expect(await page.locator('#fork-error').textContent()).toBe('update: must be a JSON object of top-level state keys');
    await page.locator('#fork-update').fill('{ "session": { "company": "Globex" } }');
    await page.locator('#fork-input').fill('{ "go": "model" }');
    await page.locator('#fork-submit').click();
    expect(await page.locator('#fork-error').textContent()).toBe('input: is the input of the goto node: pick a node to go to');
    expect(requests.filter((r) => r.endsWith('/fork'))).toEqual([]);
    await page.locator('#fork-input').fill('');
    await page.locator('#fork-goto').selectOption('Billing');
    await page.locator('#fork-submit').click();

    // The fork's run streams into the events panel: Billing looks the invoice up, asks for the refund, and waits.
    await page.locator('#events li[data-kind="run"][data-mode="fork"]').waitFor({ state: 'attached' }); // the History tab is in front
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    const forkRun = await readRunEvents(fast.studio.url, threadId);
    const rows = (await eventRows(page)).filter((r) => forkRun.some((e) => e.id === r.id));
    expect(rows.map((r) => r.kind).filter((k) => k !== 'state')).toEqual([
      'run',
      'tool-call',
      'tool-result',
      'tool-call',
      'interrupt',
      'end',
    ]);
    expect(rows.filter((r) => r.kind === 'tool-call').map((r) => r.tool)).toEqual(['lookup_invoice', 'refund']);
    expect(rows.filter((r) => r.kind === 'state').map((r) => r.id)).toEqual(
      idsOf(forkRun, (e) => e.event === 'graph' && e.data['type'] === 'state.patch'),
    );
    expect(await page.locator('#interrupts form[data-interrupt-id]').count()).toBe(1);

    // The timeline, read again at the run's end: the fork checkpoint branches from the picked one; the older line is set aside.
    const fork = page.locator('#history li[data-source="fork"]');
    await fork.waitFor();
    expect(await fork.getAttribute('data-branch')).toBe('true');
    expect(await fork.textContent()).toContain(`⑂ from seq ${from.seq}`);
    const oldHead = history.checkpoints[0]!;
    expect(await page.locator(`#history li[data-checkpoint-id="${oldHead.checkpointId}"]`).getAttribute('class')).toContain('off-branch');
    await fork.locator('button').click();
    await expect.poll(() => page.locator('#checkpoint-state').textContent()).toContain('"company": "Globex"');
    const head = (await api(`api/threads/${threadId}/history?limit=200`)) as { checkpoints: { source: string; parentId: string }[] };
    expect(head.checkpoints.filter((c) => c.source === 'fork').map((c) => c.parentId)).toEqual([from.checkpointId]);
    await check();
  });

  it('two tabs on one thread see the same events, in the same order, when one of them answers the interrupt', async () => {
    const threadId = ((await api('api/threads/new/runs', { input: { query: exampleQuery }, wait: true })) as { threadId: string }).threadId;
    const tabs = [await openPage(browser, fast.studio.url), await openPage(browser, fast.studio.url)];
    for (const { page } of tabs) {
      await openThread(page, threadId);
      await page.locator('#events li[data-kind="end"][data-status="interrupted"]').waitFor();
    }
    const [a, b] = tabs as [OpenedPage, OpenedPage];
    expect(await eventRows(b.page)).toEqual(await eventRows(a.page));
    await a.page.locator('#interrupts [data-action="approve"]').click();
    for (const { page } of tabs) await page.locator('#run-panel[data-status="done"]').waitFor();
    const [rowsA, rowsB] = [await eventRows(a.page), await eventRows(b.page)];
    expect(rowsB.map((r) => [r.kind, r.id])).toEqual(rowsA.map((r) => [r.kind, r.id]));
    expect(rowsB.filter((r) => r.kind === 'run').map((r) => r.text)).toEqual([
      expect.stringContaining('run'),
      expect.stringContaining('resume'),
    ]);
    const resumed = await readRunEvents(fast.studio.url, threadId);
    expect(rowsB.filter((r) => r.id.startsWith(resumed[0]!.id.replace(/\.0$/, '.'))).at(-1)).toMatchObject({
      kind: 'end',
      id: resumed.at(-1)!.id,
    });
    expect(await b.page.locator('#interrupts-panel').isHidden()).toBe(true);
    for (const tab of tabs) await tab.check();
  });

  it('shows hostile strings from the graph, its runs, its interrupt and a thread id as text, and runs none of them', async () => {
    const hostile = await startStudio({ target: hostileGraph(), title: `Studio ${PWN_IMG}` });
    try {
      const seeded = await hostileGraph().withStore(hostile.store).run(PWN_LINK, { threadId: PWN_THREAD });
      expect(seeded.status).toBe('interrupted');
      const { page, check } = await openPage(browser, hostile.studio.url, { refused: [400] });
      expect(await page.title()).toBe(`Studio ${PWN_IMG} · Weft Studio`);
      expect(await page.locator('#title').textContent()).toBe(`Studio ${PWN_IMG}`);
      expect(await page.$$eval('#threads > li', (ls) => ls.map((l) => (l as HTMLElement).dataset['threadId']))).toEqual([PWN_THREAD]);
      expect(await page.locator('#threads > li .id').textContent()).toBe(PWN_THREAD);

      // A run from the page, its input markup too; the interrupt's form has a field named with markup.
      await page.locator('#run-input').fill(PWN_IMG);
      await page.locator('#run-start').click();
      await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      const form = page.locator('#interrupts form[data-interrupt-id]');
      expect(await form.locator('pre.info').textContent()).toBe(
        JSON.stringify({ said: `${PWN_SCRIPT} ${PWN_LINK}`, question: PWN_IMG, link: PWN_LINK }, null, 2),
      );
      const field = form.locator('label.field');
      expect(await field.locator('.label').textContent()).toBe(`${PWN_IMG} *`);
      // "no" passes the page's check (the refinement has no JSON Schema); the server's refusal shows by the form.
      await field.locator('input').fill('no');
      await form.locator('[data-action="resume"]').click();
      await expect.poll(() => form.locator('.form-error').textContent()).toMatch(/^RESUME_INVALID: /);
      await field.locator('input').fill(PWN_SCRIPT);
      await form.locator('[data-action="resume"]').click();
      await page.locator('#run-panel[data-status="done"]').waitFor();
      const output = { said: `${PWN_SCRIPT} ${PWN_LINK}`, answer: { [PWN_IMG]: PWN_SCRIPT } };
      expect(await page.locator('#events li[data-kind="end"][data-status="done"] .final').textContent()).toBe(
        JSON.stringify(output, null, 2),
      );
      const rows = await eventRows(page);
      expect(rows.filter((r) => r.kind === 'state').map((r) => r.text)).toContainEqual(expect.stringContaining(PWN_SCRIPT));
      await page.locator('[data-tab="state"]').click();
      expect(await page.locator('#thread-state pre.state').textContent()).toContain(JSON.stringify(`${PWN_IMG} ${PWN_SCRIPT}`));
      await page.locator(`g.node[data-id=${JSON.stringify(PWN_NODE)}]`).click();
      expect(await page.locator('#details-body h3').first().textContent()).toBe(PWN_NODE);

      // The thread with the markup id, written outside the studio: its state and its interrupt.
      await page.locator('#threads > li button').filter({ hasText: PWN_THREAD }).click();
      await page.locator('#run-panel[data-status="interrupted"]').waitFor();
      expect(await page.locator('#run-thread').inputValue()).toBe(PWN_THREAD);
      expect(await page.locator('#interrupts form pre.info').textContent()).toContain(PWN_LINK);

      await page.getByText(PWN_SCRIPT, { exact: false }).first().waitFor({ state: 'attached' });
      // The one link is the page's own, to the eval reports: none came from the data.
      expect(await page.locator('img, iframe, object, embed, a[href]:not(#evals-link)').count()).toBe(0);
      expect(await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/evals']);
      expect(await page.locator('script').count()).toBe(1);
      const handlers = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
      );
      expect(handlers).toEqual([]);
      await check();
    } finally {
      await hostile.close();
    }
  });

  it('answers with its CSP, runs only its own inline script and style, and never asks another origin', async () => {
    const res = await fetch(fast.studio.url);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(csp).toBe(
      `default-src 'none'; script-src ${sha(script)}; style-src ${sha(style)}; connect-src 'self'; img-src data: blob:; media-src blob:; ` +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html).not.toMatch(/<link|@import|\ssrc=|\son\w+=/i);

    const { page, requests, check } = await openPage(browser, fast.studio.url);
    await page.locator('#run-input').fill('INV-1042 was charged twice in March.');
    await page.locator('#run-start').click();
    await page.locator('#run-panel[data-status="interrupted"]').waitFor();
    const paths = requests.map((r) => new URL(r).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/api/graph', '/api/threads', '/api/threads/new/runs']));
    expect(paths.some((p) => /^\/api\/threads\/[^/]+\/events$/.test(p))).toBe(true);
    await check();

    // The policy holds: a script added at run time does not run (on a page of its own: the refusal is a console error).
    const raw = await browser.newPage();
    await raw.goto(fast.studio.url);
    await raw.locator('body[data-ready="true"]').waitFor();
    const blocked = await raw.evaluate(async () => {
      const seen = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective)),
      );
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = "inline"';
      document.body.append(s);
      const directive = await seen;
      s.remove();
      return { directive, ran: (window as { __pwned?: unknown }).__pwned };
    });
    expect(blocked).toEqual({ directive: 'script-src-elem', ran: undefined });
    await raw.close();
  });

  it('with a token: #token= opens the page; without it the page asks for one, and a wrong one gets the 401 message', async () => {
    const token = 'studio-test-token-1234';
    const secured = await startStudio({ ...supportTarget(), token });
    try {
      const refusal = (await (await fetch(new URL('api/graph', secured.studio.url))).json()) as { error: { message: string } };
      const withToken = await openPage(browser, secured.studio.url, { hash: `#token=${token}` });
      expect(withToken.page.url()).toBe(secured.studio.url);
      expect(await withToken.page.locator('#token-dialog').isHidden()).toBe(true);
      // START, the six agents, END.
      expect(await withToken.page.locator('svg#graph g.node').count()).toBe(8);
      expect(withToken.requests.every((r) => !r.includes(token))).toBe(true);
      await withToken.check();

      const without = await openPage(browser, secured.studio.url, { ready: false, refused: [401] });
      const { page } = without;
      const sent: string[] = [];
      page.on('request', (r) => void (r.url().includes('/api/') ? sent.push(r.headers()['authorization'] ?? '') : undefined));
      await page.locator('#token-dialog').waitFor();
      expect(await page.locator('#token-error').textContent()).toBe(refusal.error.message);
      expect(await page.locator('body').getAttribute('data-ready')).toBeNull();
      await page.locator('#token-input').fill('not-the-token');
      await page.locator('#token-form button[type="submit"]').click();
      await expect.poll(() => sent.includes('Bearer not-the-token')).toBe(true);
      await page.locator('#token-dialog').waitFor();
      expect(await page.locator('#token-error').textContent()).toBe(refusal.error.message);
      await page.locator('#token-input').fill(token);
      await page.locator('#token-form button[type="submit"]').click();
      await page.locator('body[data-ready="true"]').waitFor();
      expect(await page.locator('#token-dialog').isHidden()).toBe(true);
      expect(await page.locator('svg#graph g.node').count()).toBe(8);
      await without.check();
    } finally {
      await secured.close();
    }
  });
});

type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/** A JSON call to the fast studio's API from Node. */
async function api(path: string, body?: unknown): Promise<unknown> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(new URL(path, fast.studio.url), init);
  return res.json();
}

/** The drawn node (at the agents level, the page's default) each node id lands on: `Tech:tools` on `Tech`. */
async function agentOf(): Promise<(id: string) => string> {
  const graph = (await api('api/graph')) as { drawn: { nodes: { id: string; members?: string[] }[] } };
  const of = new Map(graph.drawn.nodes.flatMap((n) => (n.members ?? [n.id]).map((m) => [m, n.id] as const)));
  return (id) => of.get(id) ?? id;
}

/** A support thread run to its end through the API: the run, then the approved refund. */
async function finishedSupportThread(): Promise<string> {
  const first = (await api('api/threads/new/runs', { input: { query: exampleQuery }, wait: true })) as {
    threadId: string;
    interrupts: { id: string }[];
  };
  const done = (await api(`api/threads/${first.threadId}/resume`, {
    resume: { [first.interrupts[0]!.id]: { approved: true } },
    wait: true,
  })) as {
    status: string;
  };
  expect(done.status).toBe('done');
  return first.threadId;
}

/** Opens a thread from the list (reading the list again first). */
async function openThread(page: Page, threadId: string): Promise<void> {
  await page.locator('#threads-refresh').click();
  await page.locator(`#threads li[data-thread-id="${threadId}"] button`).click();
  await expect.poll(() => threadOf(page)).toBe(threadId);
}
