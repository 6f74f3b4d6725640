import { TaskState, type Part } from '@a2a-js/sdk';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import { textOf, type AgentEvent, type RunTarget } from '@weft/agents';
import { LeaseKeeper, type CheckpointStore, type CheckpointView, type InterruptRecord, type WeftErrorJSON } from '@weft/graph';
import { messageInput, messageValue } from './message-input.ts';
import { TaskEvents, dataPart, textPart } from './task-events.ts';

/** Why a run failed or a task cannot go on: a Weft error's code and message. */
type RunError = { code: string; message: string };

/** How a run of the target ended, whatever its kind. */
type Outcome =
  | { status: 'done'; output: unknown; text: string | undefined }
  | { status: 'interrupted'; interrupts: readonly InterruptRecord[] }
  | { status: 'error'; error: RunError };

/**
 * Runs a Weft agent or graph for the SDK's request handler. A task's
 * context is a Weft thread (`a2a-<contextId>`): a later task in the same
 * context continues the conversation. An interrupt leaves the task
 * `input-required` with each interrupt's info and resume schema in a data
 * part; the client's next message on that task is the resume value (for
 * one interrupt the value itself, for several `{ [id]: value }`), and a
 * value the schema refuses leaves it input-required with the reason.
 * What a task waits on is read from its thread's head checkpoint, not kept
 * in memory: with a durable checkpoint store and task store, a server
 * started after a restart answers a task the previous one left waiting.
 * Cancelling asks the run's lease to stop (LeaseKeeper.requestStop): the
 * run ends at its next step boundary with RUN_STOPPED, every finished step
 * checkpointed, rather than being aborted in the middle of a model or tool
 * call whose side effects would then be unknown.
 */
export class WeftExecutor implements AgentExecutor {
  readonly #running = new Map<string, string>();

  constructor(
    private readonly target: RunTarget,
    private readonly store: CheckpointStore,
    private readonly sessionValues: Record<string, unknown> = {},
  ) {}

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const events = new TaskEvents(bus, request.taskId, request.contextId);
    const threadId = `a2a-${request.contextId}`;
    events.task(request.userMessage, request.task);
    const input = messageInput(request.userMessage);
    const head = request.task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED ? await this.#waitingHead(threadId) : undefined;
    if (head && 'error' in head) return this.#publish({ status: 'error', error: head.error }, undefined, events);
    const waiting = head?.interrupts;
    const values = waiting && resumeValues(messageValue(input), waiting);
    if (values && 'error' in values) return void events.status(TaskState.TASK_STATE_INPUT_REQUIRED, interruptParts(waiting!, values.error));
    events.status(TaskState.TASK_STATE_WORKING);
    this.#running.set(request.taskId, threadId);
    try {
      const outcome = values ? await this.#resume(threadId, head!.id, values.values, events) : await this.#start(threadId, input, events);
      this.#publish(outcome, waiting, events);
    } finally {
      this.#running.delete(request.taskId);
    }
  };

  /**
   * The head checkpoint of the thread an input-required task runs on, with
   * the interrupts it waits on; an error when it cannot be read or waits on
   * nothing (the thread went on without this task, or its store was emptied).
   */
  async #waitingHead(threadId: string): Promise<{ id: string; interrupts: readonly InterruptRecord[] } | { error: RunError }> {
    let head: CheckpointView;
    try {
      head = await this.target.graph.getState(threadId);
    } catch (err) {
      const error = errorOf(err);
      if (error.code !== 'THREAD_NOT_FOUND') return { error };
      const message = `thread ${threadId} has no checkpoint in this server's store (threads kept in memory do not outlive the server): send a new task in this context`;
      return { error: { code: error.code, message } };
    }
    if (head.status === 'interrupted' && head.interrupts.length > 0) return { id: head.id, interrupts: head.interrupts };
    return {
      error: {
        code: 'NOT_WAITING',
        message: `thread ${threadId} is not waiting for input (its latest checkpoint is ${head.status}): start a new task in this context`,
      },
    };
  }

  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    const threadId = this.#running.get(taskId);
    if (threadId === undefined) return void new TaskEvents(bus, taskId, '').status(TaskState.TASK_STATE_CANCELED);
    await LeaseKeeper.requestStop(this.store, threadId, { by: 'a2a', reason: `the client cancelled task ${taskId}` });
  };

  #publish(outcome: Outcome, waiting: readonly InterruptRecord[] | undefined, events: TaskEvents): void {
    if (outcome.status === 'done') {
      const parts = answerParts(outcome);
      events.artifact('answer', parts);
      return events.status(TaskState.TASK_STATE_COMPLETED, parts);
    }
    if (outcome.status === 'interrupted') {
      return events.status(TaskState.TASK_STATE_INPUT_REQUIRED, interruptParts(outcome.interrupts));
    }
    const { code, message } = outcome.error;
    if (code === 'RUN_STOPPED') return events.status(TaskState.TASK_STATE_CANCELED, [textPart(message)]);
    // A resume value the interrupt's schema refused: the thread still waits for a good one.
    if (code === 'RESUME_INVALID' && waiting) {
      return events.status(TaskState.TASK_STATE_INPUT_REQUIRED, interruptParts(waiting, `${code}: ${message}`));
    }
    events.status(TaskState.TASK_STATE_FAILED, [textPart(`${code}: ${message}`), dataPart({ error: { code, message } })]);
  }

  async #start(threadId: string, input: ReturnType<typeof messageInput>, events: TaskEvents): Promise<Outcome> {
    const { target } = this;
    if (target.kind === 'graph') return graphOutcome(() => target.start(messageValue(input), { threadId }));
    const query = input.text || (input.data ? JSON.stringify(input.data.value) : '');
    return agentOutcome(() => target.start(query, { threadId, sessionValues: this.sessionValues }), events);
  }

  async #resume(threadId: string, headId: string, values: Record<string, unknown>, events: TaskEvents): Promise<Outcome> {
    const { target } = this;
    if (target.kind === 'graph') return graphOutcome(() => target.resume({ threadId, checkpointId: headId, resume: values }));
    return agentOutcome(() => target.resume(threadId, headId, { resume: values }), events);
  }
}

