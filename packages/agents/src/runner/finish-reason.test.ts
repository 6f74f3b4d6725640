import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/** A get_weather tool that records every city it really ran for. */
function weatherTool() {
  const ran: string[] = [];
  const getWeather = tool<{ city: string }>({
    name: 'get_weather',
    description: 'The weather of a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    execute: ({ city }) => (ran.push(city), `4°C in ${city}`),
  });
  return { getWeather, ran };
}

const CUT =
  'Error: the arguments of get_weather were cut off: the answer reached the model\'s output limit (finish reason "length") ' +
  'before they were complete; call get_weather again with shorter arguments';

describe('a tool call cut off at the output limit (finishReason "length")', () => {
  for (const streaming of [false, true]) {
    it(`never runs; the model is told it was cut off, calls again and the run completes (${streaming ? 'stream' : 'generate'})`, async () => {
      const { getWeather, ran } = weatherTool();
      const model = scriptedModel(
        [
          { toolCalls: [{ name: 'get_weather', arguments: '{"city": "Osl', id: 'c1' }], finishReason: 'length' },
          { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' }, id: 'c2' }] },
          { text: 'It is 4°C in Oslo.' },
        ],
        { chunkSize: 4 },
      );
      const agent = chatModelAgent({ name: 'Weather', description: '', model, tools: [getWeather] });
      const done = await new Runner({ agent, streaming }).query('Weather in Oslo?');
      expect(done.status).toBe('done');
      expect(ran).toEqual(['Oslo']);
      const messages = done.events.filter((e) => e.type !== 'chunk');
      expect(summarize(messages)).toEqual([
        'Weather [Weather] | assistant:  → get_weather({"city": "Osl)',
        `Weather [Weather] | tool get_weather: ${CUT} | ERROR TOOL_ARGUMENTS_INVALID`,
        'Weather [Weather] | assistant:  → get_weather({"city":"Oslo"})',
        'Weather [Weather] | tool get_weather: 4°C in Oslo',
        'Weather [Weather] | assistant: It is 4°C in Oslo.',
      ]);
      // The assistant message keeps its finish reason; the model's next request holds the error as the call's result.
      expect(messages[0]?.output?.message?.finishReason).toBe('length');
      expect(model.calls[1]!.messages.slice(1)).toEqual([
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city": "Osl' }],
          finishReason: 'length',
        },
        { role: 'tool', content: CUT, toolCallId: 'c1', name: 'get_weather' },
      ]);
      expect(model.calls).toHaveLength(3);
    });
  }

  it('in a turn of several calls only the cut one fails; the complete ones run', async () => {
    const { getWeather, ran } = weatherTool();
    const model = scriptedModel([
      {
        toolCalls: [
          { name: 'get_weather', arguments: { city: 'Bergen' }, id: 'c1' },
          { name: 'get_weather', arguments: '{"city": "Tro', id: 'c2' },
        ],
        finishReason: 'length',
      },
      { text: 'Bergen: 4°C; I will ask for Tromsø again.' },
    ]);
    const done = await new Runner({ agent: chatModelAgent({ name: 'W', description: '', model, tools: [getWeather] }) }).query('?');
    expect(ran).toEqual(['Bergen']);
    expect(model.calls[1]!.messages.slice(-2).map((m) => [m.toolCallId, m.content])).toEqual([
      ['c1', '4°C in Bergen'],
      ['c2', CUT],
    ]);
    expect(done.status).toBe('done');
  });

  it('arguments that are not JSON for another reason get the JSON error, as before', async () => {
    const { getWeather, ran } = weatherTool();
    for (const finishReason of ['tool-calls', undefined] as const) {
      const model = scriptedModel([
        { toolCalls: [{ name: 'get_weather', arguments: '{"city": "Osl', id: 'c1' }], ...(finishReason && { finishReason }) },
        { text: 'Sorry.' },
      ]);
      await new Runner({ agent: chatModelAgent({ name: 'W', description: '', model, tools: [getWeather] }) }).query('?');
      expect(model.calls[1]!.messages.at(-1)?.content).toMatch(/^Error: the arguments for get_weather are not valid JSON \(/);
    }
    expect(ran).toEqual([]);
  });

  it("with toolErrors: 'throw' the run fails with that error", async () => {
    const { getWeather } = weatherTool();
    const model = scriptedModel([{ toolCalls: [{ name: 'get_weather', arguments: '{"ci' }], finishReason: 'length' }]);
    const agent = chatModelAgent({ name: 'W', description: '', model, tools: [getWeather], toolErrors: 'throw' });
    const done = await new Runner({ agent }).query('?');
    expect(done.status).toBe('error');
    expect(done.error).toMatchObject({ code: 'TOOL_ARGUMENTS_INVALID', message: CUT.slice('Error: '.length) });
  });
});
