import { Role, TaskState, type Message, type Part, type StreamResponse } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { A2aError } from '../errors.ts';
import { RemoteCancel } from './remote-cancel.ts';

/** Where a remote task stands after one message: its ids, its state, what its status said, and its answer. */
export interface RemoteOutcome {
  taskId: string;
  contextId: string;
  state: TaskState;
  /** The status message's text and data parts (an input-required's question, a failure's reason). */
  statusText: string;
  statusData: unknown[];
  /** The artifacts' text, joined. */
  answer: string;
}

/** How many times a stream cut before the task stopped is picked up again by task id. */
const RECONNECTS = 3;

/** States where the remote task waits or is over: the stream ends there. */
const STOPPED = new Set([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
  TaskState.TASK_STATE_INPUT_REQUIRED,
  TaskState.TASK_STATE_AUTH_REQUIRED,
]);

/**
 * Sends one message to a remote A2A agent over its stream and follows the
 * task to where it stops (completed, input-required, failed, …), handing
 * each piece of working text to `onText` as it comes. A message on an
 * existing task (an answer to its input-required) names its ids. A stream
 * cut before the task stopped (a connection lost) is picked up by task id
 * (`resubscribeTask`, or `getTask` when the task ended meanwhile) rather
 * than sent again: the remote does not run the request twice. The
 * caller's `signal` (its run's) cancels the remote task and ends the
 * request when the run is cancelled (see RemoteCancel).
 */
export async function remoteExchange(
  client: Client,
  parts: Part[],
  onText: (text: string) => void,
  on?: { taskId: string; contextId: string },
  signal?: AbortSignal,
): Promise<RemoteOutcome> {
  const out: RemoteOutcome = {
    taskId: on?.taskId ?? '',
    contextId: on?.contextId ?? '',
    state: TaskState.TASK_STATE_UNSPECIFIED,
    statusText: '',
    statusData: [],
    answer: '',
  };
  const cancel = new RemoteCancel(client, signal);
  cancel.named(out.taskId);
  try {
    return await follow(client, parts, onText, on, out, cancel);
  } finally {
    cancel.close();
  }
}

/** remoteExchange's stream, picked up again after a lost connection, until the task stops. */
async function follow(
  client: Client,
  parts: Part[],
  onText: (text: string) => void,
  on: { taskId: string; contextId: string } | undefined,
  out: RemoteOutcome,
  cancel: RemoteCancel,
): Promise<RemoteOutcome> {
  const answers: string[] = [];
  const options = { signal: cancel.signal };
  let stream = client.sendMessageStream(
    { tenant: '', message: userMessage(parts, on), configuration: undefined, metadata: undefined },
    options,
  );
  for (let reconnects = 0; ; reconnects++) {
    let lost: unknown;
    try {
      for await (const event of stream) {
        apply(event, out, answers, onText);
        cancel.named(out.taskId);
      }
    } catch (err) {
      // The caller's run was cancelled: the remote task was cancelled with it, and is not picked up again.
      if (cancel.cancelled) {
        await cancel.done;
        throw err;
      }
      lost = err;
    }
    if (STOPPED.has(out.state) || (lost === undefined && out.state === TaskState.TASK_STATE_UNSPECIFIED && answers.length)) break;
    if (!out.taskId || reconnects === RECONNECTS)
      throw new A2aError(
        'A2A_CONNECTION_LOST',
        `the connection to the A2A agent was lost before its task ${out.taskId || '(not started)'} stopped${lost instanceof Error ? `: ${lost.message}` : ''}`,
        {
          cause: lost,
          details: { taskId: out.taskId, reconnects },
        },
      );
    stream = pickUp(client, out.taskId, options);
  }
  // A remote agent that answers with a bare message (no task) is done with it.
  if (out.state === TaskState.TASK_STATE_UNSPECIFIED) out.state = TaskState.TASK_STATE_COMPLETED;
  out.answer = answers.filter(Boolean).join('\n');
  return out;
}

/** The task's events from where it is: resubscribed while it runs, read whole once it ended. */
async function* pickUp(client: Client, id: string, options: { signal: AbortSignal }): AsyncGenerator<StreamResponse> {
  try {
    yield* client.resubscribeTask({ tenant: '', id }, options);
  } catch {
    yield { payload: { $case: 'task', value: await client.getTask({ tenant: '', id }, options) } };
  }
}

function apply(event: StreamResponse, out: RemoteOutcome, answers: string[], onText: (text: string) => void): void {
  const p = event.payload;
  if (p?.$case === 'message') answers.push(textOf(p.value.parts));
  else if (p?.$case === 'artifactUpdate') answers.push(textOf(p.value.artifact?.parts ?? []));
  else if (p?.$case === 'task') {
    Object.assign(out, { taskId: p.value.id, contextId: p.value.contextId });
    // A task read again after a lost connection carries what the stream would have: its answer and its status.
    if (p.value.artifacts.length) answers.splice(0, answers.length, ...p.value.artifacts.map((a) => textOf(a.parts)));
    status(p.value.status?.state ?? out.state, p.value.status?.message, out, () => undefined);
  } else if (p?.$case === 'statusUpdate') status(p.value.status?.state ?? out.state, p.value.status?.message, out, onText);
}

function status(state: TaskState, said: Message | undefined, out: RemoteOutcome, onText: (text: string) => void): void {
  out.state = state;
  const text = textOf(said?.parts ?? []);
  if (state === TaskState.TASK_STATE_WORKING) {
    if (text) onText(text);
  } else Object.assign(out, { statusText: text, statusData: dataOf(said?.parts ?? []) });
}

function userMessage(parts: Part[], on?: { taskId: string; contextId: string }): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: on?.contextId ?? '',
    taskId: on?.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const textOf = (parts: readonly Part[]): string => parts.flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])).join('');
const dataOf = (parts: readonly Part[]): unknown[] =>
  parts.flatMap((p) => (p.content?.$case === 'data' ? [p.content.value as unknown] : []));
