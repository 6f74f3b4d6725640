/**
 * Data never drives the terminal: thread ids, node outputs, custom events,
 * interrupt info, tool arguments and results, streamed text and error
 * messages that carry escape sequences are printed as visible escapes, in
 * every human-readable line (events, outcomes, tables, hints, errors), and
 * as \u escapes in --json lines that still parse to the exact data.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain, type MainResult } from '../test-support/run-main.ts';
import { FIXTURES, normalizeIds, projectModule, tempDir } from '../test-support/spawn-weft.ts';
import { HOSTILE } from '../test-fixtures/hostile-graph.ts';
import { hasUnsafeChars } from './terminal-safe.ts';

// Thread ids with a screen clear and a bidi override; what they are shown as.
const THREAD = 'x\x1b[2J\u202ey';
const SHOWN = 'x\\x1b[2J\\u202ey';
const QUOTED = `$'x\\x1b[2J\\xe2\\x80\\xaey'`;
const H = '\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07\\x9b31m\\u202e';
// Inside JSON text (formatValue), C0 characters are already JSON escapes; the rest are escaped for the terminal.
const HJ = '\\u001b[2J\\u001b[H\\u001b]0;pwned\\u0007\\x9b31m\\u202e';

/** No line of either stream holds a character a terminal would act on (newlines end lines). */
function expectSafe(result: MainResult): void {
  for (const line of [...result.stdout.split('\n'), ...result.stderr.split('\n')])
    expect(hasUnsafeChars(line), JSON.stringify(line)).toBe(false);
}

/** Ids and times replaced, keeping their width so tables stay aligned. */
const normalize = (text: string) => normalizeIds(text).replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, 'YYYY-MM-DD hh:mm:ssZ');

describe('terminal safety', () => {
  const cwd = tempDir();
  const graph = projectModule(cwd, join(FIXTURES, 'hostile-graph.ts'));
  const agent = projectModule(cwd, join(FIXTURES, 'hostile-agent.ts'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('a graph run: the header, events, interrupt info and the resume command', async () => {
    const run = await runMain(['run', graph, '--query', 'hi \x1b[31m', `--thread=${THREAD}`], cwd);
    expectSafe(run);
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread ${SHOWN} · graph hostile · store sqlite .weft/weft.db
step 1: echo
  echo emits {"note":"custom ${HJ}"}
  echo → hi \\x1b[31m ${H}
step 2: ask

interrupted · thread ${SHOWN} · seq 3, step 1 · 1 pending interrupt
  ask#0
    address  ask
    info     {"question":"approve ${HJ}?"}
resume with:
  weft resume --value '<json>' --interrupt 'ask#0' -- ${QUOTED}
`,
    });
  });

  it('a failing resume: the error event, the error line and the hint', async () => {
    const failed = await runMain(['resume', '--value', '{"fail":true}', '--', THREAD], cwd);
    expectSafe(failed);
    expect({ ...failed, stdout: normalize(failed.stdout) }).toEqual({
      code: 1,
      stdout: `thread ${SHOWN} · resuming checkpoint <id> (seq 3, step 1, interrupted) · store sqlite .weft/weft.db
step 2: ask
  error in ask: NODE_FAILED: node "ask" failed after 1 attempt: refused ${H}\\nsecond line
`,
      stderr: `weft: the run failed: NODE_FAILED: node "ask" failed after 1 attempt: refused ${H}; second line
hint: fix the cause, then continue from the last checkpoint: weft resume -- ${QUOTED}
`,
    });
  });

  it('an agent: its text, tool call, approval, tool result and streamed answer', async () => {
    const run = await runMain(['run', agent, '--query', 'go', '--thread', 'a1'], cwd);
    expectSafe(run);
    expect(run.stdout).toBe(`thread a1 · agent Wiper · store sqlite .weft/weft.db
[Wiper] Wiper
  about to ${H}
  call wipe({"how":"${HJ}"})

interrupted · thread a1 · seq 4, step 2 · 1 pending interrupt
  agent:Wiper/tool:wipe:call_1_0#0
    address  agent:Wiper/tool:wipe:call_1_0
    info     {"tool":"wipe","arguments":{"how":"${HJ}"}}
    answer   {"approved":true} runs wipe; {"approved":false,"reason":"…"} refuses it
resume with:
  weft resume --value '{"approved":true}' --interrupt 'agent:Wiper/tool:wipe:call_1_0#0' -- a1
`);
    const resumed = await runMain(['resume', '--value', '{"approved":true}', '--stream', '--', 'a1'], cwd);
    expectSafe(resumed);
    expect(normalize(resumed.stdout)).toBe(`thread a1 · resuming checkpoint <id> (seq 4, step 2, interrupted) · store sqlite .weft/weft.db
[Wiper] Wiper
  result wipe: wiped ${H}
  all clean ${H}
  next line 😀

done · thread a1 · seq 7, step 4
`);
  });

  it('the tables of history and threads, and an unknown thread', async () => {
    const history = await runMain(['history', '--', THREAD], cwd);
    expectSafe(history);
    expect(normalize(history.stdout).split('\n')[0]).toBe(`thread ${SHOWN} · 5 checkpoints · hostile-graph.ts (export graph)`);
    const threads = await runMain(['threads'], cwd);
    expectSafe(threads);
    // The version column: graphs without a label show the first 8 characters of their structure hash.
    const rows = (JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as { threads: { graph: { hash: string } }[] }).threads;
    const [agentHash, graphHash] = rows.map((t) => t.graph.hash.slice(0, 8));
    expect(normalize(threads.stdout))
      .toBe(`thread           status               seq  step  version   updated               running by  module
a1               done                   7     4  ${agentHash}  YYYY-MM-DD hh:mm:ssZ  -           hostile-agent.ts
${SHOWN}  error (NODE_FAILED)    5     1  ${graphHash}  YYYY-MM-DD hh:mm:ssZ  -           hostile-graph.ts
`);
    const unknown = await runMain(['history', '--', `${THREAD}z`], cwd);
    expectSafe(unknown);
    expect(unknown.stderr.split('\n')[0]).toBe(`weft: thread "${SHOWN}z" not found in sqlite .weft/weft.db`);
  });

  it('--json escapes them as \\u escapes, and each line parses back to the exact data', async () => {
    const run = await runMain(['run', graph, '--query', 'hi', '--thread=j1', '--json'], cwd);
    expectSafe(run);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { event?: { type: string; output?: unknown }; result?: { interrupts: { info: unknown }[] } });
    expect(lines.find((l) => l.event?.type === 'node.end')?.event?.output).toBe(`hi ${HOSTILE}`);
    expect(lines.at(-1)?.result?.interrupts[0]?.info).toEqual({ question: `approve ${HOSTILE}?` });
    const threads = await runMain(['threads', '--json'], cwd);
    expectSafe(threads);
    expect((JSON.parse(threads.stdout) as { threads: { threadId: string }[] }).threads.map((t) => t.threadId)).toContain(THREAD);
  });
});
