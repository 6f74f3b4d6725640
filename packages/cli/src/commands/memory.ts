import { checkAddress, checkList, checkPut, checkSearch, DEFAULT_MAX_VALUE_BYTES, MemoryError } from '@weft/memory';
import type { JsonValue, ListOptions, MemoryBank, MemoryFilter, MemoryItem, PutOptions, SearchOptions } from '@weft/memory';
import type { CliIo } from '../cli-io.ts';
import { closestName } from '../closest-name.ts';
import type { Command } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { flagText } from '../flag-text.ts';
import { formatTime } from '../format-time.ts';
import { memoryInputError } from '../memory-input-error.ts';
import { memoryTable } from '../memory-table.ts';
import { namespaceText } from '../namespace-text.ts';
import { openMemoryBank, type OpenedBank } from '../open-memory-bank.ts';
import { parseCommandArgs, type ParsedCommandArgs } from '../parse-command-args.ts';
import { parseJsonFlag } from '../parse-json-flag.ts';
import { parseNamespace } from '../parse-namespace.ts';
import { commandReach, launcherText, printedCommand, type PrintedOption } from '../printed-command.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';
import { wholeNumberFlag } from '../whole-number-flag.ts';

const USAGE = `usage: weft memory <action> [namespace] [key] [value] [options]

Reads and fixes the long-term memory agents keep beside their checkpoints:
the memory bank in the same store (the SQLite file, or the PostgreSQL
database, that --store names).

actions:
  list [namespace]                  the items of a namespace and every namespace below it, by namespace then key
  search [namespace] --query <text> the items that best match the words (without --query: the newest)
  get <namespace> <key>             one item, its whole value
  put <namespace> <key> <value>     write an item (a JSON value, @<file> or - for stdin)
  delete <namespace> <key>          delete an item without asking: exits with 0 when it deleted one, 1 when there was none

A namespace is segments separated by / (users/u42; %2F is a / inside a segment,
%25 a %, %5B a [ that starts it) or a JSON array ('["users","u42"]'). For list
and search, / or no namespace is every namespace.

options:
  --store <spec>    sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --filter <json>   list, search: only items whose value matches, e.g. '{"kind":"fact","score":{"$gte":0.5}}'
  --limit <n>       list: items per page (1 to 1000, default 100); search: items (1 to 100, default 10)
  --cursor <c>      list: the page after the one that printed this cursor
  --query <text>    search: the words to look for (keywords: weft memory has no embedder)
  --ttl <ms>        put: the item expires this many milliseconds after the write
  --json            one JSON line per item; list then prints {"cursor"} when there are more,
                    search {"mode", "fallback"}, delete {"deleted", "namespace", "key"}`;

const OPTIONS = {
  store: { type: 'string' },
  json: { type: 'boolean' },
  filter: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  query: { type: 'string' },
  ttl: { type: 'string' },
} as const;

type Values = ParsedCommandArgs<typeof OPTIONS>['values'];
type Action = 'list' | 'search' | 'get' | 'put' | 'delete';

/** Each action's positional arguments after the action, how many it needs, and the options it takes besides --store and --json. */
const ACTIONS: Record<Action, { names: string[]; required: number; options: (keyof Values)[] }> = {
  list: { names: ['namespace'], required: 0, options: ['filter', 'limit', 'cursor'] },
  search: { names: ['namespace'], required: 0, options: ['filter', 'limit', 'query'] },
  get: { names: ['namespace', 'key'], required: 2, options: [] },
  put: { names: ['namespace', 'key', 'value'], required: 3, options: ['ttl'] },
  delete: { names: ['namespace', 'key'], required: 2, options: [] },
};

/** An action with its arguments parsed and checked as every bank checks them (so a refusal comes before the store is opened or created). */
type Request =
  | { action: 'list'; prefix: string[]; options: ListOptions }
  | { action: 'search'; prefix: string[]; options: SearchOptions }
  | { action: 'get' | 'delete'; namespace: string[]; key: string }
  | { action: 'put'; namespace: string[]; key: string; value: JsonValue; options: PutOptions };

/** What an action runs with: the request, the command line, the open bank, where output goes. */
interface MemoryCall {
  args: string[];
  values: Values;
  bank: MemoryBank;
  opened: OpenedBank;
  io: CliIo;
}

/** `weft memory`: list, search, read, write and delete the memory items of the store. */
export const memoryCommand: Command = {
  name: 'memory',
  usage: USAGE,
  async execute(argv, io) {
    const names = ['action', 'namespace', 'key', 'value'];
    const { values, positionals } = parseCommandArgs('memory', argv, OPTIONS, { names, required: 1 }, io);
    const weft = launcherText(commandReach(io));
    const [name, ...args] = positionals as [string, ...string[]];
    let request: Request;
    try {
      request = await checkedRequest(checkCall(name, args, values, weft), args, values, io);
    } catch (err) {
      throw memoryInputError(err, weft);
    }
    const opened = await openMemoryBank(values.store, io, request.action === 'put');
    try {
      return await run(request, { args, values, bank: opened.bank, opened, io });
    } catch (err) {
      throw memoryInputError(err, weft);
    } finally {
      await opened.close();
    }
  },
};

