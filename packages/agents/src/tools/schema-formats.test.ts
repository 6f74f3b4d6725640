import { scriptedModel } from '@weft/models';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { chatModelAgent, Runner, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/** Everything that could print: the console's methods and stderr itself. */
let printed: MockInstance[] = [];
beforeEach(() => {
  printed = [
    vi.spyOn(console, 'warn').mockImplementation(() => {}),
    vi.spyOn(console, 'error').mockImplementation(() => {}),
    vi.spyOn(console, 'log').mockImplementation(() => {}),
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
  ];
});
afterEach(() => void vi.restoreAllMocks());
const printedCalls = () => printed.flatMap((spy) => spy.mock.calls);

// As MCP servers write them: JSON Schema formats, OpenAPI's numeric ones, and one no vocabulary has.
const FETCH = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri' },
    notify: { type: 'string', format: 'email' },
    since: { type: 'string', format: 'date-time' },
    limit: { type: 'integer', format: 'int32' },
    trace: { type: 'string', format: 'x-vendor-trace-id' },
  },
  required: ['url'],
} as const;

describe('JSON Schema formats in tool parameters and outputSchema', () => {
  it('are checked (uri, email, date-time, …): a bad value is a tool error the model sees; an unknown format is accepted; nothing is printed', async () => {
    const fetched: string[] = [];
    const fetchTool = tool({
      name: 'fetch',
      description: 'Fetches a page.',
      parameters: FETCH,
      execute: ({ url }) => (fetched.push(url), 'a page'),
    });
    const model = scriptedModel([
      { toolCalls: [{ name: 'fetch', arguments: { url: 'not a uri' }, id: 'c1' }] },
      { toolCalls: [{ name: 'fetch', arguments: { url: 'https://example.com/a', notify: 'nobody', since: 'yesterday' }, id: 'c2' }] },
      {
        toolCalls: [
          {
            name: 'fetch',
            arguments: {
              url: 'https://example.com/a',
              notify: 'ops@example.com',
              since: '2025-01-02T03:04:05Z',
              limit: 10,
              trace: 'anything',
            },
            id: 'c3',
          },
        ],
      },
      { text: 'fetched' },
    ]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [fetchTool] });
    const done = await new Runner({ agent }).query('fetch it');
    expect(summarize(done.events)).toEqual([
      'A [A] | assistant:  → fetch({"url":"not a uri"})',
      'A [A] | tool fetch: Error: invalid arguments for fetch: arguments/url must match format "uri" | ERROR TOOL_ARGUMENTS_INVALID',
      'A [A] | assistant:  → fetch({"url":"https://example.com/a","notify":"nobody","since":"yesterday"})',
      'A [A] | tool fetch: Error: invalid arguments for fetch: arguments/notify must match format "email", arguments/since must match format "date-time" | ERROR TOOL_ARGUMENTS_INVALID',
      'A [A] | assistant:  → fetch({"url":"https://example.com/a","notify":"ops@example.com","since":"2025-01-02T03:04:05Z","limit":10,"trace":"anything"})',
      'A [A] | tool fetch: a page',
      'A [A] | assistant: fetched',
    ]);
    expect(model.calls[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      content: 'Error: invalid arguments for fetch: arguments/url must match format "uri"',
      toolCallId: 'c1',
      name: 'fetch',
    });
    expect(fetched).toEqual(['https://example.com/a']);
    // The model is given the schema as written.
    expect(model.calls[0]!.tools[0]!.parameters).toEqual(FETCH);
    expect(printedCalls()).toEqual([]);
  });

  it('an outputSchema with a format: an answer that breaks it is corrected; nothing is printed', async () => {
    const model = scriptedModel([{ output: { contact: 'nobody' } }, { output: { contact: 'ops@example.com' } }]);
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      model,
      outputSchema: { type: 'object', properties: { contact: { type: 'string', format: 'email' } }, required: ['contact'] },
    });
    const done = await new Runner({ agent }).query('who?');
    expect(done.status).toBe('done');
    expect(done.finalOutput).toEqual({ contact: 'ops@example.com' });
    expect(model.calls[1]!.messages.at(-1)?.content).toBe(
      'Your answer does not match the required output schema: output/contact must match format "email". Answer again with only the JSON value.',
    );
    expect(printedCalls()).toEqual([]);
  });

  it('a schema with an $id compiles again as a new object (a server listing its tools anew), and its $refs resolve', async () => {
    const schema = () => ({
      $id: 'https://example.com/schemas/lookup.json',
      type: 'object',
      properties: { id: { $ref: 'https://example.com/schemas/lookup.json#/$defs/id' } },
      required: ['id'],
      $defs: { id: { type: 'string', format: 'uuid' } },
    });
    const make = () => tool({ name: 'lookup', description: '', parameters: schema(), execute: () => 'found' });
    const [first, second] = [make(), make()];
    expect(await first.check({ id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' })).toEqual({
      ok: true,
      value: { id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' },
    });
    expect(await second.check({ id: 'x' })).toEqual({ ok: false, message: 'arguments/id must match format "uuid"' });
    expect(printedCalls()).toEqual([]);
  });
});
