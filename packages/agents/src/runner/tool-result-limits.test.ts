import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, DEFAULT_MAX_TOOL_RESULT_BYTES, Runner, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const MiB = 1024 * 1024;
const call = (name: string, id = 'c1'): ScriptItem => ({ toolCalls: [{ name, arguments: {}, id }] });

/** A tool that returns `result` and counts its runs. */
function returning(name: string, result: unknown, maxResultBytes?: number) {
  const runs = { count: 0 };
  const t = tool({
    name,
    description: '',
    parameters: { type: 'object' },
    execute: () => (runs.count++, result),
    ...(maxResultBytes === undefined ? {} : { maxResultBytes }),
  });
  return { tool: t, runs };
}

/** Bytes of every checkpoint the thread has. */
async function storedBytes(store: MemoryStore, threadId: string): Promise<number> {
  return (await store.list(threadId)).reduce((sum, e) => sum + e.bytes.length, 0);
}

const tooLarge = (tool: string, bytes: number, max: number, raise = 'tool({ maxResultBytes }) or chatModelAgent({ maxToolResultBytes })') =>
  `the result of ${tool} is ${bytes} bytes, more than the ${max} bytes a result of ${tool} may have, so it was dropped; ` +
  `call it again asking for less (a narrower query, a smaller page), or raise the limit with ${raise}`;

describe('tool results are held to a size limit before they enter the history', () => {
  it('by default (1 MiB): a 2 MiB result becomes a tool error the model sees, and neither the history nor the checkpoints hold it', async () => {
    const store = new MemoryStore();
    const big = returning('fetch_page', 'x'.repeat(2 * MiB));
    const model = scriptedModel([call('fetch_page'), { text: 'The page is too large.' }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [big.tool] });
    const done = await new Runner({ agent, store }).query('read it', { threadId: 't' });
    expect(DEFAULT_MAX_TOOL_RESULT_BYTES).toBe(MiB);
    const message = tooLarge('fetch_page', 2 * MiB, MiB);
    expect(summarize(done.events)).toEqual([
      'A [A] | assistant:  → fetch_page({})',
      `A [A] | tool fetch_page: Error: ${message} | ERROR TOOL_RESULT_TOO_LARGE`,
      'A [A] | assistant: The page is too large.',
    ]);
    expect(done.events[1]).toMatchObject({
      type: 'tool-result',
      error: {
        code: 'TOOL_RESULT_TOO_LARGE',
        message,
        details: { tool: 'fetch_page', callId: 'c1', bytes: 2 * MiB, maxResultBytes: MiB },
        retryable: false,
      },
    });
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'read it' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'fetch_page', arguments: '{}' }] },
      { role: 'tool', content: `Error: ${message}`, toolCallId: 'c1', name: 'fetch_page' },
    ]);
    expect(big.runs.count).toBe(1);
    expect(await storedBytes(store, 't')).toBeLessThan(64 * 1024);
  });

  it('a result within the limit passes whole, to the byte; UTF-8 bytes count, not characters', async () => {
    const exact = returning('exact', 'a'.repeat(MiB));
    // 600,000 characters, 1,200,000 bytes: within the limit by length, over it by bytes.
    const accented = returning('accented', 'é'.repeat(600_000));
    const model = scriptedModel([call('exact', 'c1'), call('accented', 'c2'), { text: 'done' }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [exact.tool, accented.tool] });
    const done = await new Runner({ agent }).query('go');
    expect(done.status).toBe('done');
    expect(model.calls[1]!.messages.at(-1)).toEqual({ role: 'tool', content: 'a'.repeat(MiB), toolCallId: 'c1', name: 'exact' });
    expect(model.calls[2]!.messages.at(-1)?.content).toBe(`Error: ${tooLarge('accented', 1_200_000, MiB)}`);
  });

  it("a value result is measured as the JSON the model gets; the tool's maxResultBytes wins over the agent's maxToolResultBytes", async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const json = JSON.stringify(rows);
    const own = returning('own', rows, 100);
    const roomy = returning('roomy', rows, json.length);
    const model = scriptedModel([call('own', 'c1'), call('roomy', 'c2'), { text: 'done' }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [own.tool, roomy.tool], maxToolResultBytes: 10 });
    await new Runner({ agent }).query('go');
    expect(model.calls[1]!.messages.at(-1)?.content).toBe(`Error: ${tooLarge('own', json.length, 100, 'tool({ maxResultBytes })')}`);
    expect(model.calls[2]!.messages.at(-1)?.content).toBe(json);

    const plain = returning('plain', rows);
    const small = scriptedModel([call('plain'), { text: 'done' }]);
    await new Runner({
      agent: chatModelAgent({ name: 'B', description: '', model: small, tools: [plain.tool], maxToolResultBytes: 10 }),
    }).query('go');
    expect(small.calls[1]!.messages.at(-1)?.content).toBe(`Error: ${tooLarge('plain', json.length, 10)}`);

    const unlimited = returning('unlimited', 'x'.repeat(2 * MiB), Infinity);
    const open = scriptedModel([call('unlimited'), { text: 'done' }]);
    await new Runner({ agent: chatModelAgent({ name: 'C', description: '', model: open, tools: [unlimited.tool] }) }).query('go');
    expect(open.calls[1]!.messages.at(-1)?.content).toHaveLength(2 * MiB);
  });

  it("with toolErrors: 'throw', an oversized result fails the run with TOOL_RESULT_TOO_LARGE, not retryable", async () => {
    const big = returning('dump', 'y'.repeat(2000));
    const model = scriptedModel([call('dump'), { text: 'never' }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [big.tool], maxToolResultBytes: 1000, toolErrors: 'throw' });
    const failed = await new Runner({ agent }).query('go');
    expect(failed.status).toBe('error');
    expect(failed.error?.toJSON()).toEqual({
      name: 'AgentError',
      code: 'TOOL_RESULT_TOO_LARGE',
      message: tooLarge('dump', 2000, 1000),
      details: { tool: 'dump', callId: 'c1', bytes: 2000, maxResultBytes: 1000 },
      retryable: false,
    });
    expect(summarize(failed.events)).toEqual(['A [A] | assistant:  → dump({})', 'A [A] | ERROR TOOL_RESULT_TOO_LARGE']);
    expect(model.calls).toHaveLength(1);
  });

  it('a bad limit is a typed error where it is given', () => {
    const execute = () => 'ok';
    expect(() => tool({ name: 't', description: '', parameters: { type: 'object' }, execute, maxResultBytes: 0 })).toThrow(
      expect.objectContaining({
        code: 'TOOL_DEFINITION_INVALID',
        message: 'tool "t": maxResultBytes must be a positive integer or Infinity (got 0)',
      }),
    );
    const model = scriptedModel([]);
    expect(() => chatModelAgent({ name: 'A', description: '', model, maxToolResultBytes: 2.5 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'chatModelAgent "A": maxToolResultBytes must be a positive integer or Infinity (got 2.5)',
      }),
    );
  });
});