/** Refuses an unknown action, a wrong count of arguments and an option the action does not take. */
function checkCall(action: string, args: string[], values: Values, weft: string): Action {
  const actions = Object.keys(ACTIONS) as Action[];
  if (!actions.includes(action as Action)) {
    const guess = closestName(action, actions);
    throw usageError(
      `memory: unknown action ${JSON.stringify(action)}`,
      `${guess ? `did you mean ${weft} memory ${guess}? ` : ''}the actions are ${actions.join(', ')}; ${weft} memory --help explains them`,
    );
  }
  const spec = ACTIONS[action as Action];
  const help = `${weft} memory --help shows how to call it`;
  if (args.length < spec.required) throw usageError(`memory ${action} needs ${spec.names.map((n) => `<${n}>`).join(' ')}`, help);
  if (args.length > spec.names.length)
    throw usageError(
      `memory ${action}: unexpected argument ${JSON.stringify(args[spec.names.length])}`,
      `quote values with spaces; ${help}`,
    );
  const other = (Object.keys(values) as (keyof Values)[]).find((o) => o !== 'store' && o !== 'json' && !spec.options.includes(o));
  if (other) {
    const takers = actions.filter((a) => ACTIONS[a].options.includes(other));
    throw usageError(`memory ${action} takes no --${other}`, `--${other} is for ${takers.join(' and ')}; ${help}`);
  }
  return action as Action;
}

/**
 * Parses the namespace, filter, limit, value and ttl, and runs the checks
 * every bank runs first (@weft/memory's checkList, checkSearch, checkAddress,
 * checkPut): a refusal is the bank's own MemoryError, word for word.
 */
async function checkedRequest(action: Action, args: string[], values: Values, io: CliIo): Promise<Request> {
  const [ns, key, value] = args;
  const namespace = parseNamespace(ns);
  switch (action) {
    case 'list': {
      const options: ListOptions = {
        ...filterOf(action, values),
        ...limitOf(values),
        ...(values.cursor === undefined ? {} : { cursor: values.cursor }),
      };
      checkList(namespace, options);
      return { action, prefix: namespace as string[], options };
    }
    case 'search': {
      const options: SearchOptions = {
        ...filterOf(action, values),
        ...limitOf(values),
        ...(values.query === undefined ? {} : { query: values.query }),
      };
      checkSearch(namespace, options);
      return { action, prefix: namespace as string[], options };
    }
    case 'get':
    case 'delete':
      checkAddress(namespace, key, action);
      return { action, namespace: namespace as string[], key: key! };
    case 'put': {
      const json = await valueOf(value!, io);
      const ttlMs = wholeNumberFlag('memory put', 'ttl', values.ttl, { unit: 'milliseconds', least: 1, example: 86_400_000 });
      const options: PutOptions = ttlMs === undefined ? {} : { ttlMs };
      checkPut(namespace, key, json, options, DEFAULT_MAX_VALUE_BYTES);
      return { action, namespace: namespace as string[], key: key!, value: json as JsonValue, options };
    }
  }
}

function run(request: Request, call: MemoryCall): Promise<number> {
  switch (request.action) {
    case 'list':
      return list(request, call);
    case 'search':
      return search(request, call);
    case 'get':
      return get(request, call);
    case 'put':
      return put(request, call);
    case 'delete':
      return remove(request, call);
  }
}

async function list(request: Extract<Request, { action: 'list' }>, call: MemoryCall): Promise<number> {
  const { values, io } = call;
  const page = await call.bank.list(request.prefix, request.options);
  if (values.json) {
    for (const item of page.items) io.stdout(toJsonLine(item));
    if (page.cursor !== undefined) io.stdout(toJsonLine({ cursor: page.cursor }));
    return 0;
  }
  if (page.items.length === 0) {
    io.stdout(terminalSafe(`no items under ${namespaceText(request.prefix)} in ${where(call.opened)}`) + '\n');
    return 0;
  }
  io.stdout(memoryTable(page.items));
  if (page.cursor !== undefined) {
    const repeat: PrintedOption[] = [
      ...(values.filter === undefined ? [] : [['--filter', values.filter] as const]),
      ...(values.limit === undefined ? [] : [['--limit', values.limit] as const]),
      ['--cursor', page.cursor],
      ...storeOption(call.opened),
    ];
    const ns = call.args[0] === undefined ? [] : [call.args[0]];
    io.stdout(`more: ${printedCommand('memory list', repeat, ns, commandReach(io))}\n`);
  }
  return 0;
}

