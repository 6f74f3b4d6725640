import { createHash } from 'node:crypto';
import { isStandardSchema, issuesMessage, jsonSchemaOf, type StandardSchemaV1 } from '@weft/graph';
import type { JsonValue, MemoryBank, MemoryOrigin } from '@weft/memory';
import { AgentError } from '../errors.ts';
import { tool, type Tool } from '../tools/tool.ts';
import type { ToolContext } from '../tools/tool-context.ts';
import { recallItems, scopedNamespace } from './recall-items.ts';
import type { MemoryNamespace, MemoryScope } from './memory-scope.ts';
import { memoryText } from './memory-text.ts';

export interface MemoryToolsOptions {
  bank: MemoryBank;
  namespace: MemoryNamespace;
  /** How many memories `recall` returns at most (default 5), and the lowest score it keeps. */
  recall?: { k?: number; minScore?: number };
  /** Ask before each `remember` and `forget` (the run pauses with a tool approval interrupt). Default false. */
  needsApproval?: boolean;
  /**
   * What `remember` stores, as a Standard Schema (Zod, Valibot, ArkType, …):
   * the model then passes `value` (checked against it; a value it refuses
   * goes back to the model as a tool error) instead of `text` and `tags`.
   * Default: `{ text, tags? }`.
   */
  value?: StandardSchemaV1;
  /** The tools' names (default remember, recall, forget): change them when an agent has two banks. */
  names?: { remember?: string; recall?: string; forget?: string };
  /**
   * `shared` (default): the namespace is shared by every thread, and what a
   * thread wrote is recalled everywhere, also on a branch of that thread
   * that time travel left behind: other threads cannot know about this
   * thread's branches, and a fact once remembered stays until forgotten.
   * `thread`: the namespace is the thread's own (`[...namespace, threadId]`)
   * and recall keeps only what the live branch wrote (see MemoryScope).
   */
  scope?: MemoryScope;
}

/** What `remember` stores: the text, and tags when the model gave some. */
export interface RememberedValue {
  [key: string]: string | string[];
  text: string;
}

/**
 * Three tools over a memory bank for an agent's model: `remember` (text, an
 * optional key and tags), `recall` (a query; the closest memories with their
 * keys) and `forget` (a key). The namespace may come from session values,
 * so one agent keeps each user's memories apart.
 *
 * A `remember` is written at most once per tool call: the bank gets the
 * call's idempotency key, so a step that runs again (a resumed approval, a
 * worker that died, an older interrupt resumed a second time) writes
 * nothing new. Each item keeps its origin (thread, agent, tool call).
 *
 * @example
 * const tools = memoryTools({ bank, namespace: (s) => ['users', String(s['userId'])] });
 * const agent = chatModelAgent({ name: 'Support', description: '', model, tools });
 */
export function memoryTools(options: MemoryToolsOptions): [Tool<RememberArgs | RememberValueArgs>, Tool<RecallArgs>, Tool<ForgetArgs>] {
  const { bank, namespace } = options;
  if (typeof bank !== 'object' || bank === null || typeof bank.put !== 'function')
    throw new AgentError(
      'INVALID_ARGUMENT',
      'memoryTools: bank must be a MemoryBank (InMemoryBank, SqliteMemoryBank, PostgresMemoryBank, …)',
    );
  if (typeof namespace !== 'function' && !Array.isArray(namespace))
    throw new AgentError(
      'INVALID_ARGUMENT',
      "memoryTools: namespace must be a list of segments or a function of the session values, such as (s) => ['users', s.userId]",
    );
  const k = options.recall?.k ?? 5;
  if (!Number.isInteger(k) || k < 1 || k > 100)
    throw new AgentError('INVALID_ARGUMENT', `memoryTools: recall.k must be a whole number from 1 to 100 (got ${String(k)})`);
  const names = { remember: 'remember', recall: 'recall', forget: 'forget', ...options.names };
  const scope = options.scope ?? 'shared';
  if (scope !== 'shared' && scope !== 'thread')
    throw new AgentError('INVALID_ARGUMENT', `memoryTools: scope must be 'shared' or 'thread' (got ${JSON.stringify(scope)})`);
  const nsOf = (ctx: ToolContext) => scopedNamespace(namespace, scope, ctx.getSessionValues(), ctx.threadId, 'memoryTools');
  const approval = options.needsApproval ?? false;
  if (options.value !== undefined && !isStandardSchema(options.value))
    throw new AgentError('INVALID_ARGUMENT', 'memoryTools: value must be a Standard Schema (a Zod, Valibot or ArkType schema, …)');
  const tools: ToolScope = { bank, nsOf, approval, scope };
  return [
    options.value ? rememberValueTool(tools, names.remember, options.value) : rememberTool(tools, names.remember),
    recallTool(tools, names.recall, k, options.recall?.minScore),
    forgetTool(tools, names.forget),
  ];
}

