import type { NodeGuardrails, GuardrailEvent, GuardrailStage } from '../spec/guardrail.ts';
import { guardrailEvents } from '../spec/guardrail.ts';
import { applyGuardrails, type GuardrailRun } from './apply-guardrails.ts';
import { ReleaseGate } from './release-gate.ts';
import { emit, type RunScope, type Task } from './run-scope.ts';

/**
 * A node's guardrails at run time (`addNode(…, { guardrails })`): its input
 * checked before it runs, its output after, and a streaming node's chunks
 * held until the output guardrails passed the text so far. Only nodes that
 * have guardrails come here: the step of a node without them never does.
 */
export function guardNodeInput(scope: RunScope, task: Task, step: number, input: unknown, signal: AbortSignal): Promise<unknown> {
  const list = task.node.options.guardrails!.input!;
  return applyGuardrails(list, input, runOf(scope, task, step, 'input', true, signal));
}

/** The node's (drained) output, through its output guardrails. */
export function guardNodeOutput(scope: RunScope, task: Task, step: number, output: unknown, signal: AbortSignal): Promise<unknown> {
  const list = outputList(task);
  return list.length ? applyGuardrails(list, output, runOf(scope, task, step, 'output', true, signal)) : Promise.resolve(output);
}

/**
 * Drains a streaming node whose output has guardrails: each chunk waits in a
 * ReleaseGate until the text so far passed them, then becomes a `node.chunk`
 * event; the last window is checked with the whole output (whose rewrite is
 * the node's output, its held chunks dropped). A trip drops what is held and
 * fails the node; no chunk of the rejected window is ever emitted.
 */
export async function drainGuarded(
  scope: RunScope,
  task: Task,
  step: number,
  stream: AsyncIterable<unknown>,
  signal: AbortSignal,
  concat: (chunks: readonly unknown[]) => unknown,
): Promise<unknown> {
  const { node } = task;
  const list = outputList(task);
  const gate = new ReleaseGate<unknown>({
    every: node.options.guardrails!.releaseEvery ?? 'sentence',
    textOf: (c) => (typeof c === 'string' ? c : ''),
    check: async (text) => {
      const partial = runOf(scope, task, step, 'output', false, signal);
      const report = partial.report;
      // A rewrite of a partial text is not reported: the whole output's check decides what replaces it.
      if (report) partial.report = (e) => e.action !== 'rewrite' && report(e);
      return (await applyGuardrails(list, text, partial)) === text;
    },
    release: (chunk) => {
      if (scope.hub.wants('node.chunk')) emit(scope, step, { type: 'node.chunk', node: node.name, key: task.key, chunk });
    },
    released: (heldChars, heldMs) =>
      report(scope, task, step, { name: list.map((g) => g.name).join(', '), stage: 'output', action: 'release', heldChars, heldMs }),
  });
  const chunks: unknown[] = [];
  for await (const chunk of stream) {
    if (signal.aborted) throw signal.reason;
    chunks.push(chunk);
    gate.push(chunk);
    if (gate.failure) throw gate.failure.error;
  }
  await gate.settled();
  if (gate.failure) throw gate.failure.error;
  const output = concat(chunks);
  let checked: unknown;
  try {
    checked = await applyGuardrails(list, output, runOf(scope, task, step, 'output', true, signal));
  } catch (err) {
    gate.drop();
    throw err;
  }
  if (checked === output) gate.flush();
  else gate.drop();
  return checked;
}

function outputList(task: Task): NonNullable<NodeGuardrails['output']> {
  return task.node.options.guardrails?.output ?? [];
}

function runOf(scope: RunScope, task: Task, step: number, stage: GuardrailStage, final: boolean, signal: AbortSignal): GuardrailRun {
  return {
    stage,
    final,
    signal,
    node: task.node.name,
    threadId: scope.threadId,
    budget: scope.budget,
    report: scope.hub.wants('node.custom') ? (e) => report(scope, task, step, e) : undefined,
  };
}

function report(scope: RunScope, task: Task, step: number, data: GuardrailEvent): void {
  if (scope.hub.wants('node.custom'))
    emit(scope, step, { type: 'node.custom', node: task.node.name, key: task.key, channel: guardrailEvents.name, data });
}
