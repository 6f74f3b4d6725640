import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptCallInfo } from '@weft/models';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatModelAgent, Runner, sequential, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const Forecast = z.object({ city: z.string(), celsius: z.number() });
const FORECAST_JSON = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
  additionalProperties: false,
};

/** What each model call asked for as structured output. */
function outputsAsked(calls: ScriptCallInfo[]) {
  return calls.map((c) => c.output);
}

describe('structured output (outputSchema)', () => {
  it('asks the model for the schema, validates the answer, and gives the typed value as finalOutput and under outputKey', async () => {
    const asked: ScriptCallInfo[] = [];
    const model = scriptedModel([
      (_, info) => {
        asked.push(info);
        return { output: { city: 'Oslo', celsius: 21 } };
      },
    ]);
    const agent = chatModelAgent({ name: 'weather agent', description: 'forecasts', model, outputSchema: Forecast, outputKey: 'forecast' });
    const done = await new Runner({ agent }).query('Oslo?');
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.finalOutput).toEqual({ city: 'Oslo', celsius: 21 });
    expect(done.finalMessage).toMatchObject({ role: 'assistant', content: '{"city":"Oslo","celsius":21}' });
    expect(done.sessionValues).toEqual({ forecast: { city: 'Oslo', celsius: 21 } });
    expect(summarize(done.events)).toEqual(['weather agent [weather agent] | assistant: {"city":"Oslo","celsius":21}']);
    // The provider-safe name (no spaces), the agent's description, the schema as JSON Schema.
    const { additionalProperties: _open, ...zodInput } = FORECAST_JSON; // Zod's object accepts (and drops) extra keys
    expect(outputsAsked(asked)).toEqual([{ name: 'weather_agent', description: 'forecasts', schema: zodInput }]);
  });

  it('an invalid answer goes back to the model with the library message; the accepted one alone is history', async () => {
    const model = scriptedModel([
      { text: '{"city":"Oslo","celsius":"warm"}' },
      { text: 'sunny' },
      { output: { city: 'Oslo', celsius: 21 } },
      { text: 'next' },
    ]);
    const writer = scriptedModel([{ text: 'Oslo is at 21°C.' }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, outputSchema: Forecast });
    const flow = sequential({
      name: 'S',
      description: '',
      subAgents: [agent, chatModelAgent({ name: 'B', description: '', model: writer })],
    });
    const done = await new Runner({ agent: flow }).query('Oslo?');
    expect(summarize(done.events)).toEqual([
      'A [S,A] | assistant: {"city":"Oslo","celsius":"warm"}',
      'A [S,A] | assistant: sunny',
      'A [S,A] | assistant: {"city":"Oslo","celsius":21}',
      'B [S,A,B] | assistant: Oslo is at 21°C.',
    ]);
    const [, second, third] = model.calls;
    expect(second!.messages).toEqual([
      { role: 'user', content: 'Oslo?' },
      { role: 'assistant', content: '{"city":"Oslo","celsius":"warm"}' },
      {
        role: 'user',
        content: expect.stringMatching(
          /^Your answer does not match the required output schema: celsius: Invalid input: expected number, received string\. Answer again/,
        ),
      },
    ]);
    expect(third!.messages.at(-1)).toEqual({
      role: 'user',
      content: expect.stringMatching(/^Your answer does not match the required output schema: the answer is not JSON \(/),
    });
    expect(model.calls).toHaveLength(3);
    // B sees the accepted answer only, as another agent's message.
    expect(writer.calls[0]!.messages.map((m) => m.content)).toEqual(['Oslo?', expect.stringContaining('{"city":"Oslo","celsius":21}')]);
    expect(writer.calls[0]!.messages.map((m) => m.content).join('\n')).not.toContain('warm');
    // The workflow's output type is the union of its agents' (the writer's text, here).
    expect(done.status === 'done' && done.finalOutput).toBe('Oslo is at 21°C.');
  });

  it('after outputRetries corrections the agent fails with OUTPUT_INVALID: an error event, status error, no more calls', async () => {
    const store = new MemoryStore();
    const model = scriptedModel([{ text: '{}' }, { text: '{"city":1}' }, { output: { city: 'x', celsius: 1 } }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, outputSchema: Forecast, outputRetries: 1 });
    const failed = await new Runner({ agent, store }).query('Oslo?', { threadId: 't1' });
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({
      code: 'OUTPUT_INVALID',
      message: expect.stringMatching(/^agent "A": the answer does not match its outputSchema after 1 correction: city: /),
    });
    expect(summarize(failed.events)).toEqual(['A [A] | assistant: {}', 'A [A] | assistant: {"city":1}', 'A [A] | ERROR OUTPUT_INVALID']);
    expect(model.calls).toHaveLength(2);
    // The failed model step is not in the thread: a resume asks the model again, and the third answer is accepted.
    const again = await new Runner({ agent, store }).resume(failed.checkpointId!);
    expect(again.status === 'done' && again.finalOutput).toEqual({ city: 'x', celsius: 1 });
    expect(model.calls).toHaveLength(3);
  });

  it('a JSON Schema as outputSchema: the same request, validated by ajv, typed from the literal schema', async () => {
    const asked: ScriptCallInfo[] = [];
    const model = scriptedModel([{ text: '{"city":"Oslo"}' }, (_, info) => (asked.push(info), { output: { city: 'Oslo', celsius: 3 } })]);
    const agent = chatModelAgent({ name: 'A', description: '', model, outputSchema: FORECAST_JSON });
    const done = await new Runner({ agent }).query('Oslo?');
    expect(done.status === 'done' && done.finalOutput).toEqual({ city: 'Oslo', celsius: 3 });
    expect(model.calls[1]!.messages.at(-1)!.content).toMatch(
      /^Your answer does not match the required output schema: output must have required property 'celsius'/,
    );
    expect(outputsAsked(asked)).toEqual([{ name: 'A', schema: FORECAST_JSON }]);
  });

  it('with tools: every call asks for the output; tool turns are not checked, the final answer is', async () => {
    const calls: ScriptCallInfo[] = [];
    const lookup = tool({
      name: 'lookup',
      description: 'temperature of a city',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => `${city}: 4`,
    });
    const model = scriptedModel([
      (_, info) => (calls.push(info), { toolCalls: [{ name: 'lookup', arguments: { city: 'Oslo' }, id: 'c1' }] }),
      (_, info) => (calls.push(info), { output: { city: 'Oslo', celsius: 4 } }),
    ]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [lookup], outputSchema: Forecast });
    const done = await new Runner({ agent }).query('Oslo?');
    expect(summarize(done.events)).toEqual([
      'A [A] | assistant:  → lookup({"city":"Oslo"})',
      'A [A] | tool lookup: Oslo: 4',
      'A [A] | assistant: {"city":"Oslo","celsius":4}',
    ]);
    expect(calls.map((c) => c.output?.name)).toEqual(['A', 'A']);
    expect(done.status === 'done' && done.finalOutput).toEqual({ city: 'Oslo', celsius: 4 });
  });

  it('a Valibot schema works once wrapped for JSON Schema; unwrapped, and with exit, it is a definition error', () => {
    const model = scriptedModel([{ text: '' }]);
    const schema = v.object({ city: v.string() });
    expect(() => chatModelAgent({ name: 'A', description: '', model, outputSchema: schema })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('toStandardJsonSchema') }),
    );
    expect(chatModelAgent({ name: 'A', description: '', model, outputSchema: toStandardJsonSchema(schema) }).outputSchema).toBeDefined();
    expect(() => chatModelAgent({ name: 'A', description: '', model, outputSchema: Forecast, exit: true })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('cannot be combined with exit') }),
    );
    expect(() => chatModelAgent({ name: 'A', description: '', model, outputRetries: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
