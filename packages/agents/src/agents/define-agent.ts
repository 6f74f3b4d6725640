import { AgentError } from '../errors.ts';
import { AGENT, type Agent } from './agent.ts';

/** An agent's name: its nodes are named after it, and `:` and `/` separate node names and addresses. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9_ .-]{0,63}$/;

/** Whether `name` can name an agent (1-64 letters, digits, spaces, ".", "_" or "-", not starting with a space or dot). */
export const isAgentName = (name: unknown): name is string => typeof name === 'string' && NAME.test(name);

/**
 * Makes an agent: checks the fields every agent has, adds the brand
 * (`isAgent` recognises it) and freezes it. Every built-in kind is made with
 * it, and so is a kind of your own: give it a `kind`, a `name`, a
 * `description` and a `compile(compiler, scope)` method that adds its nodes
 * and returns its entry node (see docs/agents/overview.md, "Agent kinds of
 * your own").
 *
 * @example
 * const greeter = defineAgent({
 *   kind: 'fixed-answer',
 *   name: 'Greeter',
 *   description: 'always says hello',
 *   compile(c, scope) {
 *     c.builder.addNode(this.name, (_input, ctx: NodeContext<AgentRunState>) => {
 *       const runPath = [...ctx.state.lanes[scope.lane]!.runPath, this.name];
 *       ctx.append(['lanes', scope.lane, 'runPath'], this.name);
 *       const message = assistantMessage('Hello!');
 *       recordEvents(ctx, scope.lane, { agentName: this.name, runPath, message });
 *       emitAgentEvent(ctx, { type: 'message', agentName: this.name, runPath, output: { message, role: 'assistant' } });
 *       return null;
 *     }, { kind: this.kind, address: scope.address.join('/'), annotations: { agent: this.name, agentPath: scope.agentPath } });
 *     c.builder.addEdge(this.name, scope.next);
 *     return this.name;
 *   },
 * });
 */
export function defineAgent<const D extends Omit<Agent, typeof AGENT>>(definition: D): D & { readonly [AGENT]: true } {
  if (definition === null || typeof definition !== 'object')
    throw new AgentError('INVALID_ARGUMENT', 'defineAgent() takes { kind, name, description, compile }');
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `agent ${JSON.stringify(definition.name)}: ${msg}`);
  if (!isAgentName(definition.name)) throw bad('name must be 1-64 characters: letters, digits, space, ".", "_" or "-"');
  if (typeof definition.kind !== 'string' || definition.kind === '') throw bad('kind must be a non-empty string');
  if (typeof definition.description !== 'string') throw bad('description must be a string');
  if (typeof definition.compile !== 'function') throw bad('compile(compiler, scope) must be a function that returns its entry node');
  return Object.freeze({ ...definition, [AGENT]: true as const });
}