/** Streams an agent run's text as working updates and reads how it ended. */
async function agentOutcome(start: () => ReturnType<Extract<RunTarget, { kind: 'agent' }>['start']>, events: TaskEvents): Promise<Outcome> {
  try {
    const run = start();
    // A streamed answer comes as chunks, then once whole: its text is sent once, as the chunks.
    let streamed = false;
    for await (const event of run) {
      const text = streamed && event.type === 'message' ? undefined : eventText(event);
      streamed = event.type === 'chunk';
      if (text) events.status(TaskState.TASK_STATE_WORKING, [textPart(text)], { agentName: event.agentName, runPath: event.runPath });
    }
    const r = await run;
    if (r.status === 'done') return { status: 'done', output: r.finalOutput, text: textOf(r.finalMessage.content) };
    if (r.status === 'interrupted') return { status: 'interrupted', interrupts: r.interrupts };
    return { status: 'error', error: errorOf(r.error) };
  } catch (err) {
    return { status: 'error', error: errorOf(err) };
  }
}

async function graphOutcome(start: () => ReturnType<Extract<RunTarget, { kind: 'graph' }>['start']>): Promise<Outcome> {
  try {
    const r = await start();
    if (r.status === 'done') return { status: 'done', output: r.output, text: typeof r.output === 'string' ? r.output : undefined };
    if (r.status === 'interrupted') return { status: 'interrupted', interrupts: r.interrupts };
    return { status: 'error', error: errorOf(r.error) };
  } catch (err) {
    return { status: 'error', error: errorOf(err) };
  }
}

/** The streamed piece of text an agent event carries: a chunk's, or a whole answer's when the model does not stream. */
function eventText(event: AgentEvent): string | undefined {
  if (event.type === 'chunk') return event.output.stream.content || undefined;
  if (event.type === 'message' && !event.output.message.toolCalls?.length) return textOf(event.output.message.content) || undefined;
  return undefined;
}

/** The answer: its text, and its value as data when it is not just that text. */
function answerParts(outcome: Extract<Outcome, { status: 'done' }>): Part[] {
  const parts = outcome.text !== undefined ? [textPart(outcome.text)] : [];
  if (outcome.output !== undefined && outcome.output !== outcome.text) parts.push(dataPart(outcome.output));
  return parts.length ? parts : [dataPart(null)];
}

/** What an input-required status says: a line for people, and the interrupts (info, resume schema) as data. */
function interruptParts(interrupts: readonly InterruptRecord[], refused?: string): Part[] {
  const ask =
    interrupts.length === 1
      ? 'Answer with the resume value as a JSON data part (or as JSON text).'
      : 'Answer with a JSON data part { "<interrupt id>": value } naming each interrupt you answer.';
  const text = `${refused ? `The last answer was refused: ${refused}. ` : ''}The run is waiting for input. ${ask}`;
  const list = interrupts.map(({ id, address, info, resumeSchema }) => ({ id, address, info, ...(resumeSchema ? { resumeSchema } : {}) }));
  return [textPart(text), dataPart({ interrupts: list })];
}

/** The resume values a message gives: the value for the only interrupt, or an object by interrupt id. */
function resumeValues(value: unknown, waiting: readonly InterruptRecord[]): { values: Record<string, unknown> } | { error: string } {
  if (waiting.length === 1) return { values: { [waiting[0]!.id]: value } };
  const ids = waiting.map((i) => i.id);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.keys(value).some((k) => ids.includes(k)))
    return { error: `several interrupts wait (${ids.join(', ')}): answer with an object whose keys are their ids` };
  return { values: value as Record<string, unknown> };
}

function errorOf(err: unknown): RunError {
  const e = err as Partial<WeftErrorJSON> | undefined;
  return { code: typeof e?.code === 'string' ? e.code : 'ERROR', message: typeof e?.message === 'string' ? e.message : String(err) };
}
