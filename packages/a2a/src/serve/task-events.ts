import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server';

/** A text part. */
export const textPart = (text: string): Part => ({
  content: { $case: 'text', value: text },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

/** A JSON data part. */
export const dataPart = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

/**
 * What one execution of a task publishes on the SDK's event bus, in the
 * order A2A asks for: the task first (a new one), then status updates
 * (working with the streamed text, input-required, and one final state)
 * and the answer as an artifact. Every status update but the last is
 * `final: false` in the SDK's terms: only a terminal or interrupted state
 * ends the client's stream.
 */
export class TaskEvents {
  #artifacts = 0;

  constructor(
    private readonly bus: ExecutionEventBus,
    readonly taskId: string,
    readonly contextId: string,
  ) {}

  /**
   * The task, published first by every execution (the SDK refuses a stream
   * that starts otherwise, a follow-up's too): a known one as it stands, a
   * new one with the message that made it.
   */
  task(first: Message, known?: Task): void {
    if (known) return void this.bus.publish(AgentEvent.task(known));
    const status = { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() };
    this.bus.publish(
      AgentEvent.task({ id: this.taskId, contextId: this.contextId, status, artifacts: [], history: [first], metadata: undefined }),
    );
  }

  /** A status update, with a message of `parts` from the agent when there are any. */
  status(state: TaskState, parts: Part[] = [], metadata?: Record<string, unknown>): void {
    const message = parts.length === 0 ? undefined : this.message(parts);
    this.bus.publish(
      AgentEvent.statusUpdate({ taskId: this.taskId, contextId: this.contextId, status: { state, message, timestamp: now() }, metadata }),
    );
  }

  /** An artifact: the run's answer (named `answer`), complete in one update. */
  artifact(name: string, parts: Part[]): void {
    const artifact = {
      artifactId: `${this.taskId}-${name}-${++this.#artifacts}`,
      name,
      description: '',
      parts,
      metadata: undefined,
      extensions: [],
    };
    this.bus.publish(
      AgentEvent.artifactUpdate({
        taskId: this.taskId,
        contextId: this.contextId,
        artifact,
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
  }

  message(parts: Part[]): Message {
    return {
      messageId: crypto.randomUUID(),
      contextId: this.contextId,
      taskId: this.taskId,
      role: Role.ROLE_AGENT,
      parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
  }
}

const now = (): string => new Date().toISOString();
