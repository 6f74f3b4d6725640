import { Role, TaskState, type Message, type Part } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';

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

/**
 * Sends one message to a remote A2A agent over its stream and follows the
 * task to where it stops (completed, input-required, failed, …), handing
 * each piece of working text to `onText` as it comes. A message on an
 * existing task (an answer to its input-required) names its ids.
 */
export async function remoteExchange(
  client: Client,
  parts: Part[],
  onText: (text: string) => void,
  on?: { taskId: string; contextId: string },
): Promise<RemoteOutcome> {
  const message: Message = {
    messageId: crypto.randomUUID(),
    contextId: on?.contextId ?? '',
    taskId: on?.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  const out: RemoteOutcome = {
    taskId: on?.taskId ?? '',
    contextId: on?.contextId ?? '',
    state: TaskState.TASK_STATE_UNSPECIFIED,
    statusText: '',
    statusData: [],
    answer: '',
  };
  const answers: string[] = [];
  for await (const event of client.sendMessageStream({ tenant: '', message, configuration: undefined, metadata: undefined })) {
    const p = event.payload;
    if (p?.$case === 'task')
      Object.assign(out, { taskId: p.value.id, contextId: p.value.contextId, state: p.value.status?.state ?? out.state });
    else if (p?.$case === 'message') answers.push(textOf(p.value.parts));
    else if (p?.$case === 'artifactUpdate') answers.push(textOf(p.value.artifact?.parts ?? []));
    else if (p?.$case === 'statusUpdate') {
      const { state = out.state, message: said } = p.value.status ?? {};
      out.state = state;
      const text = textOf(said?.parts ?? []);
      if (state === TaskState.TASK_STATE_WORKING && text) onText(text);
      else if (state !== TaskState.TASK_STATE_WORKING) Object.assign(out, { statusText: text, statusData: dataOf(said?.parts ?? []) });
    }
  }
  // A remote agent that answers with a bare message (no task) is done with it.
  if (out.state === TaskState.TASK_STATE_UNSPECIFIED && answers.length) out.state = TaskState.TASK_STATE_COMPLETED;
  out.answer = answers.filter(Boolean).join('\n');
  return out;
}

const textOf = (parts: readonly Part[]): string => parts.flatMap((p) => (p.content?.$case === 'text' ? [p.content.value] : [])).join('');
const dataOf = (parts: readonly Part[]): unknown[] =>
  parts.flatMap((p) => (p.content?.$case === 'data' ? [p.content.value as unknown] : []));
