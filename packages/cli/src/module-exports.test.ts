/**
 * What weft takes from a module: an agent or a compiled graph, recognised by
 * what made it (not by a shape a tool or a look-alike object also has); a
 * tool is listed as a tool, which runs inside an agent. A module loaded as
 * CommonJS (a project made by `npm init -y`) says so, and what to change.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { agentTool, chatModelAgent, loop, parallel, planExecute, sequential, supervisor, tool } from '@weft/agents';
import { END, START, graph } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, bundleWeft, runBundled } from '../test-support/bundled-weft.ts';
import { FIXTURES, tempDir, weft } from '../test-support/spawn-weft.ts';
import { describeExport } from './describe-export.ts';
import { loadModule } from './load-module.ts';
import { runnableExport } from './runnable-export.ts';

const failure = (message: string, hint: string) => ({ code: 1, stdout: '', stderr: `weft: ${message}\nhint: ${hint}\n` });

describe('runnableExport and describeExport', () => {
  const model = scriptedModel([{ text: 'ok' }]);
  const a = chatModelAgent({ name: 'A', description: 'a', model });
  const b = chatModelAgent({ name: 'B', description: 'b', model });
  const note = tool({ name: 'note', description: 'Notes.', parameters: { type: 'object', properties: {} }, execute: () => 'noted' });

  it('every kind of agent, and a compiled graph, is runnable, under its own name', () => {
    const agents = [
      a,
      sequential({ name: 'Seq', description: 's', subAgents: [a, b] }),
      parallel({ name: 'Par', description: 'p', subAgents: [a, b] }),
      loop({ name: 'Loop', description: 'l', subAgents: [a], maxIterations: 2 }),
      supervisor({ supervisor: chatModelAgent({ name: 'Boss', description: 'boss', model }), agents: [a, b] }),
      planExecute({ planner: a, executor: b, replanner: chatModelAgent({ name: 'Re', description: 'r', model, exit: true }) }),
    ];
    expect(agents.map((agent) => [runnableExport(agent)?.kind, describeExport(agent)])).toEqual(
      agents.map((agent) => ['agent', `an agent (${agent.name})`]),
    );
    const compiled = graph<string, string>({ name: 'g' })
      .addNode('n', (x: string) => x)
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile();
    expect([runnableExport(compiled)?.kind, describeExport(compiled)]).toEqual(['graph', 'a compiled graph (g)']);
  });

  it('the parts of an agent are not runnable, and say what they are', () => {
    const toolset = { kind: 'toolset', name: 'server', tools: () => [note] };
    const parts = [note, agentTool(a), toolset];
    expect(parts.map((part) => [runnableExport(part), describeExport(part)])).toEqual([
      [undefined, 'a tool (note)'],
      [undefined, 'an agent tool (A)'],
      [undefined, 'a toolset (server)'],
    ]);
    // A workflow whose sub-agent is a tool is not an agent either.
    expect(runnableExport({ kind: 'sequential', name: 'S', description: 's', subAgents: [note] })).toBeUndefined();
  });
});

describe('the exports weft runs', () => {
  const cwd = realpathSync(tempDir());
  const TOOLS = join(FIXTURES, 'tool-module.ts');
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('a tool is listed as a tool, and --export of it is refused before anything runs', async () => {
    const hint = 'a tool runs inside an agent: give it to one (chatModelAgent({ …, tools: [bookFlight] })) and export the agent';
    expect(await weft(['run', TOOLS, '--query', 'to Lisbon'], cwd)).toEqual(
      failure(`${TOOLS} exports no agent or compiled graph as agent, graph, default; its exports: bookFlight (a tool (book_flight))`, hint),
    );
    expect(await weft(['run', TOOLS, '--query', 'to Lisbon', '--export', 'bookFlight'], cwd)).toEqual(
      failure(`export "bookFlight" of ${TOOLS} is a tool (book_flight), not an agent or a compiled graph`, hint),
    );
    await expect(loadModule(TOOLS, 'bookFlight')).rejects.toMatchObject({ code: 'EXPORT_NOT_USABLE' });
    // Nothing ran: no store was made.
    expect((await weft(['threads', '--json'], cwd)).stdout).toBe('{"threads":[]}\n');
  });

  it('an object that only looks like an agent or a graph is not taken for one', async () => {
    const file = join(cwd, 'look-alike.ts');
    writeFileSync(
      file,
      [
        "export const agent = { kind: 'chat-model', name: 'Fake' };",
        'export const graph = { name: "g", run() {}, resume() {}, withStore() {} };',
        '',
      ].join('\n'),
    );
    expect(await weft(['run', file, '--query', 'hi'], cwd)).toEqual(
      failure(
        `${file} exports no agent or compiled graph as agent, graph, default; its exports: agent (an object of kind "chat-model" that no agent function made), graph (an object)`,
        'export an Agent or a CompiledGraph (graph(…).compile()) and name it with --export <name>',
      ),
    );
    await expect(loadModule(file, 'agent')).rejects.toMatchObject({
      code: 'EXPORT_NOT_USABLE',
      message: `export "agent" of ${file} is an object of kind "chat-model" that no agent function made, not an agent or a compiled graph`,
    });
  });
});

/**
 * A project made by `npm init -y`: npm 11 writes `"type": "commonjs"`, so Node
 * loads its .ts files as CommonJS. An installed weft then sees the module's
 * exports as one default object (the workspace's binary does not: see bundleWeft).
 */
