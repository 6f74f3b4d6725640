/**
 * ADK plumbing for the stateful shapes, which (unlike ./adk-session.ts's one
 * message per fresh session) send several messages to one session: an
 * InMemoryRunner, sessions opened on demand and deleted together outside the
 * timing, and `send`, one `runner.runAsync` turn whose events are collected.
 */
import { InMemoryRunner, LogLevel, setLogLevel } from '@google/adk';
import type { Event, RunnableRoot } from '@google/adk';

// Workflow is experimental in 2.x and says so once; keep that out of the table.
setLogLevel(LogLevel.ERROR);

const APP = 'weft-bench';
const USER = 'bench';

type Parts = NonNullable<Parameters<InMemoryRunner['runAsync']>[0]['newMessage']['parts']>;

export const textParts = (text: string): Parts => [{ text }];

/** The client's answer to a paused call: a functionResponse with the call's id and name. */
export const replyParts = (id: string, name: string, value: string): Parts => [
  { functionResponse: { id, name, response: { result: value } } },
];

export class AdkConversation {
  readonly #runner: InMemoryRunner;
  #sessions: string[] = [];

  constructor(root: RunnableRoot) {
    this.#runner = new InMemoryRunner({ agent: root, appName: APP });
  }

  /**
   * A new session. ADK has no implicit thread, so callers open it inside the
   * timed region, as ./adk-session.ts does.
   */
  async open(): Promise<string> {
    const { id } = await this.#runner.sessionService.createSession({ appName: APP, userId: USER });
    this.#sessions.push(id);
    return id;
  }

  /** One turn on the session: the runner appends the message and every event to it. */
  async send(sessionId: string, parts: Parts): Promise<Event[]> {
    const events: Event[] = [];
    const newMessage = { role: 'user', parts };
    for await (const ev of this.#runner.runAsync({ userId: USER, sessionId, newMessage })) events.push(ev);
    return events;
  }

  /** Untimed: deleting clones the whole session first. */
  async closeAll(): Promise<void> {
    for (const sessionId of this.#sessions) await this.#runner.sessionService.deleteSession({ appName: APP, userId: USER, sessionId });
    this.#sessions = [];
  }
}