/** What the three tools share: the bank, the namespace of a call, whether writes ask first. */
interface ToolScope {
  bank: MemoryBank;
  nsOf: (ctx: ToolContext) => string[];
  approval: boolean;
  scope: MemoryScope;
}

function rememberTool({ bank, nsOf, approval }: ToolScope, name: string): Tool<RememberArgs> {
  return tool<RememberArgs>({
    name,
    description:
      'Stores a fact, preference or note to remember in later conversations. Give the text; a key to update a memory you stored before; tags to group it.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string', minLength: 1, description: 'What to remember, as one self-contained sentence.' },
        key: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description: 'A name for it; storing again under a key replaces that memory.',
        },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
      },
      required: ['text'],
      additionalProperties: false,
    },
    needsApproval: approval,
    async execute(args, ctx) {
      const key = args.key ?? `m-${createHash('sha256').update(args.text).digest('hex').slice(0, 12)}`;
      const value: RememberedValue = args.tags?.length ? { text: args.text, tags: args.tags } : { text: args.text };
      return store(bank, nsOf(ctx), key, value, ctx);
    },
  });
}

/** `remember` for a value of the user's schema: the model gives a key and the value, checked before it is stored. */
function rememberValueTool({ bank, nsOf, approval }: ToolScope, name: string, schema: StandardSchemaV1): Tool<RememberValueArgs> {
  const where = `memoryTools: ${name}`;
  return tool<RememberValueArgs>({
    name,
    description: 'Stores something to remember in later conversations, under a key; storing again under a key replaces it.',
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', minLength: 1, maxLength: 200, description: 'A name for it.' },
        value: jsonSchemaOf(schema, 'input', where),
      },
      required: ['key', 'value'],
      additionalProperties: false,
    },
    needsApproval: approval,
    async execute({ key, value }, ctx) {
      const checked = await schema['~standard'].validate(value);
      if (checked.issues !== undefined)
        throw new AgentError('TOOL_ARGUMENTS_INVALID', `the value to remember does not fit: ${issuesMessage(checked.issues)}`);
      return store(bank, nsOf(ctx), key, checked.value as JsonValue, ctx);
    },
  });
}

function recallTool({ bank, nsOf, scope }: ToolScope, name: string, k: number, minScore: number | undefined): Tool<RecallArgs> {
  return tool<RecallArgs>({
    name,
    description: 'Looks up what was remembered in earlier conversations that is relevant to a question.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, description: 'What you want to know.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async execute({ query }, ctx) {
      const namespace = nsOf(ctx);
      const found = await recallItems(bank, namespace, {
        query,
        k,
        minScore,
        scope,
        wrote: (id) => ctx.memory.wrote(id),
        signal: ctx.signal,
      });
      ctx.memory.report(found.activity);
      if (found.items.length === 0) return 'Nothing remembered about that.';
      return found.items.map((item) => `- [${item.key}] ${memoryText(item.value)}`).join('\n');
    },
  });
}

function forgetTool({ bank, nsOf, approval }: ToolScope, name: string): Tool<ForgetArgs> {
  return tool<ForgetArgs>({
    name,
    description: 'Forgets a memory by its key (the key recall shows in brackets).',
    parameters: {
      type: 'object',
      properties: { key: { type: 'string', minLength: 1 } },
      required: ['key'],
      additionalProperties: false,
    },
    needsApproval: approval,
    async execute({ key }, ctx) {
      const namespace = nsOf(ctx);
      const deleted = await bank.delete(namespace, key);
      ctx.memory.report({ kind: 'forget', namespace, key, deleted, toolCallId: ctx.callId });
      return deleted ? `Forgot "${key}".` : `Nothing was remembered as "${key}".`;
    },
  });
}

export interface RememberArgs {
  text: string;
  key?: string;
  tags?: string[];
}
export interface RememberValueArgs {
  key: string;
  value: unknown;
}
export interface RecallArgs {
  query: string;
}
export interface ForgetArgs {
  key: string;
}

/**
 * A remember's write: at most once per tool call (the call's idempotency key),
 * recorded as this branch's, shown as a `memory` event; the model's answer.
 */
async function store(bank: MemoryBank, namespace: string[], key: string, value: JsonValue, ctx: ToolContext): Promise<string> {
  const result = await bank.put(namespace, key, value, { idempotencyKey: ctx.idempotencyKey, origin: originOf(ctx), signal: ctx.signal });
  ctx.memory.recordWrite(ctx.idempotencyKey);
  ctx.memory.report({ kind: 'write', namespace, key, status: result.status, toolCallId: ctx.callId });
  return result.status === 'written' ? `Remembered as "${key}".` : `Already remembered as "${key}".`;
}

function originOf(ctx: ToolContext): MemoryOrigin {
  return {
    ...(ctx.threadId !== undefined ? { threadId: ctx.threadId } : {}),
    ...(ctx.checkpointId !== undefined ? { checkpointId: ctx.checkpointId } : {}),
    agentName: ctx.agentName,
    toolCallId: ctx.callId,
    writeId: ctx.idempotencyKey,
  };
}
