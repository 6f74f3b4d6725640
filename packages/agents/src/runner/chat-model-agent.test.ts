import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const getWeather = tool<{ city: string }>({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => `the temperature in ${city} is 25°C`,
});

describe('ChatModelAgent', () => {
  it('without tools: one model call, one assistant event, instruction first', async () => {
    const model = scriptedModel([{ text: 'Hello!' }]);
    const agent = chatModelAgent({ name: 'A', description: 'greets', instruction: 'Be brief.', model });
    const done = await new Runner({ agent }).query('hi');
    expect(done.status).toBe('done');
    expect(summarize(done.events)).toEqual(['A [A] | assistant: Hello!']);
    expect(model.calls.map((c) => c.messages)).toEqual([
      [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    ]);
    expect(model.calls[0]!.tools).toEqual([]);
  });

  it('with tools: the ReAct loop, one event per model call and per tool call, ending on an answer', async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Beijing' }, id: 'c1' }] },
      { text: 'It is 25°C in Beijing.' },
    ]);
    const agent = chatModelAgent({ name: 'WeatherAgent', description: 'weather', model, tools: [getWeather] });
    const done = await new Runner({ agent }).query("What's the weather in Beijing?");
    expect(summarize(done.events)).toEqual([
      'WeatherAgent [WeatherAgent] | assistant:  → get_weather({"city":"Beijing"})',
      'WeatherAgent [WeatherAgent] | tool get_weather: the temperature in Beijing is 25°C',
      'WeatherAgent [WeatherAgent] | assistant: It is 25°C in Beijing.',
    ]);
    expect(model.calls[0]!.tools.map((t) => t.name)).toEqual(['get_weather']);
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: "What's the weather in Beijing?" },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Beijing"}' }] },
      { role: 'tool', content: 'the temperature in Beijing is 25°C', toolCallId: 'c1', name: 'get_weather' },
    ]);
  });

  it('maxIterations counts model calls: call N+1 does not happen and the run ends with a typed error event', async () => {
    const call = { toolCalls: [{ name: 'get_weather', arguments: { city: 'X' } }] };
    const model = scriptedModel([call, call, call]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [getWeather], maxIterations: 2 });
    const done = await new Runner({ agent }).query('loop');
    expect(done.status).toBe('error');
    expect(done.error).toMatchObject({ code: 'MAX_ITERATIONS_EXCEEDED', details: { agent: 'A', maxIterations: 2 } });
    const graphStop = await new Runner({
      agent: chatModelAgent({ name: 'B', description: '', model: scriptedModel([call, call]), tools: [getWeather] }),
      maxSteps: 3,
    }).query('x');
    expect([graphStop.status, summarize(graphStop.events).at(-1)]).toEqual(['error', 'B [B] | ERROR MAX_STEPS_EXCEEDED']);
    expect(summarize(done.events).slice(-1)).toEqual(['A [A] | ERROR MAX_ITERATIONS_EXCEEDED']);
    expect(model.calls).toHaveLength(2);
  });

  it('the exit tool ends the agent with action.exit and the final result; outputKey stores it', async () => {
    const model = scriptedModel([{ toolCalls: [{ name: 'exit', arguments: { final_result: 'all done' } }] }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, exit: true, outputKey: 'result' });
    const done = await new Runner({ agent }).query('finish');
    expect(summarize(done.events)).toEqual([
      'A [A] | assistant:  → exit({"final_result":"all done"})',
      'A [A] | tool exit: all done | EXIT',
    ]);
    expect(done.sessionValues).toEqual({ result: 'all done' });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.tools.map((t) => t.name)).toEqual(['exit']);
  });

  it('returnDirectly: every tool of the turn runs, the return-directly result comes last and ends the agent', async () => {
    const lookup = tool({ name: 'lookup', description: '', parameters: { type: 'object' }, execute: () => 'the answer is 42' });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: 'lookup', arguments: {} },
          { name: 'get_weather', arguments: { city: 'Oslo' } },
        ],
      },
    ]);
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      model,
      tools: [lookup, getWeather],
      returnDirectly: ['lookup'],
      outputKey: 'out',
    });
    const done = await new Runner({ agent }).query('q');
    expect(summarize(done.events)).toEqual([
      'A [A] | assistant:  → lookup({}) get_weather({"city":"Oslo"})',
      'A [A] | tool get_weather: the temperature in Oslo is 25°C',
      'A [A] | tool lookup: the answer is 42',
    ]);
    expect(done.sessionValues).toEqual({ out: 'the answer is 42' });
    expect(model.calls).toHaveLength(1);
  });

  it('outputKey stores the final text; {key} placeholders read session values; a missing key is a typed error', async () => {
    const model = scriptedModel([{ text: 'Bonjour' }]);
    const agent = chatModelAgent({
      name: 'A',
      description: '',
      instruction: 'Answer in {language}. Format: {"reply": "…"}',
      model,
      outputKey: 'greeting',
    });
    const done = await new Runner({ agent }).query('hi', { sessionValues: { language: 'French' } });
    expect(done.sessionValues).toEqual({ language: 'French', greeting: 'Bonjour' });
    expect(model.calls[0]!.messages[0]).toEqual({ role: 'system', content: 'Answer in French. Format: {"reply": "…"}' });
    const missing = await new Runner({
      agent: chatModelAgent({ name: 'B', description: '', instruction: 'in {language}', model: scriptedModel([]) }),
    }).query('hi');
    expect(missing.status).toBe('error');
    expect(missing.error).toMatchObject({ code: 'INSTRUCTION_KEY_MISSING', details: { agent: 'B', key: 'language', available: [] } });
  });

  it('tool failures go back to the model as tool messages and the loop continues', async () => {
    const boom = tool({
      name: 'boom',
      description: '',
      parameters: { type: 'object' },
      execute: () => {
        throw new Error('disk full');
      },
    });
    const model = scriptedModel([
      {
        toolCalls: [
          { name: 'boom', arguments: {} },
          { name: 'nope', arguments: {} },
          { name: 'get_weather', arguments: '{bad json' },
          { name: 'get_weather', arguments: { town: 'X' } },
        ],
      },
      { text: 'sorry' },
    ]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [boom, getWeather] });
    const done = await new Runner({ agent }).query('q');
    expect(done.status).toBe('done');
    const results = model.calls[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results).toEqual([
      'Error: boom failed: disk full',
      'Error: there is no tool named "nope"; available tools: boom, get_weather',
      expect.stringMatching(/^Error: the arguments for get_weather are not valid JSON/),
      "Error: invalid arguments for get_weather: arguments must have required property 'city'",
    ]);
    expect(
      done.events
        .filter((e) => e.error)
        .map((e) => e.error!.code)
        .sort(),
    ).toEqual(['TOOL_ARGUMENTS_INVALID', 'TOOL_ARGUMENTS_INVALID', 'TOOL_FAILED', 'TOOL_NOT_FOUND']);
    const strict = chatModelAgent({
      name: 'S',
      description: '',
      model: scriptedModel([{ toolCalls: [{ name: 'boom', arguments: {} }] }]),
      tools: [boom],
      toolErrors: 'throw',
    });
    const failed = await new Runner({ agent: strict }).query('q');
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({ code: 'TOOL_FAILED' });
    expect(summarize(failed.events)).toEqual(['S [S] | assistant:  → boom({})', 'S [S] | ERROR TOOL_FAILED']);
  });

  it('tools read and write session values; later instructions see them', async () => {
    const remember = tool<{ city: string }>({
      name: 'remember',
      description: '',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      execute: ({ city }, ctx) => (ctx.setSessionValue('city', city), `saved (user ${String(ctx.getSessionValue('user'))})`),
    });
    const model = scriptedModel([{ toolCalls: [{ name: 'remember', arguments: { city: 'Lima' } }] }, { text: 'ok' }]);
    const agent = chatModelAgent({ name: 'A', description: '', instruction: 'User {user}', model, tools: [remember] });
    const done = await new Runner({ agent }).query('q', { sessionValues: { user: 'ana' } });
    expect(done.sessionValues).toEqual({ user: 'ana', city: 'Lima' });
    expect(summarize(done.events)[1]).toBe('A [A] | tool remember: saved (user ana)');
  });

  it('streams chunks as events before the assembled assistant event', async () => {
    const model = scriptedModel([{ chunks: ['Hel', 'lo'] }]);
    const done = await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model }), streaming: true }).query('hi');
    expect(summarize(done.events)).toEqual(['A [A] | chunk: Hel', 'A [A] | chunk: lo', 'A [A] | assistant: Hello']);
  });
});

