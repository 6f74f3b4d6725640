/**
 * @weft/a2a — Weft agents and graphs over the Agent2Agent (A2A) protocol,
 * on the official SDK (`@a2a-js/sdk`), both ways. `serveA2A()` (and
 * `weft a2a`) publishes an agent or a compiled graph as an A2A agent: an
 * agent card derived from its agent tree, messages sent and streamed (A2A
 * 1.0, and 0.3 through the SDK's compatibility layer), a task's context as
 * a Weft thread, an interrupt as `input-required` answered by the client's
 * next message, and cancel as a stop at the next step boundary.
 * `a2aAgent()` makes a remote A2A agent a Weft agent: its streamed text
 * reaches the caller's events, and its `input-required` is an interrupt of
 * the calling run.
 *
 * @example
 * import { a2aAgent, serveA2A } from '@weft/a2a';
 * const served = await serveA2A(agent, { port: 4100 });
 * const remote = await a2aAgent({ url: served.url });
 * const done = await new Runner({ agent: remote }).query('Hello');
 */

// Serving
export { serveA2A } from './serve/serve-a2a.ts';
export type { A2aServeOptions, ServedA2a } from './serve/serve-a2a.ts';
export { agentCardFor } from './serve/agent-card-for.ts';
export type { A2aCardOptions } from './serve/agent-card-for.ts';

// Calling
export { a2aAgent } from './call/a2a-agent.ts';
export type { A2aAgentOptions } from './call/a2a-agent.ts';

// Tasks
export { databaseTaskStore } from './tasks/database-task-store.ts';
export type { DatabaseTaskStoreOptions, OpenedTaskStore, TaskDatabase } from './tasks/database-task-store.ts';

// Errors
export { A2aError } from './errors.ts';
export type { A2aErrorCode } from './errors.ts';
