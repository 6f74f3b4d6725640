import type { Hono } from 'hono';
import { checkKey, checkNamespace, type MemoryBank } from '@weft/memory';
import { StudioError } from '../errors.ts';
import type { MemoryItemResponse } from './memory-schema.ts';

/**
 * GET /api/memory?namespace=<JSON array>&key=<key>: the current value of one
 * item of the bank the studio was given (createStudio's `memory`), which the
 * Memory tab opens from a recall's or a write's key. The namespace is a JSON
 * array because its segments may hold any character but control ones (a
 * joined form would be ambiguous). Reads only: the page never writes memory.
 * Without a bank: 404 MEMORY_BANK_MISSING (the server has nothing to read,
 * as for an unknown endpoint); no live item: 404 MEMORY_NOT_FOUND.
 */
export function memoryRoute(app: Hono, bank: MemoryBank | undefined): void {
  app.get('/api/memory', async (c) => {
    if (!bank)
      throw new StudioError(
        'MEMORY_BANK_MISSING',
        'this studio serves no memory bank: create it with createStudio({ memory: bank }) (weft serve: export the bank as `memory`)',
      );
    const namespace = namespaceOf(c.req.query('namespace'));
    const key = keyOf(c.req.query('key'));
    const item = await bank.get(namespace, key);
    if (!item)
      throw new StudioError('MEMORY_NOT_FOUND', `the memory bank holds no item "${key}" in ${JSON.stringify(namespace)}`, {
        details: { namespace, key },
      });
    return c.json({
      namespace: item.namespace,
      key: item.key,
      value: item.value,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      ...(item.expiresAt === undefined ? {} : { expiresAt: item.expiresAt }),
      ...(item.origin === undefined ? {} : { origin: item.origin }),
    } satisfies MemoryItemResponse);
  });
}

/** The `namespace` query: a JSON array of segments the bank can keep, or BAD_REQUEST saying what to send. */
function namespaceOf(text: string | undefined): string[] {
  const bad = (why: string) =>
    new StudioError('BAD_REQUEST', `query.namespace: ${why}; send the namespace as a JSON array of strings, such as ["notes","t1"]`);
  if (text === undefined) throw bad('missing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw bad('not JSON');
  }
  return memoryChecked(() => checkNamespace(parsed, 'query.namespace'));
}

function keyOf(text: string | undefined): string {
  if (text === undefined) throw new StudioError('BAD_REQUEST', 'query.key: missing; send the item’s key');
  return memoryChecked(() => checkKey(text, 'query.key'));
}

/** A check of @weft/memory, its INVALID_NAMESPACE or INVALID_KEY answered as the request's fault (400 BAD_REQUEST). */
function memoryChecked<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'INVALID_NAMESPACE' || code === 'INVALID_KEY')
      throw new StudioError('BAD_REQUEST', (err as Error).message, { cause: err, details: { memoryCode: code } });
    throw err;
  }
}
