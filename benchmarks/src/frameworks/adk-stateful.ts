/**
 * Google ADK 2.x stateful shapes through the `Workflow` graph API, on an
 * InMemoryRunner whose session is ADK's only store (every event is appended
 * to it; a Workflow rehydrates its node states from that log on resume).
 * interrupt-resume: START -> ask, where `ask` returns a `RequestInput`; the
 * client resumes with an `adk_request_input` functionResponse carrying the
 * interrupt id and the value. interrupt-resume-state: START -> a -> ask -> c,
 * whose FunctionNodes append to a `log` in session state through `ctx.state`;
 * `ask` runs again on resume and appends the answer. growing-history: an
 * LlmAgent node reading the session's history, sent turn after turn on one
 * session.
 */
import { FunctionNode, LlmAgent, RequestInput, Workflow, getUserInputRequests } from '@google/adk';
import type { NodeContext } from '@google/adk';
import { APPROVAL, QUESTION, checkStateLog } from '../harness/stateful-work.ts';
import type { Factory, Run } from '../harness/types.ts';
import { check } from '../harness/work.ts';
import { AdkConversation, replyParts, textParts } from './adk-conversation.ts';
import { adkGrowingHistory } from './adk-growing-history.ts';
import { finalState, lastOutput } from './adk-session.ts';

export const interruptResume: Factory = async (cycles) => {
  let asked = 0;
  // rerunOnResume is false for a FunctionNode: on resume ADK does not run the
  // body again, the answer to the interrupt becomes the node's output.
  const ask = new FunctionNode('ask', () => {
    asked++;
    return new RequestInput({ message: QUESTION });
  });
  const chat = new AdkConversation(new Workflow({ name: 'interrupt_resume', edges: [['START', ask]] }));
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      asked = 0;
      const sessionId = await chat.open();
      const paused = await chat.send(sessionId, textParts('go'));
      const requests = paused.flatMap((e) => getUserInputRequests(e));
      check('adk interrupts', requests.length, 1);
      check('adk interrupt kind', requests[0]?.kind, 'input');
      check('adk interrupt info', requests[0]?.message, QUESTION);
      check('adk output before resume', lastOutput(paused), undefined);
      const { interruptId = '', functionCallName = '' } = requests[0] ?? {};
      const done = await chat.send(sessionId, replyParts(interruptId, functionCallName, APPROVAL));
      check('adk resume output', lastOutput(done), APPROVAL);
      check('adk ask node runs', asked, 1);
    }
  };
  run.reset = () => chat.closeAll();
  return run;
};

/** The `ask` node's interrupt id: fixed, so the node finds its answer in `ctx.resumeInputs` when it runs again. */
const ASK_ID = 'approve';

/** Appends to the session state's `log`; a new list, since ADK records a write as the value set on the key. */
function append(ctx: NodeContext, item: string): void {
  ctx.state.set('log', [...(ctx.state.get<string[]>('log') ?? []), item]);
}

export const interruptResumeState: Factory = async (cycles) => {
  // A node without an output runs again when the workflow resumes (only a
  // node with an output is fast-forwarded), so `a` and `c` pass the input on.
  const a = new FunctionNode('a', (ctx: NodeContext, input: unknown) => {
    append(ctx, 'a');
    return input;
  });
  // rerunOnResume: on resume the node runs again and reads its answer, rather
  // than having the answer become its output without running.
  const ask = new FunctionNode(
    'ask',
    (ctx: NodeContext) => {
      const answer = ctx.resumeInputs[ASK_ID];
      if (answer === undefined) {
        append(ctx, 'ask');
        return new RequestInput({ interruptId: ASK_ID, message: QUESTION });
      }
      append(ctx, String(answer));
      return answer;
    },
    { rerunOnResume: true },
  );
  const c = new FunctionNode('c', (ctx: NodeContext, input: unknown) => {
    append(ctx, 'c');
    return input;
  });
  const chat = new AdkConversation(new Workflow({ name: 'interrupt_resume_state', edges: [['START', a, ask, c]] }));
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      const sessionId = await chat.open();
      const paused = await chat.send(sessionId, textParts('go'));
      const requests = paused.flatMap((e) => getUserInputRequests(e));
      check('adk interrupts', requests.length, 1);
      check('adk interrupt id', requests[0]?.interruptId, ASK_ID);
      check('adk interrupt info', requests[0]?.message, QUESTION);
      const done = await chat.send(sessionId, replyParts(ASK_ID, requests[0]?.functionCallName ?? '', APPROVAL));
      checkStateLog('adk', finalState(done, 'log'));
    }
  };
  run.reset = () => chat.closeAll();
  return run;
};

export const growingHistory: Factory = async (turns) => {
  // A Workflow forces an LlmAgent node to includeContents 'none' (it sees only
  // its node input) unless set explicitly; 'default' gives it the session's
  // history. But an agent node also re-appends its input as a user turn, on
  // top of the runner's, so the model would get every user message twice. The
  // `turn` node outputs nothing, so the agent node has no input to re-append.
  const run = adkGrowingHistory(
    'adk',
    turns,
    (model) => {
      const agent = new LlmAgent({ name: 'chat', description: 'chats', model, includeContents: 'default' });
      return new Workflow({ name: 'chat_wf', edges: [['START', new FunctionNode('turn', () => null), agent]] });
    },
    (events) => lastOutput(events) as string | undefined,
  );
  run.note = 'a no-output FunctionNode before the agent node, else it re-sends each user turn';
  return run;
};
