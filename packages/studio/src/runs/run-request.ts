import type { Message } from '@weft/agents';
import type { Multitask } from '@weft/graph';

/** A run's input: an agent takes a query or messages; a graph takes any JSON value (a query is a string input). */
export type RunInput = { query: string } | { messages: Message[] } | { value: unknown };

/** What the API asks a runner to do on a thread. */
export type RunRequest =
  | {
      mode: 'run';
      threadId: string;
      input: RunInput;
      sessionValues: Record<string, unknown>;
      /** What to do when the thread is being run: 'reject' (THREAD_BUSY, the default), 'enqueue', 'interrupt' or 'rollback'. */
      multitask: Multitask;
    }
  | {
      mode: 'resume';
      threadId: string;
      /** Default: the thread's latest checkpoint. */
      checkpointId: string | undefined;
      resume: Record<string, unknown> | undefined;
      sessionValues: Record<string, unknown>;
    }
  | {
      mode: 'fork';
      threadId: string;
      checkpointId: string;
      /** Restart at this node instead of the checkpoint's next ones. */
      goto: string | undefined;
      /** The input of `goto`'s node. */
      input: unknown;
      /** Top-level state keys set before continuing (a shallow merge). */
      update: Record<string, unknown> | undefined;
      resume: Record<string, unknown> | undefined;
    };
