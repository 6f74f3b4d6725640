import type { GraphEvent, Instrumentation } from '@weft/graph';
import { openAIChatModel, scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  chatModelAgent,
  observeModelInput,
  Runner,
  tool,
  type ChatModel,
  type Message,
  type ModelCallOptions,
  type ModelInput,
} from '../index.ts';

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `sunny in ${city}`,
});

/** An instrumentation that listens to model inputs and notes, in order, the model node's start and end and each input. */
function listening(onInput: (input: ModelInput, stop: () => void) => void = () => {}) {
  const seen: string[] = [];
  const inputs: ModelInput[] = [];
  const instrumentation: Instrumentation = {
    startRun(run) {
      const stop = observeModelInput(run.context, (input) => {
        seen.push(`input ${input.node} (${input.messages.length} messages)`);
        inputs.push(input);
        onInput(input, stop);
      });
      return {
        types: new Set<GraphEvent['type']>(['node.start', 'node.end']),
        event: (e) =>
          void (e.type === 'node.start' || e.type === 'node.end' ? e.node === 'Weather' && seen.push(`${e.type} ${e.node}`) : 0),
        end: stop,
      };
    },
  };
  return { seen, inputs, instrumentation };
}

const weatherModel = () =>
  scriptedModel([{ toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] }, { text: 'It is sunny.' }], { name: 'm' });

describe('observeModelInput: what each model call sends, for instrumentations that ask', () => {
  it('each model step, while its node runs and before the model is called: where it runs and exactly the messages the model gets', async () => {
    const model = weatherModel();
    const agent = chatModelAgent({ name: 'Weather', description: '', instruction: 'Answer briefly.', model, tools: [weather] });
    const { seen, inputs, instrumentation } = listening();
    const done = await new Runner({ agent, instrumentation: [instrumentation] }).query('Weather in Oslo?');
    expect(done.status).toBe('done');
    expect(seen).toEqual([
      'node.start Weather',
      'input Weather (2 messages)',
      'node.end Weather',
      'node.start Weather',
      'input Weather (4 messages)',
      'node.end Weather',
    ]);
    expect(inputs.map(({ agentName, path, node, key }) => ({ agentName, path, node, key }))).toEqual([
      { agentName: 'Weather', path: [], node: 'Weather', key: undefined },
      { agentName: 'Weather', path: [], node: 'Weather', key: undefined },
    ]);
    // The instruction leads, as a system message: the list the model was given.
    expect(inputs.map((i) => i.messages)).toEqual(model.calls.map((c) => c.messages));
    expect(inputs[0]!.messages[0]).toEqual({ role: 'system', content: 'Answer briefly.' });
  });

  it('a structured-output correction is part of its step: one input per step; the stop function ends the listening; a listener that throws changes nothing', async () => {
    const Forecast = z.object({ city: z.string(), celsius: z.number() });
    const model = scriptedModel([{ text: '{"city":"Oslo"}' }, { output: { city: 'Oslo', celsius: 4 } }]);
    const agent = chatModelAgent({ name: 'Weather', description: '', model, outputSchema: Forecast });
    const { inputs, instrumentation } = listening(() => {
      throw new Error('an observer failed');
    });
    const done = await new Runner({ agent, instrumentation: [instrumentation] }).query('Oslo?');
    expect([done.status, done.finalOutput]).toEqual(['done', { city: 'Oslo', celsius: 4 }]);
    expect([inputs.length, model.calls.length]).toEqual([1, 2]);

    const twice = weatherModel();
    const stopped = listening((_, stop) => stop());
    const again = chatModelAgent({ name: 'Weather', description: '', model: twice, tools: [weather] });
    await new Runner({ agent: again, instrumentation: [stopped.instrumentation] }).query('Weather in Oslo?');
    expect([stopped.inputs.length, twice.calls.length]).toEqual([1, 2]);
  });
});

describe('model node annotations: what instrumentations learn of the model', () => {
  const annotationsOf = (model: ChatModel, outputSchema?: z.ZodType) =>
    new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, ...(outputSchema ? { outputSchema } : {}) }) }).graph
      .toJSON()
      .nodes.find((n) => n.id === 'A')?.annotations;

  it("the model's declared info as plain data, and outputType json with an outputSchema; a model that declares nothing adds nothing", () => {
    const openai = openAIChatModel({ baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', temperature: 0 });
    expect(annotationsOf(openai, z.object({ ok: z.boolean() }))).toMatchObject({
      model: 'gpt-4o-mini',
      modelInfo: {
        provider: 'openai',
        server: { address: 'api.openai.com', port: 443 },
        request: { model: 'gpt-4o-mini', temperature: 0 },
      },
      outputType: 'json',
    });
    const scripted = annotationsOf(scriptedModel([]));
    expect([scripted?.['model'], 'modelInfo' in scripted!, 'outputType' in scripted!]).toEqual(['scripted', false, false]);
  });

  it('only the documented fields of a declared info, of the documented types', () => {
    const inner = scriptedModel([]);
    // A model written in JavaScript, or typed loosely: what it declares is read, not trusted.
    const odd = {
      name: 'odd',
      info: {
        provider: 'openai',
        secret: 'sk-…',
        server: { address: 'h', port: '443' },
        request: { temperature: Number.NaN, maxTokens: 100, client: {} },
      },
      generate: (m: Message[], o: ModelCallOptions) => inner.generate(m, o),
      stream: (m: Message[], o: ModelCallOptions) => inner.stream(m, o),
    } as unknown as ChatModel;
    expect(annotationsOf(odd)?.['modelInfo']).toEqual({ provider: 'openai', request: { maxTokens: 100 } });
  });
});

describe('the response id and model in the history', () => {
  it('kept on the answer as two strings at most; anything else the model put there is dropped', async () => {
    const answers = [
      { role: 'assistant', content: 'a', response: { id: 'r1', model: 'm-2025', headers: { big: 'x' } } },
      { role: 'assistant', content: 'b', response: 'r2' },
    ];
    const model: ChatModel = {
      name: 'm',
      generate: async () => answers.shift() as never,
      stream: () => {
        throw new Error('not streamed');
      },
    };
    const agent = chatModelAgent({ name: 'A', description: '', model });
    const runner = new Runner({ agent });
    const first = await runner.query('1', { threadId: 't' });
    const second = await runner.query('2', { threadId: 't' });
    expect([first.finalMessage, second.finalMessage]).toEqual([
      { role: 'assistant', content: 'a', response: { id: 'r1', model: 'm-2025' } },
      { role: 'assistant', content: 'b' },
    ]);
  });
});
