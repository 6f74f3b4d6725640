import type { Draft } from 'immer';
import { channelName, type Channel } from '../spec/channel.ts';
import type { NodeContext } from '../spec/node-context.ts';
import type { BudgetContext } from '../spec/budget.ts';
import type { PlanNode } from '../compiler/execution-plan.ts';
import type { NodeState } from '../state/node-state.ts';
import { emit, type RunScope } from './run-scope.ts';
import { WeftError } from '../errors.ts';

/** The `ctx` a node receives; a class so that creating one per node run allocates no closures. */
export class NodeContextImpl implements NodeContext<any> {
  constructor(
    private readonly scope: RunScope,
    private readonly planNode: PlanNode,
    readonly key: string | undefined,
    private readonly nodeState: NodeState,
    readonly step: number,
    readonly attempt: number,
    readonly signal: AbortSignal,
  ) {}

  get state(): unknown {
    return this.nodeState.current;
  }
  get node(): string {
    return this.planNode.name;
  }
  get path(): readonly string[] {
    return [...this.scope.path, this.planNode.name];
  }
  get runId(): string {
    return this.scope.runId;
  }
  get threadId(): string | undefined {
    return this.scope.threadId;
  }
  get checkpointId(): string | undefined {
    return this.scope.checkpointId;
  }
  get context(): Record<string, unknown> {
    return this.scope.context;
  }
  get budget(): BudgetContext {
    return this.scope.budget;
  }

  patched(id: string): boolean {
    const { started, declared } = this.scope.patches;
    if (!declared.has(id))
      throw new WeftError(
        'PATCH_UNDECLARED',
        `ctx.patched("${id}") in node "${this.planNode.name}": the graph declares no such patch; declare it with compile({ patches: ['${id}'] })${declared.size ? ` (declared: ${[...declared].join(', ')})` : ''}`,
      );
    return started.has(id);
  }

  update(recipe: (draft: Draft<any>) => unknown): void {
    this.nodeState.update(recipe);
  }

  set(path: readonly (string | number)[], value: unknown): void {
    this.nodeState.set(path, value);
  }

  remove(path: readonly (string | number)[]): void {
    this.nodeState.remove(path);
  }

  append(path: readonly (string | number)[], ...values: unknown[]): void {
    this.nodeState.append(path, values);
  }

  emit(data: unknown): void;
  emit<T>(channel: Channel<T>, data: T): void;
  emit(first: unknown, second?: unknown): void {
    // Two arguments: a channel and its data (checked even when nobody listens, so a mistake shows at once).
    const channel = arguments.length < 2 ? undefined : channelName(first, 'emit(channel, data)');
    if (!this.scope.hub.wants('node.custom')) return;
    const node = this.planNode.name;
    if (channel === undefined) emit(this.scope, this.step, { type: 'node.custom', node, key: this.key, data: first });
    else emit(this.scope, this.step, { type: 'node.custom', node, key: this.key, channel, data: second });
  }
}