describe('a module loaded as CommonJS', () => {
  let bundle = '';
  let dir = '';
  const AGENT = `import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({ name: 'Greeter', description: 'Greets.', model: scriptedModel([{ text: 'Hello!' }]) });
`;
  /** The package.json \`npm init -y\` writes with npm 11, with \`type\` as given (absent when undefined). */
  const npmInit = (type: string | undefined) =>
    `${JSON.stringify(
      { name: 'app', version: '1.0.0', description: '', main: 'index.js', scripts: {}, keywords: [], author: '', license: 'ISC', type },
      null,
      2,
    )}\n`;

  beforeAll(async () => {
    bundle = await bundleWeft();
    mkdirSync(ARTIFACTS, { recursive: true });
    dir = join(mkdtempSync(join(ARTIFACTS, 'commonjs-')), 'app');
    mkdirSync(dir);
    writeFileSync(join(dir, 'agent.ts'), AGENT);
  });
  afterAll(() => {
    rmSync(join(dir, '..'), { recursive: true, force: true });
    rmSync(dirname(bundle), { recursive: true, force: true });
  });

  it('says it was loaded as CommonJS and what to change; with "type": "module" it runs', async () => {
    const file = join(dir, 'agent.ts');
    const pkg = join(dir, 'package.json');
    writeFileSync(pkg, npmInit('commonjs'));
    expect(await runBundled(bundle, ['run', 'agent.ts', '--query', 'hi', '--store', 'memory'], dir)).toEqual(
      failure(
        `${file} was loaded as CommonJS (${pkg} says "type": "commonjs"), so its exports reach weft as one default object: agent (an agent (Greeter))`,
        `set "type": "module" in ${pkg}, or rename the module to agent.mts`,
      ),
    );
    // No "type" at all: CommonJS too.
    writeFileSync(pkg, npmInit(undefined));
    expect((await runBundled(bundle, ['run', 'agent.ts', '--query', 'hi', '--store', 'memory'], dir)).stderr).toBe(
      `weft: ${file} was loaded as CommonJS (${pkg} has no "type"), so its exports reach weft as one default object: agent (an agent (Greeter))\n` +
        `hint: set "type": "module" in ${pkg}, or rename the module to agent.mts\n`,
    );
    // The change the hint names.
    writeFileSync(pkg, readFileSync(pkg, 'utf8').replace('"license": "ISC"', '"license": "ISC",\n  "type": "module"'));
    const run = await runBundled(bundle, ['run', 'agent.ts', '--query', 'hi', '--store', 'memory'], dir);
    expect([run.code, run.stderr, run.stdout.replace(/t-[0-9a-f]{8}/g, '<thread>')]).toEqual([
      0,
      '',
      'thread <thread> · agent Greeter · store memory\n[Greeter] Greeter\n  Hello!\n\ndone · thread <thread> · seq 3, step 2\n',
    ]);
  });
});
