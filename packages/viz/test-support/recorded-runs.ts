/**
 * Real recorded runs for the viewer's tests: the support example (a run that
 * stops on a refund approval, then its resume, in one log) and a tiny agent
 * whose tool and instruction carry markup that must never run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatModelAgent, Runner, tool } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';

/** A fresh folder for run logs. */
export function tempDir(prefix = 'weft-viz-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Records the support example into `path`: the run (interrupted on the refund),
 * then its approved resume. The agent tree of support.ts, always on its scripted
 * models (support.ts picks a real model when OPENAI_* is set): offline, same run every time.
 */
export async function recordSupportRun(path: string): Promise<Runner> {
  const runner = new Runner({ agent: supportAgent(scriptedSupportModels()), store: new MemoryStore() });
  const first = await runner.query(exampleQuery, { sessionValues: { company: 'Acme' }, threadId: 't', record: path });
  if (first.status !== 'interrupted' || !first.checkpointId)
    throw new Error(`the support run should stop on the refund, got ${first.status}`);
  const done = await runner.resume(first.checkpointId, { resume: { [first.interrupts[0]!.id]: { approved: true } }, record: path });
  if (done.status !== 'done') throw new Error(`the resumed support run should finish, got ${done.status}`);
  return runner;
}

/** Markup that would set `window.__xss` if a viewer ever parsed data as HTML. */
export const XSS_PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
export const XSS_DESCRIPTION = 'Echoes text. </script><img src=x onerror="window.__xss=3">';

/** Records a one-tool agent whose tool result, final answer, tool description and instruction hold XSS payloads. */
export async function recordXssRun(path: string): Promise<Runner> {
  const echo = tool<{ text: string }>({
    name: 'echo',
    description: XSS_DESCRIPTION,
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: () => XSS_PAYLOAD,
  });
  const model = scriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: `The tool said: ${XSS_PAYLOAD}` }]);
  const agent = chatModelAgent({
    name: 'Echo',
    description: 'Calls echo.',
    instruction: '<svg onload="window.__xss=4"></svg> Use echo.',
    model,
    tools: [echo],
  });
  const runner = new Runner({ agent });
  const res = await runner.query('Say it.', { record: path });
  if (res.status !== 'done') throw new Error(`the echo run should finish, got ${res.status}`);
  return runner;
}
