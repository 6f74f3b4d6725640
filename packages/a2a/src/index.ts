/**
 * @weft/a2a — Weft agents and graphs over the Agent2Agent (A2A) protocol,
 * on the official SDK (`@a2a-js/sdk`). `serveA2A()` (and `weft a2a`)
 * publishes an agent or a compiled graph as an A2A agent: an agent card
 * derived from its agent tree, messages sent and streamed (A2A 1.0, and 0.3
 * through the SDK's compatibility layer), a task's context as a Weft
 * thread, an interrupt as `input-required` answered by the client's next
 * message, and cancel as a stop at the next step boundary.
 *
 * @example
 * import { serveA2A } from '@weft/a2a';
 * const served = await serveA2A(agent, { port: 4100 });
 * console.log(`card at ${served.url}/.well-known/agent-card.json`);
 */
export { serveA2A } from './serve/serve-a2a.ts';
export type { A2aServeOptions, ServedA2a } from './serve/serve-a2a.ts';
export { agentCardFor } from './serve/agent-card-for.ts';
export type { A2aCardOptions } from './serve/agent-card-for.ts';
export { A2aError } from './errors.ts';
export type { A2aErrorCode } from './errors.ts';
