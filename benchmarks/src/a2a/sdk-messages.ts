import { Role, TaskState, type Part, type SendMessageResult, type StreamResponse } from '@a2a-js/sdk';
import { ANSWER } from './answer-agent.ts';

/** A text part as the SDK's types spell it. */
export const textPart = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

const textOf = (parts: readonly Part[] | undefined): string =>
  (parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

/** A SendMessage request of one user message on a new task (no task or context id: every sample starts its own). */
export function sendRequest(text: string) {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts: [textPart(text)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}

/** Throws unless a blocking send answered with a completed task whose status says {@link ANSWER}. */
export function expectSent(result: SendMessageResult): void {
  const task = 'status' in result ? result : undefined;
  const said = textOf(task?.status?.message?.parts);
  if (task?.status?.state !== TaskState.TASK_STATE_COMPLETED || said !== ANSWER)
    throw new Error(`expected a completed task saying "${ANSWER}", got ${JSON.stringify(result)}`);
}

/** Throws unless a stream's last event completed the task with {@link ANSWER}. */
export function expectStreamed(last: StreamResponse | undefined): void {
  const p = last?.payload;
  const done = p?.$case === 'statusUpdate' ? p.value.status : p?.$case === 'task' ? p.value.status : undefined;
  if (done?.state !== TaskState.TASK_STATE_COMPLETED || textOf(done.message?.parts) !== ANSWER)
    throw new Error(`expected the stream to end completed, saying "${ANSWER}", got ${JSON.stringify(last)}`);
}
