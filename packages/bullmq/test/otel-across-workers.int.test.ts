import { readFileSync } from 'node:fs';
import { WeftQueue } from '@weft/bullmq';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { otelClerk, REFUND_CALL, type RefundLine } from './fixtures/otel-clerk.ts';
import { connectionOf, createHarness, within, type Harness } from './support/harness.ts';
import { otlpReceiver, type ReceivedSpan } from './support/otlp-receiver.ts';
import { services, servicesDescribe } from './support/services.ts';
import { WorkerFleet } from './support/worker-fleet.ts';

type ClerkTargets = { clerk: ReturnType<typeof otelClerk> };

const GEN_AI = [
  'gen_ai.operation.name',
  'gen_ai.agent.name',
  'gen_ai.request.model',
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.response.finish_reasons',
  'gen_ai.tool.name',
  'gen_ai.tool.call.id',
];

/**
 * The spans depth first, each with its depth: children in start order. A
 * span whose parent never arrived is a root, so a broken parent link shows.
 */
function depthFirst(spans: readonly ReceivedSpan[]): { span: ReceivedSpan; depth: number }[] {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = (parent: string | undefined) =>
    spans
      .filter((s) => (ids.has(s.parentSpanId) ? s.parentSpanId : undefined) === parent)
      .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const out: { span: ReceivedSpan; depth: number }[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const span of children(parent)) {
      out.push({ span, depth });
      walk(span.spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return out;
}

/** The spans as an indented tree, one line per span: its name, `@` the process that sent it, its events' names. */
const spanTree = (spans: readonly ReceivedSpan[], sender: (s: ReceivedSpan) => string): string[] =>
  depthFirst(spans).map(
    ({ span: s, depth }) => `${'  '.repeat(depth)}${[s.name, `@${sender(s)}`, ...s.events.map((e) => `!${e.name}`)].join(' ')}`,
  );

servicesDescribe()('an agent run traced with OTLP, interrupted on worker process A and finished on worker process B', () => {
  let h: Harness;
  let collector: Awaited<ReturnType<typeof otlpReceiver>>;
  let fleet: WorkerFleet;
  let queue: WeftQueue<ClerkTargets>;
  let failed = false;

  beforeAll(async () => {
    collector = await otlpReceiver();
    h = await createHarness(services!, 'otel');
    fleet = new WorkerFleet({ ...h.fleet.env, WEFT_OTLP_URL: collector.url }, h.dir, 'test/fixtures/otel-worker-process.ts');
    queue = new WeftQueue<ClerkTargets>({ queue: h.tag, connection: connectionOf(services!.redisUrl), store: h.store });
  }, 30_000);

  afterAll(async () => {
    await fleet?.killAll();
    await queue?.close();
    await h?.dispose(failed);
    await collector?.close();
  }, 30_000);

  it("is one trace: B's resumed run is a child of A's run span, each process sent its own spans, the refund ran once", async () => {
    onTestFailed(() => void (failed = true));
    const a = fleet.start();
    await a.ready;
    const threadId = `${h.tag}-t`;
    const job = await queue.run('clerk', 'Refund A-7', { threadId });
    const paused = await within(15_000, 'the run to its interrupt', job.result());
    const approval = 'agent:Clerk/tool:refund:r1#0';
    expect([paused.status, paused.interrupts.map((i) => [i.id, i.info])]).toEqual([
      'interrupted',
      [[approval, { tool: 'refund', arguments: REFUND_CALL.arguments }]],
    ]);
    // A closes its worker, then its tracer provider, which sends the spans it still batches.
    expect(await a.stop()).toMatchObject({ code: 0, signal: null });
    const fromA = collector.spans.length;

    const b = fleet.start();
    await b.ready;
    const resumed = await queue.resume('clerk', { threadId, resume: { [approval]: { approved: true } } });
    const done = await within(15_000, 'the resume', resumed.result());
    expect(done.status === 'done' && done.finalOutput).toBe('Refunded: 30 EUR back for A-7');
    expect(await b.stop()).toMatchObject({ code: 0, signal: null });

    const spans = collector.spans;
    const sender = (s: ReceivedSpan) => (s.sender === `worker-${a.pid}` ? 'A' : s.sender === `worker-${b.pid}` ? 'B' : s.sender);
    // Everything A sent arrived before B started; B sent the rest.
    expect(spans.slice(0, fromA).every((s) => sender(s) === 'A')).toBe(true);
    expect(spans.slice(fromA).every((s) => sender(s) === 'B')).toBe(true);

    // One trace, with one root: A's run. The local interrupt + resume tree, each span from the process that ran its part.
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    expect(spans.filter((s) => s.parentSpanId === '').map((s) => `${s.name} @${sender(s)}`)).toEqual(['run agents:Clerk @A']);
    expect(spanTree(spans, sender)).toEqual([
      'run agents:Clerk @A !interrupt',
      '  step 1 @A',
      '    node run:start @A',
      '  invoke_agent Clerk @A',
      '    chat clerk-model @A',
      '    execute_tool refund @A',
      '  run agents:Clerk @B',
      '    invoke_agent Clerk @B',
      '      execute_tool refund @B',
      '      chat clerk-model @B',
    ]);

    // The resumed run's span is a child of the first run's (thread-trace.ts: the kept span is its parent), not a link.
    const ordered = depthFirst(spans).map((d) => d.span);
    const [first, second] = ordered.filter((s) => s.name === 'run agents:Clerk');
    expect(second!.parentSpanId).toBe(first!.spanId);
    expect(spans.flatMap((s) => s.links)).toEqual([]);
    expect(first!.attributes).toMatchObject({
      'weft.thread.id': threadId,
      'gen_ai.conversation.id': threadId,
      'weft.run.status': 'interrupted',
    });
    expect(second!.attributes).toMatchObject({
      'weft.thread.id': threadId,
      'weft.run.status': 'done',
      'weft.run.resumed_from': paused.checkpointId!.split('::')[1],
    });
    expect(second!.attributes['weft.run.id']).not.toBe(first!.attributes['weft.run.id']);
    expect(spans.flatMap((s) => s.events.map((e) => [s.name, sender(s), e.name, e.attributes]))).toEqual([
      ['run agents:Clerk', 'A', 'interrupt', { 'weft.interrupt.ids': [approval] }],
    ]);

    // The GenAI attributes of the agent, model and tool spans, in the tree's order.
    const genAi = (s: ReceivedSpan) => Object.fromEntries(GEN_AI.filter((k) => k in s.attributes).map((k) => [k, s.attributes[k]]));
    const operations = ordered.filter((s) => /^(invoke_agent|chat|execute_tool) /.test(s.name));
    const agent = { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Clerk', 'gen_ai.request.model': 'clerk-model' };
    const chat = { 'gen_ai.operation.name': 'chat', 'gen_ai.agent.name': 'Clerk', 'gen_ai.request.model': 'clerk-model' };
    const refund = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.agent.name': 'Clerk',
      'gen_ai.tool.name': 'refund',
      'gen_ai.tool.call.id': 'r1',
    };
    expect(operations.map((s) => [s.name, sender(s), genAi(s)])).toEqual([
      ['invoke_agent Clerk', 'A', agent],
      [
        'chat clerk-model',
        'A',
        { ...chat, 'gen_ai.usage.input_tokens': 25, 'gen_ai.usage.output_tokens': 9, 'gen_ai.response.finish_reasons': ['tool_calls'] },
      ],
      ['execute_tool refund', 'A', refund],
      ['invoke_agent Clerk', 'B', agent],
      ['execute_tool refund', 'B', refund],
      [
        'chat clerk-model',
        'B',
        { ...chat, 'gen_ai.usage.input_tokens': 40, 'gen_ai.usage.output_tokens': 6, 'gen_ai.response.finish_reasons': ['stop'] },
      ],
    ]);

    // The refund was paid once, by B, after the approval.
    const paid = readFileSync(h.journal, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RefundLine);
    expect(paid).toEqual([{ pid: b.pid, order: 'A-7', amount: 30 }]);

    expect(await h.leftovers()).toEqual({});
  }, 30_000);
});
