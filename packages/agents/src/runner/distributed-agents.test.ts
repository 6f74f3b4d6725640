import { scriptedModel } from '@weft/models';
import {
  MemoryStore,
  decodeValue,
  encodeValue,
  type AnyCompiledGraph,
  type DispatchBatch,
  type TaskDispatcher,
  type TaskResult,
} from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, parallel, Runner, sequential, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/** Runs every dispatched task on `remote` after a round trip through the wire encoding (encodeValue), as a queue of workers would; records the node names. */
class LoopbackDispatcher implements TaskDispatcher {
  readonly nodes: string[][] = [];
  constructor(private readonly remote: AnyCompiledGraph) {}
  async dispatch(batch: DispatchBatch): Promise<TaskResult[]> {
    this.nodes.push(batch.tasks.map((t) => t.node));
    const { tasks, ...base } = wire(batch);
    return Promise.all(tasks.map(async (task) => wire(await this.remote.runTask({ ...base, task }))));
  }
}

const wire = <T>(value: T): T => decodeValue(encodeValue(value), 'wire') as T;

/** Two researchers side by side (one calls a tool), then a writer: the agent system a test process and a "worker" both build. */
function system(toolCalls: string[]) {
  const lookup = tool({
    name: 'lookup',
    description: 'looks a topic up',
    parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } as const,
    execute: ({ topic }, ctx) => (toolCalls.push(`${topic} ${ctx.idempotencyKey}`), `facts about ${topic}`),
  });
  const researcher = (name: string, script: Parameters<typeof scriptedModel>[0], tools = [lookup]) =>
    chatModelAgent({ name, description: name, model: scriptedModel(script, { name }), tools });
  return sequential({
    name: 'report',
    description: '',
    subAgents: [
      parallel({
        name: 'research',
        description: '',
        subAgents: [
          researcher('A', [{ toolCalls: [{ name: 'lookup', arguments: { topic: 'tides' }, id: 'c1' }] }, { text: 'A found tides' }]),
          researcher('B', [{ text: 'B found moons' }], []),
        ],
      }),
      researcher('W', [{ text: 'W wrote the report' }], []),
    ],
  });
}

describe('distributed agents: Runner({ distribute }) sends model and tool steps to the dispatcher', () => {
  it('gives the events and result of a local run; only model and tool nodes leave, the parallel ones in one step', async () => {
    const localCalls: string[] = [];
    const local = await new Runner({ agent: system(localCalls), store: new MemoryStore() }).query('write a report', { threadId: 't' });

    const remoteCalls: string[] = [];
    const hereCalls: string[] = [];
    const worker = new Runner({ agent: system(remoteCalls), distribute: true });
    const dispatcher = new LoopbackDispatcher(worker.graph);
    const here = new Runner({ agent: system(hereCalls), store: new MemoryStore(), distribute: true });
    const away = await here.query('write a report', { threadId: 't', dispatcher });

    expect(away.status).toBe('done');
    expect(away.status === 'done' && away.finalOutput).toBe('W wrote the report');
    expect(summarize(away.events)).toEqual(summarize(local.events));
    // The tool ran on the worker, once, with the key a local run gives it.
    expect(hereCalls).toEqual([]);
    expect(remoteCalls).toEqual(localCalls);
    expect(remoteCalls).toHaveLength(1);
    // The two researchers' first model calls were one step's batch; routing nodes never left.
    const kinds = new Set(dispatcher.nodes.flat().map((n) => here.graph.toJSON().nodes.find((x) => x.id === n)?.kind));
    expect(kinds).toEqual(new Set(['chat-model', 'tools']));
    expect(dispatcher.nodes.some((b) => b.length === 2)).toBe(true);
  });

  it('a tool approval asked on a worker is answered by a resume; the tool runs once, on the worker', async () => {
    const paid: string[] = [];
    const billing = () =>
      chatModelAgent({
        name: 'Billing',
        description: 'refunds',
        model: scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { amount: 40 }, id: 'r1' }] }, { text: 'refunded 40' }], {
          name: 'b',
        }),
        tools: [
          tool({
            name: 'refund',
            description: 'refunds an amount',
            parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } as const,
            needsApproval: true,
            execute: ({ amount }, ctx) => (paid.push(`${amount} ${ctx.idempotencyKey}`), `refunded ${amount}`),
          }),
        ],
      });
    const dispatcher = new LoopbackDispatcher(new Runner({ agent: billing(), distribute: true }).graph);
    const runner = new Runner({ agent: billing(), store: new MemoryStore(), distribute: true });
    const first = await runner.query('refund order 7', { threadId: 'b1', dispatcher });
    expect(first.status).toBe('interrupted');
    if (first.status !== 'interrupted') return;
    expect(first.interrupts.map((i) => i.id)).toEqual(['agent:Billing/tool:refund:r1#0']);
    expect(paid).toEqual([]);
    const done = await runner.resume(first.checkpointId!, { resume: { [first.interrupts[0].id]: { approved: true } }, dispatcher });
    expect(done.status === 'done' && done.finalOutput).toBe('refunded 40');
    expect(paid).toEqual(['40 b1/agent:Billing/1.1/r1']);
  });
});
