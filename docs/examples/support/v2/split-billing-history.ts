/**
 * The state half of the support migration: what version 1's Billing agent
 * did becomes what version 2's agents do. Billing's entry point is now
 * Invoices, so Billing's name becomes Invoices everywhere in the history
 * (who said what, the run paths, the coordinator's transfers to it), in the
 * activation records and in context-policy records. A refund call Billing
 * is still making (waiting for its approval, or its result not yet read)
 * is Refunds' call in version 2: that turn and its results move to Refunds,
 * preceded by the hand-over version 2 would have made (Invoices transfers
 * to Refunds), and Refunds is where the lane stands.
 */
import { assistantMessage, toolMessage, type AgentRunState, type RecordedEvent } from '@weft/agents';

const BILLING = 'Billing';
const INVOICES = 'Invoices';
const REFUNDS = 'Refunds';
const TRANSFER = 'transfer_to_agent';

/** The session's refund limit (dollars) for threads version 1 started, which had none. */
export const DEFAULT_REFUND_LIMIT = 100;

type Lane = AgentRunState['lanes'][string];

/** Migrates the agent system's state (an immer draft, or any state object: it is changed in place). */
export function splitBillingHistory(state: AgentRunState): void {
  state.session['refundLimit'] ??= DEFAULT_REFUND_LIMIT;
  let split = false;
  for (const lane of Object.values(state.lanes)) split = migrateLane(lane) || split;
  const billing = state.agents[BILLING];
  if (billing) {
    delete state.agents[BILLING];
    state.agents[INVOICES] = billing;
  }
  if (split) state.agents[REFUNDS] = { count: 1, iterations: 1 };
}

/** Renames Billing in one lane and splits off its refund turn in flight; true when it split one. */
function migrateLane(lane: Lane): boolean {
  const events = lane.events.flat();
  const turn = refundTurnInFlight(lane, events);
  for (const event of events) renameBilling(event);
  lane.runPath = lane.runPath.map(renamed);
  if (lane.context?.[BILLING]) {
    lane.context[INVOICES] = lane.context[BILLING];
    delete lane.context[BILLING];
  }
  if (turn === undefined) return false;
  const from = turn.assistant.runPath;
  for (const event of turn.events) {
    event.agentName = REFUNDS;
    event.runPath = [...from, REFUNDS];
  }
  lane.runPath = [...lane.runPath, REFUNDS];
  const chunk = lane.events.find((c) => c.includes(turn.assistant))!;
  chunk.splice(chunk.indexOf(turn.assistant), 0, ...handOver(from, turn.assistant));
  return true;
}

/**
 * Billing's last turn when it called refund and nothing happened after it but
 * its own tool results (Billing is the lane's current agent): the turn that
 * moves to Refunds. A turn that called refund beside other tools cannot be
 * split (the calls would run in two agents at once): the migration fails,
 * and leaves the thread as it was.
 */
function refundTurnInFlight(lane: Lane, events: RecordedEvent[]): { assistant: RecordedEvent; events: RecordedEvent[] } | undefined {
  if (lane.runPath.at(-1) !== BILLING) return undefined;
  const at = events.findLastIndex((e) => e.agentName === BILLING && e.message.role === 'assistant');
  const assistant = events[at];
  const calls = assistant?.message.toolCalls ?? [];
  if (!assistant || !calls.some((c) => c.name === 'refund')) return undefined;
  const rest = events.slice(at + 1);
  if (rest.some((e) => e.agentName !== BILLING || e.message.role !== 'tool')) return undefined;
  if (calls.some((c) => c.name !== 'refund'))
    throw new Error(
      `Billing's turn calls refund beside ${calls
        .filter((c) => c.name !== 'refund')
        .map((c) => c.name)
        .join(', ')}: in version 2 those run in Invoices and refund in Refunds, so the turn cannot be split`,
    );
  return { assistant, events: [assistant, ...rest] };
}

/** Invoices hands the conversation to Refunds: the transfer call and its result, as version 2 records a transfer. */
function handOver(runPath: string[], refundTurn: RecordedEvent): RecordedEvent[] {
  const id = `${INVOICES.toLowerCase()}_to_${REFUNDS.toLowerCase()}_${refundTurn.message.toolCalls?.[0]?.id ?? 'refund'}`;
  const args = JSON.stringify({ agent_name: REFUNDS, reason: 'A duplicate charge to refund.' });
  return [
    {
      agentName: INVOICES,
      runPath: [...runPath],
      message: assistantMessage('', [{ id, name: TRANSFER, arguments: args }]),
      transfer: true,
    },
    {
      agentName: INVOICES,
      runPath: [...runPath],
      message: toolMessage(`successfully transferred to agent [${REFUNDS}]`, id, TRANSFER),
      transfer: true,
    },
  ];
}

/** Billing becomes Invoices in an event: its author, its run path, and a transfer to it. */
function renameBilling(event: RecordedEvent): void {
  if (event.agentName === BILLING) event.agentName = INVOICES;
  if (event.runPath.includes(BILLING)) event.runPath = event.runPath.map(renamed);
  if (!event.transfer) return;
  const { message } = event;
  if (message.role === 'tool' && message.content === `successfully transferred to agent [${BILLING}]`)
    message.content = `successfully transferred to agent [${INVOICES}]`;
  for (const call of message.toolCalls ?? []) if (call.name === TRANSFER) call.arguments = transferredTo(call.arguments);
}

/** A transfer call's arguments, with Billing as its target renamed. */
export function transferredTo(text: string): string {
  try {
    const args = JSON.parse(text) as Record<string, unknown>;
    return args['agent_name'] === BILLING ? JSON.stringify({ ...args, agent_name: INVOICES }) : text;
  } catch {
    return text;
  }
}

const renamed = (name: string): string => (name === BILLING ? INVOICES : name);
