// Type-checked, never run, by `tsc --noEmit` in the consumer project under
// strict NodeNext with skipLibCheck off: every .d.ts the packages publish (and
// those of their dependencies) must compile as a user's project sees them.
// `Equal` fails the build when an inferred type drifts; `@ts-expect-error`
// fails it when a mistake stops being caught.
import {
  END,
  MemoryStore,
  START,
  graph,
  interrupt,
  type CheckpointStore,
  type GraphEvent,
  type RunResult,
  type WeftError,
} from '@weft/graph';
import { WeftError as CommonWeftError, backoffDelay } from '@weft/common';
import { concurrentResume, decodeCheckpoint, type CheckpointErrorCode, type CheckpointStore as StoreContract } from '@weft/checkpoint';
import { checkpointStoreConformance, type ConformanceApi } from '@weft/checkpoint/conformance';
import { Runner, chatModelAgent, tool, type AgentEvent, type AgentRunResult, type Tool } from '@weft/agents';
import { assistantMessage, type ChatModel, type Message } from '@weft/chat-model';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { SqliteStore } from '@weft/store-sqlite';
import { PostgresStore } from '@weft/store-postgres';
import { toMermaid, type VizModel, vizModel } from '@weft/viz';
import { main } from '@weft/cli';
import { createMcpServer, mcpTools, type McpServer, type McpToolsOptions } from '@weft/mcp';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(): T => true as T;

// The builder's generics: a node's output is the next node's input.
const review = graph<string, { text: string; ok: boolean }, { drafts: number }>({ name: 'review', state: () => ({ drafts: 0 }) })
  .addNode('write', (topic: string, ctx) => {
    ctx.update((s) => void s.drafts++);
    return `On ${topic}`;
  })
  .addNode('approve', (text: string) => ({ text, ok: interrupt<boolean>({ text }) }))
  .addEdge(START, 'write')
  .addEdge('write', 'approve')
  .addEdge('approve', END)
  .compile({ store: new MemoryStore() });

graph<string, number>({ name: 'mismatch' })
  .addNode('len', (s: string) => s.length)
  .addNode('upper', (s: string) => s.toUpperCase())
  // @ts-expect-error a number does not travel into a node that takes a string
  .addEdge('len', 'upper');

export async function runReview(): Promise<string | undefined> {
  const res = await review.run('graphs', { threadId: 't1' });
  expectType<Equal<typeof res, RunResult<{ text: string; ok: boolean }, { drafts: number }>>>();
  expectType<Equal<typeof res.status, 'done' | 'interrupted' | 'error'>>();
  const drafts: number = res.state.drafts;
  for await (const _ev of review.run('again', { threadId: 't2' })) {
    expectType<Equal<typeof _ev, GraphEvent>>();
  }
  const done = await review.resume({ threadId: 't1', resume: { [res.interrupts[0]!.id]: true } });
  return `${drafts} ${done.output?.text}`;
}

// Tools infer their arguments from the type parameter; needsApproval sees them too.
const refund = tool<{ amount: number }>({
  name: 'refund',
  description: 'Refunds an amount.',
  parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  needsApproval: ({ amount }) => amount > 20,
  execute: ({ amount }, ctx) => `${ctx.idempotencyKey}: refunded ${amount.toFixed(2)}`,
});
expectType<Equal<typeof refund, Tool<{ amount: number }>>>();
tool<{ amount: number }>({
  name: 'bad',
  description: '',
  parameters: { type: 'object' },
  // @ts-expect-error amount is a number
  execute: ({ amount }: { amount: string }) => amount,
});

// A model of one's own implements the ChatModel contract.
const echo: ChatModel = {
  name: 'echo',
  async generate(messages: Message[]) {
    return assistantMessage(`you said: ${messages.at(-1)?.content ?? ''}`);
  },
  async *stream(messages: Message[]) {
    yield { content: `you said: ${messages.at(-1)?.content ?? ''}` };
  },
};
const script: ScriptItem[] = [{ toolCalls: [{ name: 'refund', arguments: { amount: 30 } }] }, { text: 'Done.' }];

// Every store is a CheckpointStore.
const stores: CheckpointStore[] = [
  new MemoryStore(),
  new SqliteStore({ path: ':memory:' }),
  new PostgresStore({ connectionString: 'postgres://localhost/x' }),
];

// The stores implement @weft/checkpoint's contract, which @weft/graph re-exports as the very same type.
expectType<Equal<CheckpointStore, StoreContract>>();
const contract: StoreContract[] = stores;

// @weft/graph's WeftError is @weft/common's class, with graph's codes as its default.
const lost = concurrentResume('t1', 3, 1);
expectType<Equal<typeof lost, CommonWeftError<CheckpointErrorCode>>>();
const asGraphError: WeftError = lost;
class CacheError extends CommonWeftError<'CACHE_DOWN'> {}
// @ts-expect-error a code outside the union the subclass gave
new CacheError('CACHE_MISS', 'gone');

// A store author's test runs the conformance suite with any runner's describe, it and expect.
export function storeSuite(api: ConformanceApi): string {
  checkpointStoreConformance('MemoryStore', () => contract[0]!, api);
  return `${asGraphError.code} ${backoffDelay({ jitter: false }, 2)}`;
}

export async function headStatus(store: StoreContract): Promise<string | undefined> {
  const head = await store.get('t1');
  return head && decodeCheckpoint(head.bytes, 'the head of t1').status;
}

export async function runAgent(): Promise<string> {
  const runner = new Runner({
    agent: chatModelAgent({ name: 'Billing', description: 'Refunds.', model: scriptedModel(script), tools: [refund] }),
    store: stores[1]!,
  });
  const run = runner.query('Refund my order', { threadId: 'b1' });
  for await (const ev of run) {
    expectType<Equal<typeof ev, AgentEvent>>();
    const runPath: string[] = ev.runPath;
    void runPath;
  }
  const paused = await run;
  expectType<Equal<typeof paused, AgentRunResult<string>>>();
  if (paused.status === 'done') expectType<Equal<typeof paused.finalOutput, string>>();
  const again = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
  const other = chatModelAgent({ name: 'Echo', description: 'Echoes.', model: echo });
  const model: VizModel = vizModel(new Runner({ agent: other }).graph);
  const code: number = await main(['--version']);
  return `${again.status} ${toMermaid(runner.graph).length} ${model.nodes.length} ${code}`;
}

// @weft/mcp's declarations compile under lib ES2023 alone (no DOM): its server type is Weft's own.
export async function mcpTypes(agent: Parameters<typeof createMcpServer>[0]): Promise<string[]> {
  const server: McpServer = createMcpServer(agent);
  void server;
  const options: McpToolsOptions = { command: 'node', args: ['server.mjs'] };
  const tools = await mcpTools(options);
  const names: string[] = tools.tools.map((t) => t.name);
  await tools.close();
  return names;
}
