/**
 * What tracing costs (`pnpm bench:otel`): the same runs with no
 * instrumentation, with `otelInstrumentation()` and no tracer provider (the
 * OpenTelemetry API's no-op: what an application that has not set up tracing
 * pays), and with a recording provider and an in-memory exporter (every span
 * kept). Per step, median µs over runs of a 200-node chain of trivial nodes
 * and of a ReAct agent (10 model calls, 9 tool calls); the cases take turns
 * run by run, after warm-up runs.
 *
 *   pnpm bench:otel [--runs 400] [--quick]
 */
import { parseArgs } from 'node:util';
import { chatModelAgent, Runner, tool, type Agent } from '@weft/agents';
import { END, START, graph, type Instrumentation } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { otelInstrumentation } from '@weft/otel';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

const { values } = parseArgs({ options: { runs: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const runs = Number(values.runs ?? (values.quick ? 60 : 400));
const WARMUP = Math.max(20, runs / 10);
const NODES = 200;

function chain() {
  let g = graph<number, number>({ name: 'chain' });
  for (let i = 0; i < NODES; i++) g = g.addNode(`n${i}`, (x: number) => x + 1);
  g = g.addEdge(START, 'n0');
  for (let i = 1; i < NODES; i++) g = g.addEdge(`n${i - 1}`, `n${i}`);
  return g.addEdge(`n${NODES - 1}`, END).compile();
}

/** Calls `echo` until it has 9 results in its history, then answers: the same 10 model calls on every run. */
function react(): Agent {
  const echo = tool({
    name: 'echo',
    description: 'echoes',
    parameters: { type: 'object', properties: { n: { type: 'number' } } } as const,
    execute: ({ n }) => `echo ${String(n)}`,
  });
  const model = scriptedModel(
    [
      (messages) => {
        const done = messages.filter((m) => m.role === 'tool').length;
        return done < 9
          ? { toolCalls: [{ id: `c${done}`, name: 'echo', arguments: { n: done } }], usage: { inputTokens: 10, outputTokens: 2 } }
          : { text: 'done', finishReason: 'stop' };
      },
    ],
    { name: 'bench-model', repeatLast: true },
  );
  return chatModelAgent({ name: 'Looper', description: 'loops', model, tools: [echo] });
}

const exporter = new InMemorySpanExporter();
const recording = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('bench');
const cases: [string, Instrumentation[] | undefined][] = [
  ['no instrumentation', undefined],
  ['otelInstrumentation(), no provider (no-op)', [otelInstrumentation()]],
  ['otelInstrumentation(), in-memory exporter', [otelInstrumentation({ tracer: recording })]],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function measure(label: string, once: (inst: Instrumentation[] | undefined) => Promise<number>) {
  const times = cases.map(() => [] as number[]);
  let steps = 0;
  for (let i = 0; i < WARMUP + runs; i++)
    for (const [c, [, inst]] of cases.entries()) {
      const t0 = process.hrtime.bigint();
      steps = await once(inst);
      const us = Number(process.hrtime.bigint() - t0) / 1e3;
      exporter.reset();
      if (i >= WARMUP) times[c]!.push(us / steps);
    }
  const base = median(times[0]!);
  console.log(`\n#### ${label}: ${steps} steps a run, median of ${runs} runs, µs per step\n`);
  console.log('| case | µs per step | over no instrumentation |');
  console.log('| --- | ---: | ---: |');
  for (const [c, [name]] of cases.entries()) {
    const m = median(times[c]!);
    console.log(`| ${name} | ${m.toFixed(2)} | ${c === 0 ? '—' : `${m - base >= 0 ? '+' : ''}${(m - base).toFixed(2)} µs`} |`);
  }
}

const g = chain();
await measure(`A chain of ${NODES} trivial nodes, no store`, async (instrumentation) => {
  const r = await g.run(0, instrumentation ? { instrumentation } : {});
  if (r.status !== 'done' || r.output !== NODES) throw new Error('chain run failed');
  return r.steps;
});
const runners = new Map(cases.map(([, inst]) => [inst, new Runner({ agent: react(), ...(inst ? { instrumentation: inst } : {}) })]));
// The agent's graph steps a run, counted once from its events.
let agentSteps = 0;
const counter: Instrumentation = { startRun: () => ({ types: new Set(['step.start']), event: () => void agentSteps++, end: () => {} }) };
await new Runner({ agent: react(), instrumentation: [counter] }).query('go');
await measure('A ReAct agent, 10 model calls and 9 tool calls, no store', async (instrumentation) => {
  const r = await runners.get(instrumentation)!.query('go');
  if (r.status !== 'done') throw new Error('agent run failed');
  return agentSteps;
});
