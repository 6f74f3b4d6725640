import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, deterministicTransfer, Runner, sequential, supervisor, tool, withSubAgents } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const transferTo = (agent_name: string, id = 't1'): ScriptItem => ({
  toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name }, id }],
});
const getWeather = tool<{ city: string }>({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => `the temperature in ${city} is 25°C`,
});

/** The router example of the reference: RouterAgent with ChatAgent and WeatherAgent. */
function routerSystem(routerScript: ScriptItem[], weatherScript: ScriptItem[] = []) {
  const router = chatModelAgent({
    name: 'RouterAgent',
    description: 'Routes questions.',
    instruction: 'You route questions.',
    model: scriptedModel(routerScript, { name: 'router' }),
  });
  const chat = chatModelAgent({ name: 'ChatAgent', description: 'Small talk.', model: scriptedModel([], { name: 'chat' }) });
  const weatherModel = scriptedModel(weatherScript, { name: 'weather' });
  const weather = chatModelAgent({
    name: 'WeatherAgent',
    description: 'Answers weather questions.',
    model: weatherModel,
    tools: [getWeather],
  });
  return { agent: withSubAgents(router, [chat, weather]), routerModel: router.model as ReturnType<typeof scriptedModel>, weatherModel };
}

describe('transfer', () => {
  it('the reference router: a weather question goes to WeatherAgent, which calls get_weather and answers', async () => {
    const sys = routerSystem(
      [transferTo('WeatherAgent')],
      [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Beijing' }, id: 'w1' }] }, { text: 'It is 25°C in Beijing.' }],
    );
    const done = await new Runner({ agent: sys.agent }).query("What's the weather in Beijing?");
    expect(summarize(done.events)).toEqual([
      'RouterAgent [RouterAgent] | assistant:  → transfer_to_agent({"agent_name":"WeatherAgent"})',
      'RouterAgent [RouterAgent] | tool transfer_to_agent: successfully transferred to agent [WeatherAgent] | TRANSFER → WeatherAgent',
      'WeatherAgent [RouterAgent,WeatherAgent] | assistant:  → get_weather({"city":"Beijing"})',
      'WeatherAgent [RouterAgent,WeatherAgent] | tool get_weather: the temperature in Beijing is 25°C',
      'WeatherAgent [RouterAgent,WeatherAgent] | assistant: It is 25°C in Beijing.',
    ]);
    const [system, user] = sys.routerModel.calls[0]!.messages;
    expect(user).toEqual({ role: 'user', content: "What's the weather in Beijing?" });
    expect(system!.content).toContain('You route questions.');
    expect(system!.content).toContain('- ChatAgent: Small talk.\n- WeatherAgent: Answers weather questions.');
    const transfer = sys.routerModel.calls[0]!.tools.find((t) => t.name === 'transfer_to_agent')!;
    expect(transfer.description).toContain('- WeatherAgent: Answers weather questions.');
    expect(transfer.parameters).toMatchObject({
      required: ['agent_name'],
      properties: { agent_name: { type: 'string' }, reason: { type: 'string' } },
    });
    expect(sys.weatherModel.calls[0]!.messages).toEqual([
      expect.objectContaining({ role: 'system' }),
      { role: 'user', content: "What's the weather in Beijing?" },
      {
        role: 'user',
        content: 'For context: [RouterAgent] called tool: `transfer_to_agent` with arguments: {"agent_name":"WeatherAgent"}.',
      },
      {
        role: 'user',
        content: 'For context: [RouterAgent] `transfer_to_agent` tool returned result: successfully transferred to agent [WeatherAgent].',
      },
    ]);
  });

  it('the reference router declines a flight booking without transferring', async () => {
    const sys = routerSystem([{ text: 'Sorry, I cannot book flights.' }]);
    const done = await new Runner({ agent: sys.agent }).query('Book me a flight from New York to London tomorrow.');
    expect(summarize(done.events)).toEqual(['RouterAgent [RouterAgent] | assistant: Sorry, I cannot book flights.']);
  });

  it('a transfer to an unknown or disallowed target is a tool error listing the valid targets; the model may try again', async () => {
    const sys = routerSystem([transferTo('FlightAgent'), transferTo('ChatAgent', 't2')]);
    const done = await new Runner({ agent: sys.agent }).query('hi');
    expect(summarize(done.events).slice(0, 2)).toEqual([
      'RouterAgent [RouterAgent] | assistant:  → transfer_to_agent({"agent_name":"FlightAgent"})',
      'RouterAgent [RouterAgent] | tool transfer_to_agent: Error: agent "RouterAgent" cannot transfer to "FlightAgent"; valid targets: ChatAgent, WeatherAgent | ERROR TRANSFER_TARGET_INVALID',
    ]);
    expect(summarize(done.events)[3]).toContain('TRANSFER → ChatAgent');
  });

  it('targets: children always, the parent unless disallowed, peers when allowed; back-transfers append to the RunPath', async () => {
    const mk = (name: string, script: ScriptItem[]) =>
      chatModelAgent({ name, description: `${name} desc`, model: scriptedModel(script, { name }) });
    const a = mk('A', [transferTo('B'), { text: 'A again' }]);
    const b = mk('B', [transferTo('A', 't2')]);
    const done = await new Runner({ agent: withSubAgents(a, [b]) }).query('go');
    expect(done.events.map((e) => `${e.agentName}:${e.runPath.join('>')}`)).toEqual(['A:A', 'A:A', 'B:A>B', 'B:A>B', 'A:A>B>A']);
    const tools = (opts: Parameters<typeof withSubAgents>[2]) => {
      const m = scriptedModel([{ text: 'x' }], { name: 'm' });
      const kid1 = chatModelAgent({ name: 'K1', description: '', model: m });
      const kid2 = mk('K2', []);
      const root = withSubAgents(mk('Root', [transferTo('K1')]), [kid1, kid2], opts);
      return new Runner({ agent: root })
        .query('q')
        .then(() => m.calls[0]!.tools.find((t) => t.name === 'transfer_to_agent')?.description ?? 'no transfer tool');
    };
    expect(await tools({})).toMatch(/- Root: Root desc$/);
    expect(await tools({ disallowTransferToParent: true })).toBe('no transfer tool');
    expect(await tools({ disallowTransferToParent: true, allowTransferToPeers: true })).toMatch(/- K2: K2 desc$/);
  });

  it('tree rules are typed errors at build time', () => {
    const mk = (name: string) => chatModelAgent({ name, description: '', model: scriptedModel([]) });
    const child = mk('C');
    withSubAgents(mk('P1'), [child]);
    expect(() => withSubAgents(mk('P2'), [child])).toThrow(
      expect.objectContaining({ code: 'AGENT_TREE_INVALID', message: expect.stringMatching(/already has the parent "P1"/) }),
    );
    expect(() => withSubAgents(mk('P3'), [mk('X'), mk('X')])).toThrow(expect.objectContaining({ code: 'AGENT_TREE_INVALID' }));
    const parent = withSubAgents(mk('P4'), [mk('Y')]);
    expect(() => withSubAgents(parent, [mk('Z')])).toThrow(
      expect.objectContaining({ code: 'AGENT_TREE_INVALID', message: expect.stringMatching(/set once/) }),
    );
    expect(() => new Runner({ agent: deterministicTransfer(mk('Lonely'), ['Nobody']) })).toThrow(
      expect.objectContaining({ code: 'AGENT_TREE_INVALID' }),
    );
    expect(() => deterministicTransfer(mk('Q'), ['a', 'b'])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('deterministic transfer and supervisor', () => {
  it('when the agent ends, a transfer pair is appended and the target runs; not after an exit', async () => {
    const writer = chatModelAgent({ name: 'Writer', description: '', model: scriptedModel([{ text: 'draft' }]) });
    const editor = chatModelAgent({ name: 'Editor', description: '', model: scriptedModel([{ text: 'edited' }]) });
    const done = await new Runner({
      agent: sequential({ name: 'S', description: '', subAgents: [deterministicTransfer(writer, ['Editor']), editor] }),
    }).query('write');
    expect(summarize(done.events).slice(0, 4)).toEqual([
      'Writer [S,Writer] | assistant: draft',
      'Writer [S,Writer] | assistant:  → transfer_to_agent({"agent_name":"Editor"})',
      'Writer [S,Writer] | tool transfer_to_agent: successfully transferred to agent [Editor] | TRANSFER → Editor',
      'Editor [S,Writer,Editor] | assistant: edited',
    ]);
  });

  it('supervisor: workers transfer back when they end; a worker exit ends the whole run', async () => {
    const boss = chatModelAgent({
      name: 'Boss',
      description: 'plans',
      model: scriptedModel([transferTo('Researcher'), { text: 'final report' }]),
    });
    const researcher = chatModelAgent({ name: 'Researcher', description: 'finds facts', model: scriptedModel([{ text: 'facts' }]) });
    const done = await new Runner({ agent: supervisor({ supervisor: boss, agents: [researcher] }) }).query('report');
    expect(done.events.map((e) => `${e.agentName}:${e.runPath.join('>')}`)).toEqual([
      'Boss:Boss',
      'Boss:Boss',
      'Researcher:Boss>Researcher',
      'Researcher:Boss>Researcher',
      'Researcher:Boss>Researcher',
      'Boss:Boss>Researcher>Boss',
    ]);
    expect(summarize(done.events).at(-1)).toBe('Boss [Boss,Researcher,Boss] | assistant: final report');
    const quitter = chatModelAgent({
      name: 'Quitter',
      description: '',
      exit: true,
      model: scriptedModel([{ toolCalls: [{ name: 'exit', arguments: { final_result: 'bye' } }] }]),
    });
    const boss2 = chatModelAgent({ name: 'Boss2', description: '', model: scriptedModel([transferTo('Quitter')]) });
    const ended = await new Runner({ agent: supervisor({ supervisor: boss2, agents: [quitter] }) }).query('go');
    expect(summarize(ended.events).at(-1)).toBe('Quitter [Boss2,Quitter] | tool exit: bye | EXIT');
  });
});

describe('the reference customer-support system', () => {
  function support(coordinatorScript: ScriptItem[], scripts: Record<string, ScriptItem[]>) {
    const mk = (name: string, description: string) => {
      const model = scriptedModel(scripts[name] ?? [], { name });
      return { agent: chatModelAgent({ name, description, model }), model };
    };
    const coordinator = chatModelAgent({ name: 'Coordinator', description: 'First contact.', model: scriptedModel(coordinatorScript) });
    const billing = mk('Billing', 'Charges, refunds and invoices.');
    const account = mk('Account', 'Logins and profiles.');
    const network = mk('Network', 'Connectivity problems.');
    const database = mk('Database', 'Slow or failing queries.');
    const auth = mk('Auth', 'Authentication errors.');
    const techModel = scriptedModel(scripts['Tech'] ?? [], { name: 'Tech' });
    const tech = withSubAgents(chatModelAgent({ name: 'Tech', description: 'Technical problems.', model: techModel }), [
      network.agent,
      database.agent,
      auth.agent,
    ]);
    return { agent: withSubAgents(coordinator, [billing.agent, tech, account.agent]), billing, database };
  }

  it('a duplicate charge goes coordinator → billing, and billing sees the full history', async () => {
    const sys = support([transferTo('Billing')], { Billing: [{ text: 'Refund issued for the duplicate charge.' }] });
    const done = await new Runner({ agent: sys.agent }).query('I was charged twice this month.');
    expect(done.events.map((e) => `${e.agentName}:${e.runPath.join('>')}`)).toEqual([
      'Coordinator:Coordinator',
      'Coordinator:Coordinator',
      'Billing:Coordinator>Billing',
    ]);
    expect(sys.billing.model.calls[0]!.messages.slice(1)).toEqual([
      { role: 'user', content: 'I was charged twice this month.' },
      { role: 'user', content: 'For context: [Coordinator] called tool: `transfer_to_agent` with arguments: {"agent_name":"Billing"}.' },
      {
        role: 'user',
        content: 'For context: [Coordinator] `transfer_to_agent` tool returned result: successfully transferred to agent [Billing].',
      },
    ]);
  });

  it('a slow query goes coordinator → tech → database', async () => {
    const sys = support([transferTo('Tech')], {
      Tech: [transferTo('Database', 't2')],
      Database: [{ text: 'Add an index on orders.created_at.' }],
    });
    const done = await new Runner({ agent: sys.agent }).query('My reports query takes 40 seconds.');
    expect(summarize(done.events).at(-1)).toBe('Database [Coordinator,Tech,Database] | assistant: Add an index on orders.created_at.');
    expect(done.events.filter((e) => e.action?.transferToAgent).map((e) => e.action!.transferToAgent!.destAgentName)).toEqual([
      'Tech',
      'Database',
    ]);
    const json = new Runner({ agent: sys.agent }).graph.toJSON();
    const techNode = json.nodes.find((n) => n.id === 'Tech')!;
    expect(techNode.annotations).toMatchObject({
      agentPath: ['Coordinator', 'Tech'],
      transferTargets: ['Network', 'Database', 'Auth', 'Coordinator'],
    });
  });
});

describe('planExecute', () => {
  it('plans, then executes and re-plans until the replanner exits with the final answer', async () => {
    const { planExecute } = await import('../index.ts');
    const planner = chatModelAgent({
      name: 'Planner',
      description: '',
      outputKey: 'plan',
      model: scriptedModel([{ text: '1. find flights 2. pick the cheapest' }]),
    });
    const executorModel = scriptedModel([{ text: 'found 3 flights' }, { text: 'cheapest is LH400' }], { name: 'executor' });
    const executor = chatModelAgent({ name: 'Executor', description: '', instruction: 'Plan: {plan}', model: executorModel });
    const replanner = chatModelAgent({
      name: 'Replanner',
      description: '',
      exit: true,
      model: scriptedModel([
        { text: 'remaining: 2. pick the cheapest' },
        { toolCalls: [{ name: 'exit', arguments: { final_result: 'Book LH400.' } }] },
      ]),
    });
    const done = await new Runner({ agent: planExecute({ planner, executor, replanner, maxIterations: 5 }) }).query('Find me a flight');
    expect(summarize(done.events)).toEqual([
      'Planner [PlanExecute,Planner] | assistant: 1. find flights 2. pick the cheapest',
      'Executor [PlanExecute,Planner,PlanExecuteLoop,Executor] | assistant: found 3 flights',
      'Replanner [PlanExecute,Planner,PlanExecuteLoop,Executor,Replanner] | assistant: remaining: 2. pick the cheapest',
      'Executor [PlanExecute,Planner,PlanExecuteLoop,Executor,Replanner,Executor] | assistant: cheapest is LH400',
      'Replanner [PlanExecute,Planner,PlanExecuteLoop,Executor,Replanner,Executor,Replanner] | assistant:  → exit({"final_result":"Book LH400."})',
      'Replanner [PlanExecute,Planner,PlanExecuteLoop,Executor,Replanner,Executor,Replanner] | tool exit: Book LH400. | EXIT',
    ]);
    expect(executorModel.calls[0]!.messages[0]).toEqual({ role: 'system', content: 'Plan: 1. find flights 2. pick the cheapest' });
    expect(() => planExecute({ planner, executor, replanner: executor })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});