async function search(request: Extract<Request, { action: 'search' }>, call: MemoryCall): Promise<number> {
  const { values, io } = call;
  const result = await call.bank.search(request.prefix, request.options);
  if (values.json) {
    for (const item of result.items) io.stdout(toJsonLine(item));
    io.stdout(toJsonLine({ mode: result.mode, ...(result.fallback === undefined ? {} : { fallback: result.fallback }) }));
    return 0;
  }
  const how = result.fallback ?? (result.mode === 'recent' ? 'no --query: the newest items first' : undefined);
  io.stdout(terminalSafe(`mode: ${result.mode}${how === undefined ? '' : ` (${how})`}`) + '\n');
  if (result.items.length === 0)
    io.stdout(terminalSafe(`no items found under ${namespaceText(request.prefix)} in ${where(call.opened)}`) + '\n');
  else io.stdout(memoryTable(result.items, { score: true }));
  return 0;
}

async function get(request: Extract<Request, { action: 'get' | 'delete' }>, call: MemoryCall): Promise<number> {
  const { namespace, key } = request;
  const item = await call.bank.get(namespace, key);
  if (item === undefined)
    throw new CliError(
      'MEMORY_ITEM_NOT_FOUND',
      `no item ${JSON.stringify(key)} in ${namespaceText(namespace)} (${where(call.opened)})`,
      `list what the namespace holds: ${printedCommand('memory list', storeOption(call.opened), [call.args[0]!], commandReach(call.io))}`,
    );
  call.io.stdout(call.values.json ? toJsonLine(item) : itemText(item));
  return 0;
}

async function put(request: Extract<Request, { action: 'put' }>, call: MemoryCall): Promise<number> {
  const result = await call.bank.put(request.namespace, request.key, request.value, request.options);
  const item = result.item!; // without an idempotency key, every put writes: `written`, with the item
  if (call.values.json) call.io.stdout(toJsonLine(item));
  else {
    const expires = item.expiresAt === undefined ? '' : ` (expires ${formatTime(item.expiresAt)})`;
    call.io.stdout(terminalSafe(`written ${namespaceText(item.namespace)} ${JSON.stringify(item.key)}${expires}`) + '\n');
  }
  return 0;
}

async function remove(request: Extract<Request, { action: 'get' | 'delete' }>, call: MemoryCall): Promise<number> {
  const { namespace, key } = request;
  const deleted = await call.bank.delete(namespace, key);
  if (call.values.json) call.io.stdout(toJsonLine({ deleted, namespace, key }));
  else {
    const text = deleted
      ? `deleted ${namespaceText(namespace)} ${JSON.stringify(key)}`
      : `nothing to delete: no item ${JSON.stringify(key)} in ${namespaceText(namespace)} (${where(call.opened)})`;
    call.io.stdout(terminalSafe(text) + '\n');
  }
  return deleted ? 0 : 1;
}

/** `weft memory get`: the item's address and times, one per line, then its whole value as indented JSON. */
function itemText(item: MemoryItem): string {
  const lines = [
    ['namespace', namespaceText(item.namespace)],
    ['key', item.key],
    ['created', formatTime(item.createdAt)],
    ['updated', formatTime(item.updatedAt)],
    ['expires', item.expiresAt === undefined ? '-' : formatTime(item.expiresAt)],
    ...(item.origin === undefined ? [] : [['origin', JSON.stringify(item.origin)]]),
  ].map(([label, text]) => terminalSafe(`${label!.padEnd(10)}${text}`));
  return `${lines.join('\n')}\n${terminalSafe(JSON.stringify(item.value, null, 2), { lines: true })}\n`;
}

/** The --filter of list and search; JSON that does not parse is the bank's INVALID_FILTER, as a filter it refuses is. */
function filterOf(action: Action, values: Values): { filter?: MemoryFilter } {
  if (values.filter === undefined) return {};
  try {
    return { filter: parseJsonFlag('--filter', values.filter) as MemoryFilter };
  } catch (err) {
    throw new MemoryError('INVALID_FILTER', `${action}: ${(err as Error).message}`, { cause: err });
  }
}

/** put's value: JSON given as it is, @<file> or - (stdin); JSON that does not parse is the bank's INVALID_VALUE. */
async function valueOf(value: string, io: CliIo): Promise<unknown> {
  const text = await flagText('the value', value, io);
  try {
    return parseJsonFlag('the value', text.text, text.source === 'the value' ? undefined : text);
  } catch (err) {
    throw new MemoryError('INVALID_VALUE', `put: ${(err as Error).message}`, { cause: err });
  }
}

/** --limit as a number; its range (1 to 1000 for list, to 100 for search) is the bank's to check. */
function limitOf(values: Values): { limit?: number } {
  const limit = wholeNumberFlag('memory', 'limit', values.limit, { unit: 'items', least: 1, example: 20 });
  return limit === undefined ? {} : { limit };
}

/** `--store <spec>` for a printed command, when the command line named the store. */
const storeOption = (opened: OpenedBank): PrintedOption[] => (opened.named.explicit ? [['--store', opened.named.spec]] : []);

const where = (opened: OpenedBank): string => `${opened.label}${opened.missing ? ' (the file does not exist yet)' : ''}`;
