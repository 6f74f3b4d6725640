import { toRunTarget, type RecordedEvent } from '@weft/agents';
import { textOf, type Message } from '@weft/chat-model';
import { isWeftError } from '@weft/common';
import type { CheckpointStore, CheckpointView } from '@weft/graph';
import { EvalError } from '../errors.ts';
import type { EvalSubject } from './eval-definition.ts';
import type { EvalCase } from './eval-case.ts';

export interface CaseFromThreadOptions {
  /** The checkpoint to start from; default the thread's latest. */
  checkpointId?: string;
  /** The case's id; default `thread-<thread id>-<checkpoint id prefix>` (made safe for a file name). */
  id?: string;
  tags?: string[];
}

/**
 * A regression case from a stored thread, read (never written) at one of
 * its checkpoints with `target` on `store`: for an agent, the conversation
 * up to the last user message at that checkpoint (user messages and the
 * agents' text answers) is the case's input, the answer the thread gave to
 * it is `expected.output`, and the thread's session values are the case's;
 * for a graph, the input of the run that checkpoint belongs to, and its
 * output when it finished. Running the case then scores how the current
 * code continues that conversation. The target's graph must have the
 * stored thread's shape (prompts, models and tools may differ).
 *
 * @example
 * const testCase = await caseFromThread(agent, new SqliteStore('.weft/weft.db'), 'support-42');
 * await appendFile('cases.jsonl', JSON.stringify(testCase) + '\n');
 */
export async function caseFromThread(
  target: EvalSubject,
  store: CheckpointStore,
  threadId: string,
  options: CaseFromThreadOptions = {},
): Promise<EvalCase> {
  const run = toRunTarget(target, { store, caller: 'caseFromThread()' });
  const view = await stateAt(run.graph.getState.bind(run.graph), threadId, options.checkpointId);
  const id = options.id ?? safeId(`thread-${threadId}-${view.id.slice(0, 8)}`);
  const tags = options.tags ?? ['from-thread'];
  if (run.kind === 'agent') return agentCase(view, id, tags, threadId);
  let at = view;
  while (at.source !== 'input' && at.parentId !== null) at = await stateAt(run.graph.getState.bind(run.graph), threadId, at.parentId);
  const input = at.frontier[0]?.input as EvalCase['input'];
  return { id, input: input ?? null, ...(view.status === 'done' ? { expected: { output: view.output } } : {}), tags };
}

function agentCase(view: CheckpointView, id: string, tags: string[], threadId: string): EvalCase {
  const state = view.state as { lanes?: Record<string, { events?: RecordedEvent[][] }>; session?: Record<string, unknown> };
  const conversation: Message[] = (state.lanes?.['main']?.events ?? [])
    .flat()
    .map((e) => e.message)
    .filter((m) => m.role === 'user' || (m.role === 'assistant' && (m.toolCalls ?? []).length === 0 && textOf(m) !== ''));
  const lastUser = conversation.map((m) => m.role).lastIndexOf('user');
  if (lastUser === -1)
    throw new EvalError('THREAD_NOT_FOUND', `thread "${threadId}" has no user message at checkpoint ${view.id}: nothing to evaluate`);
  const answer = conversation.slice(lastUser + 1).find((m) => m.role === 'assistant');
  const session = state.session ?? {};
  return {
    id,
    input: conversation.slice(0, lastUser + 1),
    ...(Object.keys(session).length > 0 ? { sessionValues: { ...session } } : {}),
    ...(answer ? { expected: { output: textOf(answer) } } : {}),
    tags,
  };
}

async function stateAt(
  getState: (threadId: string, checkpointId?: string) => Promise<CheckpointView>,
  threadId: string,
  checkpointId: string | undefined,
): Promise<CheckpointView> {
  try {
    return await getState(threadId, checkpointId);
  } catch (err) {
    if (isWeftError(err) && (err.code === 'THREAD_NOT_FOUND' || err.code === 'CHECKPOINT_NOT_FOUND'))
      throw new EvalError(
        'THREAD_NOT_FOUND',
        `${checkpointId ? `checkpoint ${checkpointId} of ` : ''}thread "${threadId}" is not in the store: list threads with \`weft threads\` and checkpoints with \`weft history <thread>\``,
        { cause: err },
      );
    throw err;
  }
}

function safeId(text: string): string {
  return text.replace(/[^\w.:@-]+/g, '_');
}