describe('Runner', () => {
  it('compiles once; runner.graph is the ReAct loop (model → tools → model, the tools routing the turn) with agent annotations', () => {
    const agent = chatModelAgent({ name: 'A', description: 'd', model: scriptedModel([]), tools: [getWeather] });
    const json = new Runner({ agent, store: new MemoryStore() }).graph.toJSON();
    expect(json.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['__start__', 'start'],
      ['A', 'chat-model'],
      ['A:tools', 'tools'],
      ['run:start', 'lambda'],
      ['__end__', 'end'],
    ]);
    expect(json.edges.map((e) => `${e.from}→${e.to}:${e.kind}`).sort()).toEqual(
      [
        'A:tools→A:branch',
        'A:tools→__end__:branch',
        'A→A:tools:branch',
        'A→__end__:branch',
        '__start__→run:start:edge',
        'run:start→A:edge',
      ].sort(),
    );
  });

  it('rejects misuse with typed errors', async () => {
    const runner = new Runner({
      agent: chatModelAgent({ name: 'A', description: '', model: scriptedModel([]) }),
      store: new MemoryStore(),
    });
    expect(() => runner.run('hi' as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => runner.resume('no-separator')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    await expect(runner.resume('t::missing', { resume: {} })).rejects.toMatchObject({ code: 'THREAD_NOT_FOUND' });
    expect(() => new Runner({} as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('a conversation on one thread', () => {
  it('a second query continues the thread: the agent sees the earlier exchange in order, and the RunPath starts again', async () => {
    const { MemoryStore: Store } = await import('@weft/graph');
    const store = new Store();
    const model = scriptedModel([{ text: 'Hi Ana!' }, { text: 'You are Ana.' }]);
    const runner = new Runner({ agent: chatModelAgent({ name: 'A', description: '', model }), store });
    const first = await runner.query('I am Ana', { threadId: 'chat' });
    const second = await runner.query('Who am I?', { threadId: 'chat' });
    expect(summarize(first.events)).toEqual(['A [A] | assistant: Hi Ana!']);
    expect(summarize(second.events)).toEqual(['A [A] | assistant: You are Ana.']);
    expect(model.calls[1]!.messages).toEqual([
      { role: 'user', content: 'I am Ana' },
      { role: 'assistant', content: 'Hi Ana!' },
      { role: 'user', content: 'Who am I?' },
    ]);
  });

  it('40 turns on one thread (past the 32-event chunks of the history): each turn the model gets the whole conversation, in order; a process that loads the thread from the store sees the same', async () => {
    const { MemoryStore: Store } = await import('@weft/graph');
    const store = new Store();
    const answer = (messages: readonly { role: string }[]) => ({ text: `answer ${messages.filter((m) => m.role === 'user').length}` });
    const model = scriptedModel([answer], { repeatLast: true });
    const runner = new Runner({ agent: chatModelAgent({ name: 'A', description: '', model }), store });
    const conversation = (turns: number) =>
      Array.from({ length: turns }, (_, i) => [
        { role: 'user', content: `turn ${i + 1}` },
        { role: 'assistant', content: `answer ${i + 1}` },
      ]).flat();
    for (let k = 1; k <= 40; k++) {
      const res = await runner.query(`turn ${k}`, { threadId: 'long' });
      expect(summarize(res.events)).toEqual([`A [A] | assistant: answer ${k}`]);
      expect(model.calls.at(-1)!.messages).toEqual(conversation(k).slice(0, -1));
    }
    // Another process continues the thread from a copy of the store (nothing of it in memory there).
    const copy = new Store();
    for (const entry of (await store.list('long')).reverse()) await copy.put(entry);
    const elsewhere = scriptedModel([answer], { repeatLast: true });
    const other = new Runner({ agent: chatModelAgent({ name: 'A', description: '', model: elsewhere }), store: copy });
    await other.query('turn 41', { threadId: 'long' });
    expect(elsewhere.calls[0]!.messages).toEqual(conversation(41).slice(0, -1));
  });
});
