import { MemoryStore } from '@weft/graph';
import { ModelError, scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { agentTool, chatModelAgent, parallel, Runner, sequential, tool, type Agent } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const call = (name: string, args: Record<string, unknown> = {}, id = 'c1'): ScriptItem => ({ toolCalls: [{ name, arguments: args, id }] });

/** A tool that counts its executions. */
function counted(name: string) {
  const runs: string[] = [];
  const t = tool({ name, description: '', parameters: { type: 'object' }, execute: () => (runs.push(name), `${name} ok`) });
  return { tool: t, runs };
}

function agent(name: string, script: ScriptItem[], extra: Partial<Parameters<typeof chatModelAgent>[0]> = {}) {
  const model = scriptedModel(script, { name });
  return { agent: chatModelAgent({ name, description: `${name} agent`, model, ...extra }), model };
}

async function headStatus(store: MemoryStore, threadId: string | undefined) {
  return (await store.threads()).find((t) => t.threadId === threadId)?.status;
}

describe('an agent that fails leaves its thread failed, and resuming continues from the failed step', () => {
  it('a model error: the head is "error"; a resume calls the model again and goes on, without repeating the tool call or the earlier agent', async () => {
    const store = new MemoryStore();
    const lookup = counted('lookup');
    const a = agent('A', [call('lookup'), { error: new Error('503 from the model server') }, { text: 'A done' }], { tools: [lookup.tool] });
    const b = agent('B', [{ text: 'B done' }]);
    const runner = new Runner({ agent: sequential({ name: 'S', description: '', subAgents: [a.agent, b.agent] }), store });
    const failed = await runner.query('go', { threadId: 't' });
    expect(failed).toMatchObject({ status: 'error', error: { code: 'MODEL_FAILED', cause: { message: '503 from the model server' } } });
    expect(summarize(failed.events)).toEqual([
      'A [S,A] | assistant:  → lookup({})',
      'A [S,A] | tool lookup: lookup ok',
      'A [S,A] | ERROR MODEL_FAILED',
    ]);
    expect(await headStatus(store, 't')).toBe('error');
    const resumed = await runner.resume(failed.checkpointId!);
    expect(resumed.status).toBe('done');
    expect(summarize(resumed.events)).toEqual(['A [S,A] | assistant: A done', 'B [S,A,B] | assistant: B done']);
    expect(lookup.runs).toEqual(['lookup']);
    expect(a.model.calls).toHaveLength(3);
    expect(a.model.calls[2]!.messages).toEqual(a.model.calls[1]!.messages);
    expect(b.model.calls).toHaveLength(1);
    expect(await headStatus(store, 't')).toBe('done');
  });

  it('in a parallel, the others finish; the resume runs only the failed child again', async () => {
    const store = new MemoryStore();
    const work = counted('work');
    const bad = agent('Bad', [{ error: new Error('down') }, { text: 'Bad recovered' }]);
    const good = agent('Good', [call('work'), { text: 'Good done' }], { tools: [work.tool] });
    const after = agent('After', [{ text: 'After done' }]);
    const sys = sequential({
      name: 'S',
      description: '',
      subAgents: [parallel({ name: 'P', description: '', subAgents: [bad.agent, good.agent] }), after.agent],
    });
    const runner = new Runner({ agent: sys, store });
    const failed = await runner.query('go', { threadId: 't' });
    expect(failed.status).toBe('error');
    expect(summarize(failed.events).sort()).toEqual([
      'Bad [S,P,Bad] | ERROR MODEL_FAILED',
      'Good [S,P,Good] | assistant:  → work({})',
      'Good [S,P,Good] | assistant: Good done',
      'Good [S,P,Good] | tool work: work ok',
    ]);
    expect(after.model.calls).toHaveLength(0);
    expect(await headStatus(store, 't')).toBe('error');
    const resumed = await runner.resume(failed.checkpointId!);
    expect(summarize(resumed.events)).toEqual(['Bad [S,P,Bad] | assistant: Bad recovered', 'After [S,P,After] | assistant: After done']);
    expect(good.model.calls).toHaveLength(2);
    expect(work.runs).toEqual(['work']);
    expect(bad.model.calls).toHaveLength(2);
  });

  it('a tool that cannot be reached (TOOL_UNAVAILABLE) stops the run instead of telling the model; the resume calls it again', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    let up = false;
    const remote = tool({
      name: 'remote',
      description: 'a tool on a server that may be gone',
      parameters: { type: 'object' },
      execute: (_args, ctx) => {
        calls.push(ctx.idempotencyKey);
        if (!up) throw Object.assign(new Error('the tool server closed the connection'), { code: 'TOOL_UNAVAILABLE' });
        return 'remote ok';
      },
    });
    const a = agent('A', [call('remote'), { text: 'A done' }], { tools: [remote] });
    const runner = new Runner({ agent: a.agent, store });
    const failed = await runner.query('go', { threadId: 'u' });
    expect(failed).toMatchObject({ status: 'error', error: { code: 'NODE_FAILED', cause: { code: 'TOOL_UNAVAILABLE' } } });
    expect(summarize(failed.events)).toEqual(['A [A] | assistant:  → remote({})', 'A [A] | ERROR NODE_FAILED']);
    expect(a.model.calls).toHaveLength(1); // the model never saw the failure
    up = true;
    const resumed = await runner.resume(failed.checkpointId!);
    expect(resumed.status === 'done' && resumed.finalOutput).toBe('A done');
    expect(summarize(resumed.events)).toEqual(['A [A] | tool remote: remote ok', 'A [A] | assistant: A done']);
    // The call was made again with the same idempotency key.
    expect(calls).toEqual(['u/agent:A/1.1/c1', 'u/agent:A/1.1/c1']);
  });

  it('a missing instruction value: the head is "error"; resuming with the session value continues', async () => {
    const store = new MemoryStore();
    const a = agent('A', [{ text: 'Hello Ann' }], { instruction: 'Greet {user}.' });
    const runner = new Runner({ agent: a.agent, store });
    const failed = await runner.query('hi', { threadId: 't' });
    expect(failed).toMatchObject({ status: 'error', error: { code: 'INSTRUCTION_KEY_MISSING' } });
    expect(summarize(failed.events)).toEqual(['A [A] | ERROR INSTRUCTION_KEY_MISSING']);
    expect(a.model.calls).toHaveLength(0);
    expect(await headStatus(store, 't')).toBe('error');
    const resumed = await runner.resume(failed.checkpointId!, { sessionValues: { user: 'Ann' } });
    expect(resumed).toMatchObject({ status: 'done', sessionValues: { user: 'Ann' } });
    expect(a.model.calls[0]!.messages[0]).toEqual({ role: 'system', content: 'Greet Ann.' });
  });

  it('maxIterations exceeded: the head is "error"; the same agent with a larger limit resumes the thread', async () => {
    const store = new MemoryStore();
    const step = counted('step');
    const build = (maxIterations: number, script: ScriptItem[]) => agent('A', script, { tools: [step.tool], maxIterations });
    const tight = build(2, [call('step', {}, 'c1'), call('step', {}, 'c2')]);
    const failed = await new Runner({ agent: tight.agent, store }).query('go', { threadId: 't' });
    expect(failed).toMatchObject({ status: 'error', error: { code: 'MAX_ITERATIONS_EXCEEDED' } });
    expect(summarize(failed.events).at(-1)).toBe('A [A] | ERROR MAX_ITERATIONS_EXCEEDED');
    expect(await headStatus(store, 't')).toBe('error');
    // The module is fixed (a larger limit) and the process restarted: the model's next answer comes from a new model.
    const roomy = build(5, [{ text: 'finished' }]);
    const resumed = await new Runner({ agent: roomy.agent, store }).resume(failed.checkpointId!);
    expect(resumed.status).toBe('done');
    expect(summarize(resumed.events)).toEqual(['A [A] | assistant: finished']);
    expect(step.runs).toEqual(['step', 'step']);
  });

  it('an agent used as a tool that fails is a tool error for its caller’s model; with toolErrors "throw" the run fails', async () => {
    const build = (extra: Partial<Parameters<typeof chatModelAgent>[0]>) => {
      const inner = agent('Inner', [{ error: new Error('inner model down') }]);
      const model = scriptedModel([call('Inner', { request: 'help' }), { text: 'sorry, no help' }], { name: 'outer' });
      return {
        model,
        agent: chatModelAgent({ name: 'Outer', description: '', model, tools: [agentTool(inner.agent)], ...extra }) as Agent,
      };
    };
    const lenient = build({});
    const done = await new Runner({ agent: lenient.agent }).query('go');
    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual([
      'Outer [Outer] | assistant:  → Inner({"request":"help"})',
      'Outer [Outer] | tool Inner: Error: Inner failed: agent "Inner": inner model down | ERROR TOOL_FAILED',
      'Outer [Outer] | assistant: sorry, no help',
    ]);
    expect(done.events[1]!.error).toMatchObject({ code: 'TOOL_FAILED', cause: { code: 'MODEL_FAILED' } });
    expect(lenient.model.calls[1]!.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Error: Inner failed: agent "Inner": inner model down',
    });

    const store = new MemoryStore();
    const strict = await new Runner({ agent: build({ toolErrors: 'throw' }).agent, store }).query('go', { threadId: 's' });
    expect(strict).toMatchObject({ status: 'error', error: { code: 'TOOL_FAILED' } });
    expect(summarize(strict.events).filter((s) => s.includes('ERROR'))).toEqual(['Outer [Outer] | ERROR TOOL_FAILED']);
    expect(await headStatus(store, 's')).toBe('error');
  });
});

describe("a model error's retryable flag stays on the agent's error", () => {
  it('MODEL_FAILED is retryable: false for a 401, true for a 503, and unmarked for an error without the flag', async () => {
    const cases = [
      [new ModelError('MODEL_AUTH', 'HTTP 401', { details: { status: 401 } }), false],
      [new ModelError('MODEL_SERVER_ERROR', 'HTTP 503', { details: { status: 503 } }), true],
      [new Error('model down'), undefined],
    ] as const;
    for (const [error, retryable] of cases) {
      const failed = await new Runner({ agent: agent('A', [{ error }]).agent }).query('go');
      expect(failed).toMatchObject({ status: 'error', error: { code: 'MODEL_FAILED' } });
      // The agent's error event is the AgentError the model node threw (what a node retry policy sees), as JSON.
      const event = failed.events.at(-1)?.error;
      expect([event?.code, event?.retryable, (event?.cause as { retryable?: boolean } | undefined)?.retryable]).toEqual([
        'MODEL_FAILED',
        retryable,
        retryable,
      ]);
    }
  });
});
